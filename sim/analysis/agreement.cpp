#include "agreement.hpp"

#include <algorithm>
#include <string>
#include <map>
#include <optional>
#include <vector>

namespace mcsim {

namespace {

RatioSpread spread(std::string column, std::vector<double> ratios) {
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size();
  const double median = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
  return {std::move(column), n, median, ratios.front(), ratios.back()};
}

int sign(double a, double b) { return (a > b) - (a < b); }

// A comparison table's row as the agreement reads it.
struct Compared {
  std::string row, series, x;
  std::optional<double> paper, mcsim;
  std::optional<double> ratio() const {
    if (!paper || !mcsim || *paper == 0) return std::nullopt;
    return *mcsim / *paper;
  }
};

std::vector<Compared> compared_rows(const ResultTable& table) {
  const auto column = [&](const char* name) { return table.required_column(name, "agreement_of"); };
  const std::size_t row_c = column("row"), series_c = column("series"), x_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim");
  std::vector<Compared> rows;
  for (std::size_t r = 0; r < table.rows.size(); ++r)
    rows.push_back({cell_text(table.at(r, row_c)), cell_text(table.at(r, series_c)), cell_text(table.at(r, x_c)),
                    cell_number(table.at(r, paper_c)), cell_number(table.at(r, mcsim_c))});
  return rows;
}

// Rows of measured time (comm, comm_mean, ...): what a machine's parameters move. Counts of
// permutations and the like do not depend on them.
bool is_time_row(const Compared& r) { return r.row.starts_with("comm"); }

}  // namespace

Agreement agreement_of(const ResultTable& comparison) {
  const std::vector<Compared> rows = compared_rows(comparison);
  Agreement a;
  std::map<std::string, std::vector<double>> by_column;  // ordered by name: stable output
  std::vector<std::string> column_order;
  std::vector<double> all;
  const bool has_times = std::any_of(rows.begin(), rows.end(), is_time_row);
  auto headline = [&](const Compared& r) { return !has_times || is_time_row(r); };
  for (const auto& r : rows) {
    const auto ratio = r.ratio();
    if (!ratio) continue;
    const std::string column = r.row + " " + r.series;
    if (!by_column.contains(column)) column_order.push_back(column);
    by_column[column].push_back(*ratio);
    if (headline(r)) all.push_back(*ratio);
  }
  for (const auto& column : column_order) a.columns.push_back(spread(column, by_column[column]));
  if (!all.empty()) a.columns.push_back(spread(has_times ? "all times" : "all", all));
  // Orderings: every pair of rows of one kind at one x, both with paper and mcsim values.
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = i + 1; j < rows.size(); ++j) {
      const Compared &p = rows[i], &q = rows[j];
      if (p.row != q.row || p.x != q.x || p.series == q.series) continue;
      if (!p.paper || !p.mcsim || !q.paper || !q.mcsim || !headline(p)) continue;
      ++a.pairs;
      if (sign(*p.paper, *q.paper) == sign(*p.mcsim, *q.mcsim)) ++a.ordered_pairs;
    }
  return a;
}

Agreement region_agreement_of(const ResultTable& regions) {
  const std::size_t paper_c = regions.required_column("paper", "region_agreement_of"),
                    agree_c = regions.required_column("agree", "region_agreement_of");
  Agreement a;
  a.region_map = true;
  for (std::size_t r = 0; r < regions.rows.size(); ++r) {
    if (cell_text(regions.at(r, paper_c)).empty()) continue;
    ++a.cells;
    if (cell_text(regions.at(r, agree_c)) == "yes") ++a.agreeing_cells;
  }
  return a;
}

}  // namespace mcsim
