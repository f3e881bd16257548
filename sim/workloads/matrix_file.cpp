#include <algorithm>
#include <limits>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/input_file.hpp"
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

}  // namespace

CommMatrix read_matrix_csv(const std::string& path, int nodes) {
  const std::string content = read_input_file(path, "the matrix file", max_matrix_file_bytes);
  std::vector<MatrixEntry> entries;
  std::map<std::pair<int, int>, int> line_of;  // a message's (src, dst) -> its line
  bool first_content = true;
  std::size_t start = 0;
  for (int number = 1; start < content.size(); ++number) {
    const std::size_t end = std::min(content.find('\n', start), content.size());
    std::string_view text = std::string_view(content).substr(start, end - start);
    start = end + 1;
    const std::string where = fmt::format("{}:{}", path, number);
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
    // Said here with the line (CommMatrix says so too, but of the whole file: "m.csv: matrix:
    // message 0 -> 1 appears twice" named no line, nor which two).
    if (e.src == e.dst) throw Error(where, fmt::format("message {} -> {} is sent to itself", e.src, e.dst));
    if (const auto [it, added] = line_of.emplace(std::pair(e.src, e.dst), number); !added)
      throw Error(where, fmt::format("message {} -> {} is also on line {}", e.src, e.dst, it->second));
    entries.push_back(e);
  }
  if (entries.empty()) throw Error(path, "the matrix file has no message (expected lines 'src,dst,bytes')");
  try {
    return CommMatrix(nodes, std::move(entries));
  } catch (const Error& e) {
    throw Error(path, e.what());
  }
}

}  // namespace mcsim
