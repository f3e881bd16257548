#include "claim_files.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../core/input_file.hpp"
#include "../core/toml_reader.hpp"
#include "../output/html_report.hpp"

namespace mcsim {

namespace {

// A claim file is a few KiB; the scenario files' bound is ample.
constexpr std::uint64_t max_claim_file_bytes = max_scenario_file_bytes;

// The suffixes a table name may have: ID.csv (none), ID.points.csv, ID.sweep.csv, ID.agreement.csv.
const std::set<std::string> table_suffixes{"", "points", "sweep", "agreement"};

class ClaimReader {
 public:
  ClaimReader(const std::string& path, const KnownReproductions& known) : reader_(path), known_(known) {}

  std::vector<Claim> claims(const toml::table& file) {
    reader_.only_keys(file, "", {"paper", "claim"});
    paper_ = required(file, "paper", "");
    const toml::node* list = file.get("claim");
    if (!list || !list->is_array_of_tables()) throw Error(reader_.at("claim"), "expected [[claim]] tables");
    std::vector<Claim> claims;
    std::size_t k = 0;
    for (const auto& item : *list->as_array()) claims.push_back(claim(*item.as_table(), fmt::format("claim[{}]", k++)));
    return claims;
  }

 private:
  Claim claim(const toml::table& t, const std::string& key) {
    reader_.only_keys(t, key, {"id", "cite", "statement", "check", "unchecked"});
    Claim c;
    c.paper = paper_;
    c.id = required(t, "id", key);
    c.cite = required(t, "cite", key);
    c.statement = required(t, "statement", key);
    c.unchecked = reader_.string(t, "unchecked", key + ".unchecked", false);
    if (const toml::node* checks = t.get("check")) {
      if (!checks->is_array_of_tables()) throw Error(reader_.at(*checks, key + ".check"), "expected [[claim.check]] tables");
      std::size_t j = 0;
      for (const auto& item : *checks->as_array())
        c.checks.push_back(check(*item.as_table(), fmt::format("{}.check[{}]", key, j++)));
    }
    if (c.checks.empty() && c.unchecked.empty())
      throw Error(reader_.at(t, key), fmt::format("claim {} has no check and no 'unchecked' reason", c.id));
    check_readings(c, t, key);
    return c;
  }

  // Every reading of the claim has one main statement: the only check, or the one marked main.
  void check_readings(const Claim& c, const toml::table& t, const std::string& key) const {
    if (c.checks.empty()) return;
    const bool named = !c.checks.front().reading.empty();
    std::vector<std::string> readings;
    for (std::size_t k = 0; k < c.checks.size(); ++k) {
      const ClaimCheck& check = c.checks[k];
      if (check.reading.empty() == named)
        throw Error(check.where, fmt::format("claim {}: give every check a 'reading' or none", c.id));
      if (std::find(readings.begin(), readings.end(), check.reading) == readings.end())
        readings.push_back(check.reading);
    }
    for (const auto& reading : readings) {
      std::size_t checks = 0, main = 0;
      for (const auto& check : c.checks)
        if (check.reading == reading) checks += 1, main += check.main ? 1 : 0;
      const std::string of = reading.empty() ? "" : fmt::format(" (reading '{}')", reading);
      if (checks > 1 && main != 1)
        throw Error(reader_.at(t, key), fmt::format("claim {}{} has {} checks and {} marked main = true: mark the "
                                                    "one its main statement is",
                                                    c.id, of, checks, main));
    }
  }

  std::vector<std::string> strings(const toml::node& node, const std::string& key) const {
    std::vector<std::string> out;
    if (auto s = node.value<std::string>()) return {*s};
    const auto* array = node.as_array();
    if (!array || array->empty()) throw Error(reader_.at(node, key), "expected a string or a non-empty list of strings");
    for (const auto& item : *array) {
      const auto s = item.value<std::string>();
      if (!s) throw Error(reader_.at(item, key), "expected a string");
      out.push_back(*s);
    }
    return out;
  }

  std::string text(const toml::table& t, const std::string& name, const std::string& key, std::string fallback = {}) {
    return reader_.string(t, name, key + "." + name, false, std::move(fallback));
  }

  std::optional<double> number(const toml::table& t, const std::string& name, const std::string& key) const {
    const toml::node* node = t.get(name);
    if (!node) return std::nullopt;
    return reader_.number(*node, key + "." + name);
  }

  std::pair<double, double> pair(const toml::node& node, const std::string& key) const {
    const auto* array = node.as_array();
    if (!array || array->size() != 2) throw Error(reader_.at(node, key), "expected [low, high]");
    const double low = reader_.number(*array->get(0), key), high = reader_.number(*array->get(1), key);
    if (low > high) throw Error(reader_.at(node, key), "low is above high");
    return {low, high};
  }

  // "ranka92-table1.points": a table of reproduction ranka92-table1 (ranka92-table1.points.csv).
  void check_table(const std::string& name, const toml::node& node, const std::string& key) const {
    const std::string id = name.substr(0, name.find('.'));
    const std::string suffix = name.find('.') == std::string::npos ? "" : name.substr(name.find('.') + 1);
    const auto found = known_.find(id);
    if (found == known_.end())
      throw Error(reader_.at(node, key), fmt::format("no reproduction '{}' (mcsim list experiments)", id));
    if (!table_suffixes.contains(suffix))
      throw Error(reader_.at(node, key), fmt::format("'{}': a table is ID, ID.points, ID.sweep or ID.agreement", name));
    if (found->second != paper_)
      throw Error(reader_.at(node, key),
                  fmt::format("reproduction '{}' belongs to {}, not to this file's paper {}", id, found->second, paper_));
  }

  ClaimCheck check(const toml::table& t, const std::string& key) {
    const std::string kind = required(t, "kind", key);
    static const std::set<std::string> common{"kind",   "what",      "tables", "where",   "range",       "cell",
                                              "series", "value",     "main",   "reading", "paper_value", "relative_to",
                                              "if_absent"};
    static const std::map<std::string, std::set<std::string>> own{
        {"order", {"levels", "tolerance"}},
        {"bound", {"of", "over", "at_least", "at_most"}},
        {"equal", {"against", "tolerance"}},
        {"match", {"column", "equals"}},
        {"trend", {"of", "over", "direction", "strict", "step_ratio", "baseline"}},
        {"linear", {"x", "y", "group", "min_r2"}}};
    const auto kind_keys = own.find(kind);
    if (kind_keys == own.end())
      throw Error(reader_.at(*t.get("kind"), key + ".kind"),
                  fmt::format("unknown check kind '{}' (kinds: bound, equal, linear, match, order, trend)", kind));
    std::set<std::string> allowed = common;
    allowed.insert(kind_keys->second.begin(), kind_keys->second.end());
    reader_.only_keys(t, key, allowed);

    ClaimCheck c;
    c.where = reader_.at(t, key);
    c.what = text(t, "what", key);
    c.if_absent = text(t, "if_absent", key);
    const toml::node* tables = t.get("tables");
    if (!tables) throw Error(reader_.at(t, key + ".tables"), "missing required key");
    c.rows.tables = strings(*tables, key + ".tables");
    for (const auto& name : c.rows.tables) check_table(name, *tables, key + ".tables");
    if (const auto* where = t.get("where")) {
      if (!where->is_table()) throw Error(reader_.at(*where, key + ".where"), "expected { column = \"text\", ... }");
      for (const auto& [column, node] : *where->as_table())
        c.rows.where.emplace_back(std::string(column.str()), strings(node, key + ".where." + std::string(column.str())));
    }
    if (const auto* range = t.get("range")) {
      if (!range->is_table()) throw Error(reader_.at(*range, key + ".range"), "expected { column = [low, high], ... }");
      for (const auto& [column, node] : *range->as_table())
        c.rows.range.emplace_back(std::string(column.str()), pair(node, key + ".range." + std::string(column.str())));
    }
    // A line's points are rows, not cells of series: it names no cell or series column unless told.
    const bool line = kind == "linear";
    if (line) c.rows.cell_columns.clear();
    if (const auto* cell = t.get("cell")) c.rows.cell_columns = strings(*cell, key + ".cell");
    c.rows.series_column = text(t, "series", key, line ? "" : "series");
    const bool reads_value = kind != "match" && kind != "linear";
    c.rows.value_column = reads_value ? text(t, "value", key, "mcsim") : "";
    if (!reads_value && t.get("value"))
      throw Error(reader_.at(*t.get("value"), key + ".value"), fmt::format("a {} check reads no value column", kind));

    if (kind == "order") c.kind = order(t, key);
    if (kind == "bound") c.kind = bound(t, key, c);
    if (kind == "equal") {
      const EqualCheck e{text(t, "against", key, "paper"), number(t, "tolerance", key).value_or(1e-3)};
      if (e.tolerance < 0) throw Error(reader_.at(*t.get("tolerance"), key + ".tolerance"), "below 0");
      c.kind = e;
    }
    if (kind == "match") c.kind = MatchCheck{required(t, "column", key), required(t, "equals", key)};
    if (kind == "trend") c.kind = trend(t, key, c);
    if (kind == "linear") c.kind = linear(t, key);

    c.main = flag(t, "main", key);
    c.reading = text(t, "reading", key);
    if (const auto* relative = t.get("relative_to")) {
      if (!relative->is_table() || relative->as_table()->size() != 1 || !reads_value)
        throw Error(reader_.at(*relative, key + ".relative_to"),
                    "expected { column = \"text\" } on a check that reads a value column");
      const toml::table& pair = *relative->as_table();
      const auto first = pair.cbegin();
      const auto text = first->second.value<std::string>();
      if (!text) throw Error(reader_.at(first->second, key + ".relative_to"), "expected a string");
      c.rows.relative_to = std::pair(std::string(first->first.str()), *text);
    }
    // The paper's own score: the same rows' "paper" column, for the kinds that compare values of a
    // simulated column (an equal check against the paper would judge the paper on itself).
    const bool compares = kind == "order" || kind == "bound" || kind == "trend";
    c.paper_column = text(t, "paper_value", key, compares && c.rows.value_column == "mcsim" ? "paper" : "");
    if (t.get("paper_value") && !reads_value)
      throw Error(reader_.at(*t.get("paper_value"), key + ".paper_value"),
                  fmt::format("a {} check reads no value column", kind));
    if (const auto* equal = std::get_if<EqualCheck>(&c.kind); equal && equal->against == c.paper_column)
      throw Error(reader_.at(*t.get("paper_value"), key + ".paper_value"),
                  "the paper's value judged against itself cannot fail");
    if (const auto why = why_it_cannot_fail(c))
      throw Error(c.where, fmt::format("this check cannot fail ({}): state what would make the claim false", *why));
    return c;
  }

  // A required string of table `t` (key: the table's own key, "" at the top of the file): a missing
  // one is reported at the line of the table that lacks it, as the machine files' errors are.
  std::string required(const toml::table& t, const std::string& name, const std::string& key) const {
    const std::string full = key.empty() ? name : key + "." + name;
    if (!t.get(name)) throw Error(reader_.at(t, full), "missing required key");
    return reader_.string(t, name, full, true);
  }

  OrderCheck order(const toml::table& t, const std::string& key) const {
    OrderCheck o;
    const toml::node* levels = t.get("levels");
    if (!levels || !levels->is_array() || levels->as_array()->size() < 2)
      throw Error(levels ? reader_.at(*levels, key + ".levels") : reader_.at(key + ".levels"),
                  "expected a list of at least two series (or lists of series), lowest first");
    for (const auto& level : *levels->as_array()) o.levels.push_back(strings(level, key + ".levels"));
    o.tolerance = number(t, "tolerance", key).value_or(0);
    if (o.tolerance < 0) throw Error(reader_.at(*t.get("tolerance"), key + ".tolerance"), "below 0");
    return o;
  }

  // A ratio or a series needs a series column; without one every row stands alone.
  void check_series(const ClaimCheck& c, const std::string& of, const std::string& over, const toml::table& t,
                    const std::string& key, bool of_required) const {
    if (c.rows.series_column.empty() && (!of.empty() || !over.empty()))
      throw Error(reader_.at(t, key), "'of' and 'over' name series: give 'series' a column");
    if (!over.empty() && of.empty()) throw Error(reader_.at(t, key + ".over"), "'over' needs 'of'");
    if (of_required && of.empty() && !c.rows.series_column.empty())
      throw Error(reader_.at(t, key + ".of"), "missing required key (or series = \"\" when rows stand alone)");
  }

  BoundCheck bound(const toml::table& t, const std::string& key, const ClaimCheck& c) const {
    BoundCheck b{text_of(t, "of", key), text_of(t, "over", key), number(t, "at_least", key), number(t, "at_most", key)};
    if (!b.at_least && !b.at_most) throw Error(reader_.at(t, key), "a bound needs at_least, at_most or both");
    if (b.at_least && b.at_most && *b.at_least > *b.at_most) throw Error(reader_.at(t, key), "at_least is above at_most");
    check_series(c, b.of, b.over, t, key, false);
    return b;
  }

  TrendCheck trend(const toml::table& t, const std::string& key, const ClaimCheck& c) const {
    TrendCheck r{text_of(t, "of", key), text_of(t, "over", key), true, false, std::nullopt};
    const std::string direction = required(t, "direction", key);
    if (direction != "rising" && direction != "falling")
      throw Error(reader_.at(*t.get("direction"), key + ".direction"), "expected \"rising\" or \"falling\"");
    r.rising = direction == "rising";
    r.strict = flag(t, "strict", key);
    if (const auto* ratio = t.get("step_ratio")) r.step_ratio = pair(*ratio, key + ".step_ratio");
    r.baseline = number(t, "baseline", key);
    // A trend of a ratio is a trend of an effect: it needs the value of no effect to be signed.
    if (!r.over.empty() && !r.baseline)
      throw Error(reader_.at(t, key + ".baseline"),
                  "a trend of a ratio needs its baseline (1: no effect), so that a shrinking loss is no growing gain");
    check_series(c, r.of, r.over, t, key, true);
    return r;
  }

  LinearCheck linear(const toml::table& t, const std::string& key) const {
    LinearCheck l{required(t, "x", key), required(t, "y", key), {}, number(t, "min_r2", key).value_or(0.95)};
    if (!(l.min_r2 >= 0 && l.min_r2 <= 1))  // r^2 lies in [0, 1]: 5 made every line fail
      throw Error(reader_.at(*t.get("min_r2"), key + ".min_r2"), fmt::format("{} is not within 0 to 1", l.min_r2));
    if (const auto* group = t.get("group")) l.group_columns = strings(*group, key + ".group");
    return l;
  }

  bool flag(const toml::table& t, const std::string& name, const std::string& key) const {
    const toml::node* node = t.get(name);
    if (!node) return false;
    const auto b = node->value<bool>();
    if (!b) throw Error(reader_.at(*node, key + "." + name), "expected true or false");
    return *b;
  }

  std::string text_of(const toml::table& t, const std::string& name, const std::string& key) const {
    return reader_.string(t, name, key + "." + name, false);
  }

  Reader reader_;
  const KnownReproductions& known_;
  std::string paper_;
};

}  // namespace

KnownReproductions known_reproductions(const std::vector<Scenario>& scenarios) {
  KnownReproductions known;
  for (const auto& scenario : scenarios) known.emplace(header(scenario).id, paper_of(header(scenario)));
  return known;
}

std::vector<Claim> read_claim_file(const std::string& path, const KnownReproductions& known) {
  const toml::table file = parse_toml_file(path, "the claim file", max_claim_file_bytes);
  return ClaimReader(path, known).claims(file);
}

std::vector<Claim> read_claim_files(const std::string& directory, const KnownReproductions& known) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code error;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == ".toml") files.push_back(it->path());
  if (error) throw Error(directory, fmt::format("cannot read the directory of claim files: {}", error.message()));
  // A directory without claim files (a mistyped --claims) judged nothing and said all was well.
  if (files.empty()) throw Error(directory, "holds no claim files (*.toml)");
  std::sort(files.begin(), files.end());
  std::vector<Claim> claims;
  std::map<std::string, std::string> first_file;  // claim id -> file
  for (const auto& file : files) {
    for (auto& claim : read_claim_file(file.string(), known)) {
      const auto [at, added] = first_file.emplace(claim.id, file.string());
      if (!added)
        throw Error(file.string(), fmt::format("claim {} is given twice (first in {})", claim.id, at->second));
      claims.push_back(std::move(claim));
    }
  }
  // In the order of the ids (C000-1 ... C004-5: the papers' order), whatever the files are called.
  std::stable_sort(claims.begin(), claims.end(), [](const Claim& a, const Claim& b) { return a.id < b.id; });
  return claims;
}

}  // namespace mcsim
