#include "toml_reader.hpp"

#include <fmt/format.h>

#include "checked_number.hpp"
#include "error.hpp"
#include "input_file.hpp"

namespace mcsim {

toml::table parse_toml_file(const std::string& path, std::string_view what, std::uint64_t max_bytes) {
  const std::string text = read_input_file(path, what, max_bytes);
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

}  // namespace mcsim
