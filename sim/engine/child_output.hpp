// What a child process (a simulation task, gnuplot) wrote to an anonymous file, and the one line
// of it that tells a user why the child failed.
#pragma once

#include <string>

namespace mcsim {

// The whole content of the file open at `fd`, read from its start.
std::string read_from_start(int fd);

// One line of a failed child's output, control characters blanked, at most 300 characters: the
// first line marked as an error (SimGrid's "CRITICAL", "error", "terminate called"; the lines
// after it are a backtrace), else the last line that says something. Empty if nothing was said.
std::string failure_line(const std::string& output);

}  // namespace mcsim
