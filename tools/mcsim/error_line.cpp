#include "error_line.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {
// The longest error line shown: an error may quote its input (a key, a path, a value), and a
// 50 MB key made a 50 MB line; what is cut is counted instead.
constexpr std::size_t longest_error_bytes = 2000;
}  // namespace

// A standard error that cannot be written loses the line; the exit status still says 2.
int report_error(const std::string& message) {
  std::string line = message;
  if (line.size() > longest_error_bytes) {
    std::size_t cut = longest_error_bytes;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    line = fmt::format("{} ... ({} more bytes not shown)", line.substr(0, cut), line.size() - cut);
  }
  while (!line.empty() && (line.back() == ' ' || line.back() == '\n' || line.back() == '\r')) line.pop_back();
  std::fflush(stdout);
  write_to_stderr("mcsim: error: " + shown(line, Lines::one) + "\n");
  return 2;
}

int finish_standard_output(int status) {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (flushed && !std::ferror(stdout)) return status;
  const int code = report_error(std::string("standard output: writing failed") +
                                (!flushed && errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
  return status != 0 ? status : code;
}

}  // namespace mcsim::cli
