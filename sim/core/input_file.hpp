// Reading a file that came from outside (a scenario, a matrix file, task and shard files): each is
// untrusted data. Only a regular file is read: a FIFO in its place would make open() wait for a
// writer for ever, a device (/dev/zero) would be read without end, a directory is no file. The
// file is opened without waiting (O_NONBLOCK), and what was opened is judged (fstat of the open
// descriptor, so no other file can be put in its place between the check and the read); no more
// than a stated size is ever read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mcsim {

// Size limits of the inputs, with the reason for each number (a bound, not a typical size).
// A scenario file: the bundled ones are under 3 KiB; 1 MiB leaves room for long paper tables.
inline constexpr std::uint64_t max_scenario_file_bytes = 1ull << 20;
// A matrix file: 256 MiB is about 16 million lines "src,dst,bytes" (all pairs of 4,096 nodes),
// more than any machine size the work bound (work_estimate.hpp) lets run by default.
inline constexpr std::uint64_t max_matrix_file_bytes = 256ull << 20;
// A record of task results (run.txt, or task-B-K.txt: one task's results, a few KiB); a shard
// file's bound is shard_file.hpp's max_shard_file_bytes.
inline constexpr std::uint64_t max_task_file_bytes = 64ull << 20;

// The whole content of the regular file at `path`. Throws mcsim::Error "PATH: ..." (one line,
// `what` naming the file, e.g. "the scenario file") when it cannot be opened, is not a regular file
// (a directory, FIFO, socket or device, also behind a symbolic link), or holds more than
// `max_bytes` (checked before reading, and again while reading, should it grow).
std::string read_input_file(const std::string& path, std::string_view what, std::uint64_t max_bytes);

}  // namespace mcsim
