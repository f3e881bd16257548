#include "toml_reader.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "checked_number.hpp"
#include "error.hpp"
#include "first_repeat.hpp"
#include "input_file.hpp"

namespace mcsim {

namespace {

// A bare token of a line ("a.b.c", "1.5", "2024-01-01T00:00:00.5"): its dots part a key, except
// the one dot of a number.
std::size_t key_dots_in(std::string_view token) {
  const auto dots = static_cast<std::size_t>(std::count(token.begin(), token.end(), '.'));
  const bool number = !token.empty() && (std::isdigit(static_cast<unsigned char>(token.front())) != 0 ||
                                         token.front() == '+' || token.front() == '-');
  return number && dots == 1 ? 0 : dots;
}

bool is_bare(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-' || c == '+' || c == '.' || c == ':';
}

}  // namespace

void check_toml_bounds(std::string_view text, const std::string& path) {
  enum class In { value, basic, literal, multi_basic, multi_literal, comment };
  In in = In::value;
  std::size_t line = 1, line_start = 0, dots = 0, depth = 0, token_start = std::string_view::npos;
  const auto where = [&] { return fmt::format("{}:{}", path, line); };
  const auto end_token = [&](std::size_t at) {
    if (token_start == std::string_view::npos) return;
    dots += key_dots_in(text.substr(token_start, at - token_start));
    token_start = std::string_view::npos;
    if (dots >= toml_bounds::key_parts)  // n dots part a key into n + 1
      throw Error(where(), fmt::format("a key of more than {} dotted parts", toml_bounds::key_parts));
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      if (in == In::value) end_token(i);
      if (i - line_start > toml_bounds::line_bytes)
        throw Error(where(), fmt::format("a line longer than {} bytes", toml_bounds::line_bytes));
      ++line, line_start = i + 1, dots = 0;
      if (in == In::comment || in == In::basic || in == In::literal) in = In::value;  // (the parser reports an open string)
      continue;
    }
    switch (in) {
      case In::comment: break;
      case In::basic:
        if (c == '\\') ++i;
        else if (c == '"') in = In::value;
        break;
      case In::literal:
        if (c == '\'') in = In::value;
        break;
      case In::multi_basic:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i;
        else if (text.substr(i, 3) == R"(""")") in = In::value, i += 2;
        break;
      case In::multi_literal:
        if (text.substr(i, 3) == "'''") in = In::value, i += 2;
        break;
      case In::value:
        if (is_bare(c)) {
          if (token_start == std::string_view::npos) token_start = i;
          break;
        }
        end_token(i);
        if (c == '#') in = In::comment;
        else if (c == '"') in = text.substr(i, 3) == R"(""")" ? (i += 2, In::multi_basic) : In::basic;
        else if (c == '\'') in = text.substr(i, 3) == "'''" ? (i += 2, In::multi_literal) : In::literal;
        else if (c == '[' || c == '{') {
          if (++depth > toml_bounds::depth)
            throw Error(where(), fmt::format("arrays or tables nested more than {} deep", toml_bounds::depth));
        } else if ((c == ']' || c == '}') && depth > 0) {
          --depth;
        }
        break;
    }
  }
  if (in == In::value) end_token(text.size());
  if (text.size() - line_start > toml_bounds::line_bytes)
    throw Error(where(), fmt::format("a line longer than {} bytes", toml_bounds::line_bytes));
}

toml::table parse_toml_file(const std::string& path, std::string_view what, std::uint64_t max_bytes) {
  const std::string text = read_input_file(path, what, max_bytes);
  check_toml_bounds(text, path);
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source();
    if (where.begin.line == 0) throw Error(path, std::string(e.description()));
    throw Error(fmt::format("{}:{}:{}", path, where.begin.line, where.begin.column),
                fmt::format("malformed TOML: {}", e.description()));
  }
}

std::string Reader::at(const toml::node& node, const std::string& key) const {
  const auto& source = node.source();
  const std::string& file = source.path ? *source.path : path_;
  if (source.begin.line > 0) return fmt::format("{}:{} ({})", file, source.begin.line, key);
  return fmt::format("{} ({})", file, key);
}

std::string Reader::at(const std::string& key) const { return fmt::format("{} ({})", path_, key); }

void Reader::only_keys(const toml::table& table, const std::string& name, std::set<std::string> allowed) const {
  for (const auto& [key, value] : table)
    if (!allowed.contains(std::string(key.str())))
      throw Error(at(value, name.empty() ? std::string(key.str()) : name + "." + std::string(key.str())),
                  fmt::format("unknown key '{}' (allowed here: {})", key.str(), fmt::join(allowed, ", ")));
}

std::string Reader::string(const toml::table& table, const std::string& key, const std::string& full, bool required,
                           std::string fallback) const {
  const toml::node* node = table.get(key);
  if (!node) {
    if (required) throw Error(at(full), "missing required key");
    return fallback;
  }
  if (auto v = node->value<std::string>()) return *v;
  throw Error(at(*node, full), "expected a string");
}

std::int64_t Reader::integer(const toml::node& node, const std::string& full) const {
  if (auto v = node.value_exact<std::int64_t>()) return *v;
  throw Error(at(node, full), "expected an integer");
}

double Reader::number(const toml::node& node, const std::string& full) const {
  if (auto v = node.value<double>()) {
    check_finite(*v, at(node, full));
    return *v;
  }
  throw Error(at(node, full), "expected a number");
}

std::vector<std::int64_t> Reader::integers(const toml::node& node, const std::string& full, std::int64_t minimum,
                                           std::int64_t maximum) const {
  std::vector<std::int64_t> values;
  if (const auto* array = node.as_array()) {
    for (const auto& item : *array) values.push_back(integer(item, full));
    if (values.empty()) throw Error(at(node, full), "the list is empty");
  } else {
    values.push_back(integer(node, full));
  }
  for (auto v : values)
    if (v < minimum) throw Error(at(node, full), fmt::format("value {} is below {}", v, minimum));
  for (auto v : values) check_integer_range(v, at(node, full), minimum, maximum);
  return values;
}

std::vector<std::int64_t> Reader::axis(const toml::node& node, const std::string& full, std::int64_t minimum,
                                       std::int64_t maximum) const {
  std::vector<std::int64_t> values = integers(node, full, minimum, maximum);
  std::vector<std::string> shown;
  shown.reserve(values.size());
  for (auto v : values) shown.push_back(fmt::format("{}", v));
  distinct(node, shown, full);
  return values;
}

void Reader::distinct(const toml::node& node, const std::vector<std::string>& shown, const std::string& full) const {
  const auto k = first_repeat(shown);
  if (!k) return;
  const auto* array = node.as_array();
  const toml::node* item = array && *k < array->size() ? array->get(*k) : &node;
  throw Error(at(*item, full), fmt::format("'{}' is listed twice", shown[*k]));
}

}  // namespace mcsim
