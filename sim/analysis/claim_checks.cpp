// The kinds of check a claim can have (claims.hpp), each turning the selected rows into a tally of
// cells and a deciding figure: the count, the observed range, and the first cell that disagrees.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "claim_rows.hpp"
#include "claims.hpp"

namespace mcsim {

namespace {

// The series' values at one cell of one table.
struct Cell {
  std::string label, group;
  std::map<std::string, double> values;
};

// The cells of the selection in the order they first appear, each with the values its rows give.
std::vector<Cell> cells_of(const Selection& selection) {
  std::vector<Cell> cells;
  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (table, label) -> cell
  for (const auto& row : selection.rows) {
    const auto key = std::make_pair(row.table->name, row.cell);
    auto [at, added] = index.emplace(key, cells.size());
    if (added) cells.push_back(Cell{row.cell, row.group, {}});
    if (row.value) cells[at->second].values[row.series] = *row.value;
  }
  return cells;
}

// Throws unless some selected row has this series: a series no row has is a misspelt name.
void require_series(const Selection& selection, const std::string& series, const ClaimCheck& check) {
  if (series.empty() || selection.rows.empty()) return;
  if (std::none_of(selection.rows.begin(), selection.rows.end(), [&](const auto& r) { return r.series == series; }))
    throw Error(check.where, fmt::format("no selected row of {} has {} = '{}'", fmt::join(check.rows.tables, ", "),
                                         check.rows.series_column, series));
}

// "a" or "a / b": the value a check reads at a cell (none when a series is missing there).
std::optional<double> value_at(const Cell& cell, const std::string& of, const std::string& over) {
  const auto a = cell.values.find(of);
  if (a == cell.values.end()) return std::nullopt;
  if (over.empty()) return a->second;
  const auto b = cell.values.find(over);
  if (b == cell.values.end() || b->second == 0) return std::nullopt;
  return a->second / b->second;
}

std::string ratio_name(const std::string& of, const std::string& over) { return over.empty() ? of : of + " / " + over; }

// A finished tally: its verdict and the figure "<summary> at A of N <units>[; <first miss>]".
CheckVerdict tallied(std::size_t cells, std::size_t agreeing, const std::string& summary, const std::string& units,
                     const std::string& first_miss) {
  CheckVerdict v;
  v.cells = cells;
  v.agreeing = agreeing;
  v.verdict = verdict_of_tally(cells, agreeing);
  v.figure = fmt::format("{} at {} of {} {}", summary, agreeing, cells, units);
  if (agreeing < cells && !first_miss.empty()) v.figure += "; " + first_miss;
  return v;
}

CheckVerdict judge(const OrderCheck& order, const ClaimCheck& check, const Selection& selection) {
  std::vector<std::string> shown;
  for (const auto& level : order.levels) {
    for (const auto& s : level) require_series(selection, s, check);
    shown.push_back(fmt::format("{}", fmt::join(level, ", ")));
  }
  std::size_t counted = 0, agreeing = 0;
  std::string miss;
  for (const auto& cell : cells_of(selection)) {
    bool complete = true, ordered = true;
    for (const auto& level : order.levels)
      for (const auto& s : level) complete = complete && cell.values.contains(s);
    if (!complete) continue;
    ++counted;
    for (std::size_t l = 0; l + 1 < order.levels.size() && ordered; ++l)
      for (const auto& low : order.levels[l])
        for (const auto& high : order.levels[l + 1]) {
          const double a = cell.values.at(low), b = cell.values.at(high);
          if (ordered && a > b * (1 + order.tolerance)) {
            ordered = false;
            if (miss.empty())
              miss = fmt::format("fails first at {} ({} {} > {} {})", cell.label, low, shown_number(a), high,
                                 shown_number(b));
          }
        }
    if (ordered) ++agreeing;
  }
  return tallied(counted, agreeing, fmt::format("{}", fmt::join(shown, " <= ")), "cells", miss);
}

CheckVerdict judge(const BoundCheck& bound, const ClaimCheck& check, const Selection& selection) {
  require_series(selection, bound.of, check);
  require_series(selection, bound.over, check);
  std::vector<std::pair<std::string, double>> values;  // cell, value
  if (bound.of.empty()) {
    for (const auto& row : selection.rows)
      if (row.value) values.emplace_back(row.series.empty() ? row.cell : row.series + " " + row.cell, *row.value);
  } else {
    for (const auto& cell : cells_of(selection))
      if (const auto v = value_at(cell, bound.of, bound.over)) values.emplace_back(cell.label, *v);
  }
  std::size_t agreeing = 0;
  std::string miss;
  double low = 0, high = 0;
  for (std::size_t k = 0; k < values.size(); ++k) {
    const double v = values[k].second;
    low = k ? std::min(low, v) : v;
    high = k ? std::max(high, v) : v;
    const bool inside = (!bound.at_least || v >= *bound.at_least) && (!bound.at_most || v <= *bound.at_most);
    if (inside) ++agreeing;
    if (!inside && miss.empty()) miss = fmt::format("outside first at {} ({})", values[k].first, shown_number(v));
  }
  const std::string name = bound.of.empty() ? check.rows.value_column : ratio_name(bound.of, bound.over);
  std::string limits;
  if (bound.at_least && bound.at_most && *bound.at_least == *bound.at_most)
    limits = "= " + shown_number(*bound.at_least);
  else if (bound.at_least && bound.at_most)
    limits = fmt::format("in [{}, {}]", shown_number(*bound.at_least), shown_number(*bound.at_most));
  else if (bound.at_least)
    limits = ">= " + shown_number(*bound.at_least);
  else
    limits = "<= " + shown_number(bound.at_most.value_or(0));
  const std::string observed =
      values.empty() ? ""
      : low == high  ? fmt::format(" (observed {})", shown_number(low))
                     : fmt::format(" (observed {}..{})", shown_number(low), shown_number(high));
  return tallied(values.size(), agreeing, fmt::format("{} {}", name, limits), "cells" + observed, miss);
}

CheckVerdict judge(const EqualCheck& equal, const ClaimCheck& check, const Selection& selection) {
  std::size_t counted = 0, agreeing = 0;
  std::string miss;
  double worst = 0;
  for (const auto& row : selection.rows) {
    const std::size_t c = column_index(*row.table, equal.against, check.where);
    const auto against = number_in(cell_at(row, c), *row.table, equal.against,
                                   check.where);
    if (!row.value || !against) continue;
    ++counted;
    const double deviation = std::abs(*row.value - *against) / std::max(std::abs(*against), 1e-300);
    const bool same = *against == 0 ? *row.value == 0 : deviation <= equal.tolerance;
    worst = std::max(worst, *against == 0 ? (*row.value == 0 ? 0.0 : 1.0) : deviation);
    if (same) ++agreeing;
    if (!same && miss.empty())
      miss = fmt::format("differs first at {}{} ({} {} vs {} {})", row.series.empty() ? "" : row.series + " ", row.cell,
                         check.rows.value_column, shown_number(*row.value), equal.against, shown_number(*against));
  }
  const std::string summary = fmt::format("{} = {} within {}%", check.rows.value_column, equal.against,
                                          shown_number(100 * equal.tolerance));
  return tallied(counted, agreeing, summary,
                 counted ? fmt::format("rows (largest difference {}%)", shown_number(100 * worst)) : "rows", miss);
}

CheckVerdict judge(const MatchCheck& match, const ClaimCheck& check, const Selection& selection) {
  std::size_t agreeing = 0;
  std::string miss;
  for (const auto& row : selection.rows) {
    const std::size_t c = column_index(*row.table, match.column, check.where);
    const std::string text = cell_text(cell_at(row, c));
    if (text == match.text) {
      ++agreeing;
    } else if (miss.empty()) {
      miss = fmt::format("not first at {}{} ({} = '{}')", row.series.empty() ? "" : row.series + " ", row.cell,
                         match.column, text);
    }
  }
  return tallied(selection.rows.size(), agreeing, fmt::format("{} = '{}'", match.column, match.text), "rows", miss);
}

CheckVerdict judge(const TrendCheck& trend, const ClaimCheck& check, const Selection& selection) {
  require_series(selection, trend.of, check);
  require_series(selection, trend.over, check);
  std::size_t steps = 0, agreeing = 0;
  std::string miss;
  std::map<std::string, std::pair<std::string, double>> last;  // group -> its previous cell and value
  for (const auto& cell : cells_of(selection)) {
    const auto now = value_at(cell, trend.of, trend.over);  // of = "": the rows have no series column
    if (!now) continue;
    if (const auto previous = last.find(cell.group); previous != last.end()) {
      ++steps;
      const double a = previous->second.second, b = *now;
      bool good = trend.rising ? (trend.strict ? b > a : b >= a) : (trend.strict ? b < a : b <= a);
      if (trend.step_ratio && a != 0)
        good = good && b / a >= trend.step_ratio->first && b / a <= trend.step_ratio->second;
      // A signed effect: both ends on the side of the baseline the trend moves to.
      const auto on_side = [&](double v) { return trend.rising ? v > *trend.baseline : v < *trend.baseline; };
      const bool wrong_side = trend.baseline && !(on_side(a) && on_side(b));
      good = good && !wrong_side;
      if (good) ++agreeing;
      if (!good && miss.empty())
        miss = fmt::format("not at {} -> {} ({} -> {}{})", previous->second.first, cell.label, shown_number(a),
                           shown_number(b),
                           wrong_side ? fmt::format(", {} {}", trend.rising ? "not above" : "not below",
                                                    shown_number(*trend.baseline))
                                      : "");
    }
    last[cell.group] = {cell.label, *now};
  }
  std::string summary = fmt::format("{} {}", trend.of.empty() ? check.rows.value_column : ratio_name(trend.of, trend.over),
                                    trend.rising ? "rises" : "falls");
  if (trend.baseline) summary += fmt::format(" {} {}", trend.rising ? "above" : "below", shown_number(*trend.baseline));
  if (trend.step_ratio)
    summary += fmt::format(" by x{}..x{} a step", shown_number(trend.step_ratio->first),
                           shown_number(trend.step_ratio->second));
  return tallied(steps, agreeing, summary, "steps", miss);
}

CheckVerdict judge(const LinearCheck& linear, const ClaimCheck& check, const Selection& selection) {
  std::map<std::string, std::vector<std::pair<double, double>>> groups;
  std::vector<std::string> order;
  for (const auto& row : selection.rows) {
    std::vector<std::string> key;
    for (const auto& column : linear.group_columns) {
      const std::size_t c = column_index(*row.table, column, check.where);
      key.push_back(fmt::format("{}={}", column, cell_text(cell_at(row, c))));
    }
    const auto read = [&](const std::string& column) {
      const std::size_t c = column_index(*row.table, column, check.where);
      return number_in(cell_at(row, c), *row.table, column, check.where);
    };
    const auto x = read(linear.x), y = read(linear.y);
    if (!x || !y) continue;
    const std::string name = key.empty() ? "all rows" : fmt::format("{}", fmt::join(key, " "));
    if (!groups.contains(name)) order.push_back(name);
    groups[name].emplace_back(*x, *y);
  }
  std::size_t counted = 0, agreeing = 0;
  std::string miss;
  double lowest = 1;
  for (const auto& name : order) {
    const auto& points = groups[name];
    if (points.size() < 3) continue;
    double mx = 0, my = 0;
    for (const auto& [x, y] : points) mx += x, my += y;
    mx /= static_cast<double>(points.size());
    my /= static_cast<double>(points.size());
    double sxx = 0, syy = 0, sxy = 0;
    for (const auto& [x, y] : points) sxx += (x - mx) * (x - mx), syy += (y - my) * (y - my), sxy += (x - mx) * (y - my);
    const double r2 = sxx > 0 && syy > 0 ? sxy * sxy / (sxx * syy) : 0;
    ++counted;
    lowest = std::min(lowest, r2);
    if (r2 >= linear.min_r2) ++agreeing;
    else if (miss.empty()) miss = fmt::format("below first at {} (r^2 {})", name, shown_number(r2));
  }
  return tallied(counted, agreeing,
                 fmt::format("{} linear in {} (r^2 >= {})", linear.y, linear.x, shown_number(linear.min_r2)),
                 counted ? fmt::format("groups (lowest r^2 {})", shown_number(lowest)) : "groups", miss);
}

}  // namespace

CheckVerdict judge_check(const ClaimCheck& check, const ResultTables& tables) {
  const Selection selection = select_rows(check, tables);
  CheckVerdict verdict = std::visit([&](const auto& kind) { return judge(kind, check, selection); }, check.kind);
  if (verdict.cells == 0) {
    std::string why;
    if (!selection.absent_tables.empty())
      why = fmt::format("the data has no {}", fmt::join(selection.absent_tables, ".csv, ")) + ".csv";
    if (!check.if_absent.empty()) why += (why.empty() ? "" : "; ") + check.if_absent;
    if (why.empty()) why = "no selected row has the values this check compares";
    verdict.verdict = Verdict::not_checkable;
    verdict.figure = "not checkable: " + why;
  } else if (!selection.absent_tables.empty()) {
    verdict.figure += fmt::format(" (the data has no {}.csv)", fmt::join(selection.absent_tables, ".csv, "));
  }
  return verdict;
}

}  // namespace mcsim
