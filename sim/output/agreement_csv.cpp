#include "agreement_csv.hpp"

#include <fmt/format.h>

#include "csv_cells.hpp"

namespace mcsim {

namespace {

// The headline spread (the last column: "all times" or "all"), if the table had a cell to compare.
const RatioSpread* headline(const Agreement& a) {
  if (a.columns.empty()) return nullptr;
  const RatioSpread& last = a.columns.back();
  return last.column == "all times" || last.column == "all" ? &last : nullptr;
}

}  // namespace

std::string agreement_csv(const std::string& experiment, const Agreement& a) {
  std::string out = "experiment,measure,column,count,agreeing,median,min,max\n";
  const std::string id = csv_field(experiment);
  if (a.region_map) return out + fmt::format("{},regions,,{},{},,,\n", id, a.cells, a.agreeing_cells);
  for (const RatioSpread& c : a.columns)
    out += fmt::format("{},ratio,{},{},,{:.3g},{:.3g},{:.3g}\n", id, csv_field(c.column), c.cells, c.median, c.min,
                       c.max);
  if (const RatioSpread* all = headline(a))
    out += fmt::format("{},order,{},{},{},,,\n", id, csv_field(all->column), a.pairs, a.ordered_pairs);
  return out;
}

std::vector<std::string> agreement_lines(const Agreement& a) {
  std::vector<std::string> lines;
  if (a.region_map) {
    if (a.cells > 0)
      lines.push_back(fmt::format("fastest series as in the paper's regions in {} of {} cells ({:.0f}%)",
                                  a.agreeing_cells, a.cells, 100.0 * static_cast<double>(a.agreeing_cells) /
                                                                 static_cast<double>(a.cells)));
    return lines;
  }
  for (const RatioSpread& c : a.columns)
    lines.push_back(fmt::format("{}: mcsim / paper median {:.2f}, range {:.2f} to {:.2f}, over {} cells with both",
                                c.column, c.median, c.min, c.max, c.cells));
  if (const RatioSpread* all = headline(a); all && a.pairs > 0)
    lines.push_back(fmt::format("{}: {} of {} pairs of series ordered as in the paper", all->column, a.ordered_pairs,
                                a.pairs));
  return lines;
}

}  // namespace mcsim
