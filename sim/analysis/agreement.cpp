#include "agreement.hpp"

#include <algorithm>
#include <string>
#include <map>

namespace mcsim {

namespace {

RatioSpread spread(std::string column, std::vector<double> ratios) {
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size();
  const double median = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
  return {std::move(column), n, median, ratios.front(), ratios.back()};
}

int sign(double a, double b) { return (a > b) - (a < b); }

// Rows of measured time (comm, comm_mean, ...): what a machine's parameters move. Counts of
// permutations and the like do not depend on them.
bool is_time_row(const ComparisonRow& r) { return r.row.starts_with("comm"); }

}  // namespace

Agreement agreement_of(const std::vector<ComparisonRow>& rows) {
  Agreement a;
  std::map<std::string, std::vector<double>> by_column;  // ordered by name: stable output
  std::vector<std::string> column_order;
  std::vector<double> all;
  const bool has_times = std::any_of(rows.begin(), rows.end(), is_time_row);
  auto headline = [&](const ComparisonRow& r) { return !has_times || is_time_row(r); };
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
      const ComparisonRow &p = rows[i], &q = rows[j];
      if (p.row != q.row || p.x != q.x || p.series == q.series) continue;
      if (!p.paper || !p.mcsim || !q.paper || !q.mcsim || !headline(p)) continue;
      ++a.pairs;
      if (sign(*p.paper, *q.paper) == sign(*p.mcsim, *q.mcsim)) ++a.ordered_pairs;
    }
  return a;
}

Agreement agreement_of(const RegionMap& map) {
  Agreement a;
  a.region_map = true;
  for (const auto& cell : map.cells) {
    if (!cell.paper) continue;
    ++a.cells;
    if (cell.agrees()) ++a.agreeing_cells;
  }
  return a;
}

}  // namespace mcsim
