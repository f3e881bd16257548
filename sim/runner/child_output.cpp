#include "child_output.hpp"

#include <unistd.h>

#include <cerrno>

namespace mcsim {

std::string read_from_start(int fd) {
  std::string text;
  ::lseek(fd, 0, SEEK_SET);
  char buffer[65536];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

std::string failure_line(const std::string& output) {
  std::string chosen, last;
  std::size_t start = 0;
  while (start < output.size()) {
    auto end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    std::string line = output.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r^") == std::string::npos || is_sanitizer_note(line)) continue;
    last = line;
    if (chosen.empty() && (line.find("CRITICAL") != std::string::npos || line.find("rror") != std::string::npos ||
                           line.find("terminate called") != std::string::npos))
      chosen = line;
  }
  std::string line = chosen.empty() ? last : chosen;
  for (char& c : line)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  if (line.size() > 300) line = line.substr(0, 300) + "...";
  return line;
}

bool is_sanitizer_note(std::string_view line) {
  return (line.starts_with("==") &&
          line.find("WARNING: ASan is ignoring requested __asan_handle_no_return") != std::string_view::npos) ||
         line == "False positive error reports may follow" ||
         line == "For details see https://github.com/google/sanitizers/issues/189";
}

}  // namespace mcsim
