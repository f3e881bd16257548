// Reading TOML input files (scenarios, machine files) with one-line errors "file:line (key): what":
// the parse itself, and a Reader whose helpers name the key and the line of every problem. Every
// file read here is untrusted: it is read through read_input_file (regular files, size bound).
#pragma once

#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace mcsim {

// The TOML document in the regular file at `path` (`what` names it in errors, e.g. "the scenario
// file"), at most `max_bytes`. A TOML syntax error becomes mcsim::Error "path:line:column:
// malformed TOML: ...".
toml::table parse_toml_file(const std::string& path, std::string_view what, std::uint64_t max_bytes);

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  // "file:line (key)": the file the node was parsed from (this reader's file unless the node came
  // from another one), and its line when it has one.
  std::string at(const toml::node& node, const std::string& key) const;
  std::string at(const std::string& key) const;

  // Throws for a key of `table` not in `allowed`, naming the allowed ones. `name` is the table's
  // full key ("" at the top).
  void only_keys(const toml::table& table, const std::string& name, std::set<std::string> allowed) const;

  std::string string(const toml::table& table, const std::string& key, const std::string& full, bool required,
                     std::string fallback = {}) const;
  std::int64_t integer(const toml::node& node, const std::string& full) const;
  double number(const toml::node& node, const std::string& full) const;
  // An integer or a list of integers (a sweep axis), each in minimum..maximum.
  std::vector<std::int64_t> integers(const toml::node& node, const std::string& full, std::int64_t minimum,
                                     std::int64_t maximum = std::numeric_limits<int>::max()) const;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace mcsim
