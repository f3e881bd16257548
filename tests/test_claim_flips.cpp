// No check in scenarios/claims/ passes on data built to break it (issue 48): for every check of
// every claim file, rows built from the check's own selection that satisfy it make it hold, and the
// same rows with the values turned against it make it fail. One test per claim file; a check these
// rows cannot break (C000-8's old "AC >= 0") is refused when its file is read.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sim/analysis/claims.hpp"
#include "sim/output/html_report.hpp"
#include "sim/scenario/claim_files.hpp"
#include "sim/scenario/scenario.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {

// The value a check's series takes at cell i of n, on data that holds (or breaks) it.
double value_for(const ClaimCheck& check, const std::string& series, std::size_t i, std::size_t n, bool holds) {
  return std::visit(
      [&](const auto& kind) -> double {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, OrderCheck>) {
          // Level l gets 10 (l + 1) when it holds, the levels reversed when it breaks.
          std::size_t level = 0;
          for (std::size_t l = 0; l < kind.levels.size(); ++l)
            if (std::find(kind.levels[l].begin(), kind.levels[l].end(), series) != kind.levels[l].end()) level = l;
          return 10.0 * static_cast<double>(holds ? level + 1 : kind.levels.size() - level);
        } else if constexpr (std::is_same_v<K, BoundCheck>) {
          if (!kind.over.empty() && series == kind.over) return 1;
          const double lo = kind.at_least.value_or(0);
          if (holds) return kind.at_most ? (lo + *kind.at_most) / 2 : 2 * lo + 1;
          return kind.at_most ? 2 * *kind.at_most + 1 : lo / 2;
        } else if constexpr (std::is_same_v<K, TrendCheck>) {
          if (!kind.over.empty() && series == kind.over) return 1;
          const double growth = kind.step_ratio ? (kind.step_ratio->first + kind.step_ratio->second) / 2
                                                : (kind.rising ? 1.5 : 0.8);
          const double start = kind.baseline ? (kind.rising ? *kind.baseline + 1 : *kind.baseline * 0.9) : 1;
          const std::size_t step = holds ? i : n - 1 - i;  // breaking: the same values in reverse
          double v = start;
          for (std::size_t k = 0; k < step; ++k) v *= growth;
          return v;
        } else if constexpr (std::is_same_v<K, EqualCheck>) {
          return holds ? 5 : 10;  // against is 5
        } else if constexpr (std::is_same_v<K, LinearCheck>) {
          return holds ? 2.0 * static_cast<double>(i + 1) : (i % 2 ? 8 : 1);  // y; x is i + 1
        } else {
          return 0;
        }
      },
      check.kind);
}

// The series a check names (order levels, of, over), else the texts its where gives the series column.
std::vector<std::string> series_of(const ClaimCheck& check) {
  std::vector<std::string> named;
  std::visit(
      [&](const auto& kind) {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, OrderCheck>) {
          for (const auto& level : kind.levels) named.insert(named.end(), level.begin(), level.end());
        } else if constexpr (std::is_same_v<K, BoundCheck> || std::is_same_v<K, TrendCheck>) {
          if (!kind.of.empty()) named.push_back(kind.of);
          if (!kind.over.empty()) named.push_back(kind.over);
        }
      },
      check.kind);
  for (const auto& [column, texts] : check.rows.where)
    if (column == check.rows.series_column)
      for (const auto& t : texts)
        if (std::find(named.begin(), named.end(), t) == named.end()) named.push_back(t);
  if (named.empty()) named.push_back("s");
  return named;
}

// Tables on which `check` holds (holds = true) or fails at every cell, built from its selection.
ResultTables rows_for(const ClaimCheck& check, bool holds) {
  const RowSelection& s = check.rows;
  std::vector<std::string> columns;
  const auto add = [&](const std::string& c) {
    if (!c.empty() && std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
  };
  for (const auto& [c, texts] : s.where) add(c);
  for (const auto& [c, bounds] : s.range) add(c);
  for (const auto& c : s.cell_columns) add(c);
  add(s.series_column);
  add(s.value_column);
  if (s.relative_to) add(s.relative_to->first);
  std::visit(
      [&](const auto& kind) {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, EqualCheck>) add(kind.against);
        if constexpr (std::is_same_v<K, MatchCheck>) add(kind.column);
        if constexpr (std::is_same_v<K, LinearCheck>) {
          add(kind.x), add(kind.y);
          for (const auto& g : kind.group_columns) add(g);
        }
      },
      check.kind);

  // The cells along the last cell column: the texts a where or a range allows it, else 1..4.
  const std::string along = s.cell_columns.empty() ? std::string() : s.cell_columns.back();
  std::vector<std::string> cells{"1", "2", "3", "4"};
  for (const auto& [c, texts] : s.where)
    if (c == along) cells = texts;
  for (const auto& [c, bounds] : s.range)
    if (c == along) {
      cells.clear();
      for (int k = 0; k < 4; ++k)
        if (k == 0 || bounds.second > bounds.first)
          cells.push_back(fmt::format("{}", bounds.first + (bounds.second - bounds.first) * k / 3));
    }
  // Several texts in a where: the rows again for each, so that every text is in the table.
  std::size_t variants = 1;
  for (const auto& [c, texts] : s.where)
    if (c != along && c != s.series_column) variants = std::max(variants, texts.size());
  const std::vector<std::string> series = s.series_column.empty() ? std::vector<std::string>{""} : series_of(check);

  std::vector<std::vector<std::string>> rows;
  for (std::size_t v = 0; v < variants; ++v)
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (const auto& name : series) {
        std::map<std::string, std::string> row;
        for (const auto& [c, texts] : s.where) row[c] = texts[v % texts.size()];
        for (const auto& [c, bounds] : s.range) row[c] = fmt::format("{}", bounds.first);
        for (const auto& c : s.cell_columns) row.try_emplace(c, "1");
        if (!along.empty()) row[along] = cells[i];
        if (!s.series_column.empty()) row[s.series_column] = name;
        const double value = value_for(check, name, i, cells.size(), holds);
        if (!s.value_column.empty()) row[s.value_column] = fmt::format("{}", value);
        std::visit(
            [&](const auto& kind) {
              using K = std::decay_t<decltype(kind)>;
              if constexpr (std::is_same_v<K, EqualCheck>) row[kind.against] = "5";
              if constexpr (std::is_same_v<K, MatchCheck>) row[kind.column] = holds ? kind.text : "not " + kind.text;
              if constexpr (std::is_same_v<K, LinearCheck>) {
                row[kind.x] = fmt::format("{}", i + 1);
                row[kind.y] = fmt::format("{}", value);
              }
            },
            check.kind);
        const auto text_row = [&](const std::map<std::string, std::string>& r) {
          std::vector<std::string> out;
          for (const auto& c : columns) out.push_back(r.contains(c) ? r.at(c) : "");
          return out;
        };
        rows.push_back(text_row(row));
        if (s.relative_to) {  // the divisor's row: 1, so that the ratio is the value itself
          auto divisor = row;
          divisor[s.relative_to->first] = s.relative_to->second;
          divisor[s.value_column] = "1";
          rows.push_back(text_row(divisor));
        }
      }
  ResultTables tables;
  ResultTable table;
  for (const auto& c : columns) table.columns.push_back({.name = c});
  for (const auto& row : rows) {
    auto& cells = table.rows.emplace_back();
    for (const auto& text : row) cells.push_back(text.empty() ? ResultCell{} : text_cell(text));
  }
  for (const auto& name : s.tables) tables.emplace(name, ResultTable{table}).first->second.name = name;
  return tables;
}

std::vector<Claim> claims_of_file(const std::string& file) {
  namespace fs = std::filesystem;
  KnownReproductions known;
  for (const auto& entry : fs::directory_iterator(MCSIM_SCENARIO_SOURCE_DIR))
    if (entry.path().extension() == ".toml") {
      const Scenario scenario = load_scenario(entry.path().string());
      known.emplace(header(scenario).id, paper_of(header(scenario)));
    }
  return read_claim_file(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/claims/" + file, known);
}

// Every check of the file holds on rows built to hold it and fails on rows built to break it; a
// claim whose main check breaks fails whatever its side checks do.
void every_check_flips(const std::string& file) {
  const std::vector<Claim> claims = claims_of_file(file);
  REQUIRE(!claims.empty());
  std::size_t checks = 0;
  for (const Claim& claim : claims) {
    std::vector<Verdict> holding;
    std::size_t main = claim.checks.size();
    for (std::size_t k = 0; k < claim.checks.size(); ++k) {
      const ClaimCheck& check = claim.checks[k];
      INFO(claim.id << " " << check.where << " " << check.what);
      const CheckVerdict held = judge_check(check, rows_for(check, true));
      const CheckVerdict broken = judge_check(check, rows_for(check, false));
      CHECK(held.verdict == Verdict::holds);
      CHECK(broken.verdict == Verdict::fails);
      CHECK(broken.agreeing == 0);
      holding.push_back(held.verdict);
      if (check.main || claim.checks.size() == 1) main = k;
      ++checks;
    }
    if (main < claim.checks.size() && claim.checks[main].reading.empty()) {
      INFO(claim.id << ": its main check broken, every other one holding");
      std::vector<Verdict> parts = holding;
      parts[main] = Verdict::fails;
      CHECK(combined_verdict(parts, main, !claim.unchecked.empty()) == Verdict::fails);
    }
  }
  CHECK(checks > 0);
}

}  // namespace

TEST_CASE("Claim flips: every check of ranka92.toml fails on data built to break it") { every_check_flips("ranka92.toml"); }
TEST_CASE("Claim flips: every check of wang94.toml fails on data built to break it") { every_check_flips("wang94.toml"); }
TEST_CASE("Claim flips: every check of ranka95.toml fails on data built to break it") { every_check_flips("ranka95.toml"); }
TEST_CASE("Claim flips: every check of guo05.toml fails on data built to break it") { every_check_flips("guo05.toml"); }
TEST_CASE("Claim flips: every check of lo92.toml fails on data built to break it") { every_check_flips("lo92.toml"); }
