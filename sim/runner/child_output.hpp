// What a child process (a simulation task, gnuplot) wrote to an anonymous file, and the one line
// of it that tells a user why the child failed.
#pragma once

#include <string>
#include <string_view>

namespace mcsim {

// The whole content of the file open at `fd`, read from its start.
std::string read_from_start(int fd);

// One line of a failed child's output, control characters blanked, at most 300 characters: the
// first line marked as an error (SimGrid's "CRITICAL", "error", "terminate called"; the lines
// after it are a backtrace), else the last line that says something. Empty if nothing was said.
// Sanitizer notes are not the child's words and are passed over.
std::string failure_line(const std::string& output);

// A line AddressSanitizer writes in every simulation process of a sanitizer build (the debug
// preset): SimGrid's context switches make it warn about __asan_handle_no_return, in three lines
// whose second says "False positive error reports may follow". Nothing the child said.
bool is_sanitizer_note(std::string_view line);

}  // namespace mcsim
