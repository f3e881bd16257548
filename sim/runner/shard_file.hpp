// A shard's results in one file, and merging the files of all shards of a run.
//
// File NAME.shard-K-of-N.txt (NAME: the stem of the CSV a one-machine run would write):
//
//   mcsim shard results
//   <the run's identity: version, command, inputs (run_identity.hpp)>
//   shard K N
//   tasks T                 (the length of the run's task list)
//   task k BYTES            (one per task of this shard, k = K, K+N, ..., in order)
//   <BYTES bytes: the task's result text>
//   end HASH                (FNV-1a of everything before this line)
//
// A shard file is data from whoever could write the directory: it supplies task results and
// nothing else. Its recorded identity is only compared with the identity of the run that asks
// for the results (never run, never used to name a file), and every number in it is bounded by
// the file's own bytes before anything is allocated. The checksum catches accidents (a truncated
// or mixed-up file), not forgery: the results themselves are checked by the run that reads them
// (task_store.hpp's run_scenario_tasks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "run_identity.hpp"

namespace mcsim {

struct ShardFile {
  RunIdentity identity;
  std::size_t shard = 0, shards = 1, task_count = 0;
  std::map<std::size_t, std::string> results;  // task -> result text
};

// Shards are numbered as Slurm's array indices, at most this many (parse_shard, read_shard_file).
inline constexpr std::size_t max_shards = 100000;
// No shard file is read beyond this size (1 GiB): a task's result takes about 65 bytes a job
// (tiny.toml: 8 jobs in 520 bytes), so a shard of 10^5 tasks of 100 jobs each stays below it.
inline constexpr std::uintmax_t max_shard_file_bytes = std::uintmax_t{1} << 30;

std::string shard_file_name(const std::string& stem, std::size_t shard, std::size_t shards);
std::string shard_file_text(const ShardFile& file);
// Throws mcsim::Error(path, ...) for a file that is not a complete, consistent shard file.
ShardFile read_shard_file(const std::string& path);

struct MergedShards {
  std::size_t task_count = 0, files = 0;
  std::map<std::size_t, std::string> results;  // every task 0..task_count-1
  std::map<std::size_t, std::string> source;   // task -> the file that held its result
};

// The shards of the run `wanted` among the NAME.shard-K-of-N.txt files of `directory` (shards of
// other runs beside them are left alone). Throws mcsim::Error for none of this run (naming what
// differs in one that is there), a damaged file, a task in two files (a shard given twice, or
// shards of different N) and a missing shard.
MergedShards merge_shards(const std::string& directory, const RunIdentity& wanted);

}  // namespace mcsim
