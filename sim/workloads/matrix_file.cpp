#include <charconv>
#include <fstream>
#include <string_view>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  text = trim(text);
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}
}  // namespace

CommMatrix read_matrix_csv(const std::string& path, int nodes) {
  std::ifstream in(path);
  if (!in) throw Error(path, "cannot open the matrix file");
  std::vector<MatrixEntry> entries;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = fmt::format("{}:{}", path, number);
    std::string_view text = trim(line);
    if (text.empty() || text.front() == '#') continue;
    if (number == 1 && text.find_first_of("0123456789") != 0) continue;  // a header line
    const auto c1 = text.find(','), c2 = c1 == std::string_view::npos ? c1 : text.find(',', c1 + 1);
    MatrixEntry e;
    if (c2 == std::string_view::npos || text.find(',', c2 + 1) != std::string_view::npos ||
        !parse_number(text.substr(0, c1), e.src) || !parse_number(text.substr(c1 + 1, c2 - c1 - 1), e.dst) ||
        !parse_number(text.substr(c2 + 1), e.bytes))
      throw Error(where, "expected 'src,dst,bytes' with non-negative integers");
    if (e.src < 0 || e.src >= nodes || e.dst < 0 || e.dst >= nodes)
      throw Error(where, fmt::format("message {} -> {} does not fit the machine's nodes 0..{}", e.src, e.dst, nodes - 1));
    entries.push_back(e);
  }
  try {
    return CommMatrix(nodes, std::move(entries));
  } catch (const Error& e) {
    throw Error(path, e.what());
  }
}

}  // namespace mcsim
