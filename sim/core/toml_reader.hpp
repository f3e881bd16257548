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

// What a TOML input may be, checked before the parser sees the text (check_toml_bounds): toml++
// recurses once per part of a dotted key and per nested table, so a key of 50,000 parts (100 KB,
// within the size bound) overflowed its stack (exit 139). The bundled files use at most 4 parts,
// 3 levels and 471-byte lines.
namespace toml_bounds {
inline constexpr std::size_t key_parts = 64;    // dots of one line's keys (a key of 65 parts is refused)
inline constexpr std::size_t depth = 32;        // arrays and inline tables inside each other
inline constexpr std::size_t line_bytes = 65536;
}  // namespace toml_bounds

// Throws mcsim::Error "path:line: ..." for text beyond toml_bounds. Strings and comments are
// skipped; a number's one dot is not a key's.
void check_toml_bounds(std::string_view text, const std::string& path);

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
  // A sweep axis: integers() whose values differ (first_repeat.hpp says why).
  std::vector<std::int64_t> axis(const toml::node& node, const std::string& full, std::int64_t minimum,
                                 std::int64_t maximum = std::numeric_limits<int>::max()) const;
  // Throws "file:line (full): 'v' is listed twice" at the first value of the list `node` that repeats
  // one before it; `shown[k]` is what its item k means (its value, as compared and printed).
  void distinct(const toml::node& node, const std::vector<std::string>& shown, const std::string& full) const;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace mcsim
