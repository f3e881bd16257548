#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <string_view>

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A header names the columns: its first field starts with a letter ("src,dst,bytes"). A line that
// starts with a digit or a sign is data, and is checked as data.
bool is_header(std::string_view line) {
  const char c = line.front();
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '"';
}

// Only a regular file is read: a directory, a FIFO or a device (/dev/zero) is refused before
// reading, so the reader never waits on a pipe or reads without end.
void require_regular_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0)
    throw Error(path, fmt::format("cannot open the matrix file: {}", std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) throw Error(path, "the matrix file is not a regular file");
}
}  // namespace

CommMatrix read_matrix_csv(const std::string& path, int nodes) {
  require_regular_file(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "cannot open the matrix file");
  std::vector<MatrixEntry> entries;
  std::string line;
  bool first_content = true;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = fmt::format("{}:{}", path, number);
    std::string_view text = line;
    if (number == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a UTF-8 byte-order mark
    text = trim(text);
    if (text.empty() || text.front() == '#') continue;
    const bool header = first_content && is_header(text);
    first_content = false;
    if (header) continue;
    const auto c1 = text.find(','), c2 = c1 == std::string_view::npos ? c1 : text.find(',', c1 + 1);
    if (c2 == std::string_view::npos || text.find(',', c2 + 1) != std::string_view::npos)
      throw Error(where, "expected 'src,dst,bytes' with non-negative integers");
    MatrixEntry e;
    constexpr std::int64_t int_max = std::numeric_limits<int>::max();
    e.src = static_cast<int>(parse_integer(trim(text.substr(0, c1)), where + " (src)", 0, int_max));
    e.dst = static_cast<int>(parse_integer(trim(text.substr(c1 + 1, c2 - c1 - 1)), where + " (dst)", 0, int_max));
    e.bytes = parse_unsigned(trim(text.substr(c2 + 1)), where + " (bytes)", 1, max_message_bytes);
    if (e.src >= nodes || e.dst >= nodes)
      throw Error(where, fmt::format("message {} -> {} does not fit the machine's nodes 0..{}", e.src, e.dst, nodes - 1));
    entries.push_back(e);
  }
  if (in.bad()) throw Error(path, "reading the matrix file failed");
  if (entries.empty()) throw Error(path, "the matrix file has no message (expected lines 'src,dst,bytes')");
  try {
    return CommMatrix(nodes, std::move(entries));
  } catch (const Error& e) {
    throw Error(path, e.what());
  }
}

}  // namespace mcsim
