// Where an output goes (internal to the writer, output_file.cpp): a path resolved as the kernel
// walks it, every link crossed judged by its owner, and classified as a regular file to replace or
// a node to write through (a device, a FIFO, /dev/stdout). The rules are those output_file.hpp
// states; this file finds and checks the place, output_file.cpp writes there.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mcsim::output_target {

// "doing: strerror(errno)", the form of every system error this writer reports.
std::string system_error(const std::string& doing);

// The longest file name the file systems mcsim writes to take (NAME_MAX on Linux).
constexpr std::size_t longest_file_name = 255;

// How a target is written.
enum class Way { replace, write_through };

struct Target {
  std::string given;     // as the user wrote it (for messages)
  std::filesystem::path file;         // the regular file to replace, or the node to write through
  Way way = Way::replace;
  bool open_file_link = false;  // file is /proc/PID/fd/N (or a link in /proc to one): opened by following it
  int own_fd = -1;  // file is /proc/<this process>/fd/N, open for writing: written through descriptor N itself
  bool present = false;  // a regular file is already there (classify's lstat): replacing it loses it
};

// What `path` reaches and how it is written; throws mcsim::Error "path: problem" for a path no
// output may take (empty, ending in '/', a directory, a link another user made, a link to nothing).
Target classify(const std::string& path);

// Every path classified; two naming one file are refused (the second would replace the first).
std::vector<Target> classify_all(const std::vector<std::string>& paths);

// Where a temporary file beside t.file would be made: the nearest existing ancestor must be a
// directory this process can create files (and directories) in. A target written through must
// open for writing now (a socket, a read-only device), except a FIFO: opening it would be seen by
// its reader. Creates nothing.
void check_place(const Target& t);

// The directory `dir` (absolute, as classify() made it), reached from "/" without following a
// link; an O_PATH descriptor the caller closes. With `made`, missing directories are made and
// collected (see the definition); without it a missing one is an error.
int open_checked_directory(const std::filesystem::path& dir, const std::string& given, std::vector<std::string>* made);

}  // namespace mcsim::output_target
