#include "agreement_table.hpp"

#include <fmt/format.h>


namespace mcsim {

namespace {

// The headline spread (the last column: "all times" or "all"), if the table had a cell to compare.
const RatioSpread* headline(const Agreement& a) {
  if (a.columns.empty()) return nullptr;
  const RatioSpread& last = a.columns.back();
  return last.column == "all times" || last.column == "all" ? &last : nullptr;
}

}  // namespace

ResultTable agreement_table(const std::string& experiment, const Agreement& a) {
  ResultTable table{"",
                    {{.name = "experiment", .key = true}, {.name = "measure", .key = true},
                     {.name = "column", .key = true}, {.name = "count"}, {.name = "agreeing"}, {.name = "median"},
                     {.name = "min"}, {.name = "max"}},
                    {}};
  if (a.region_map) {
    table.rows.push_back({text_cell(experiment), text_cell("regions"), {}, integer_cell(a.cells),
                          integer_cell(a.agreeing_cells)});
    return table;
  }
  constexpr int kDigits = 3;  // enough to compare runs, few enough to read
  for (const RatioSpread& c : a.columns)
    table.rows.push_back({text_cell(experiment), text_cell("ratio"), text_cell(c.column), integer_cell(c.cells), {},
                          number_cell(c.median, kDigits), number_cell(c.min, kDigits), number_cell(c.max, kDigits)});
  if (const RatioSpread* all = headline(a))
    table.rows.push_back({text_cell(experiment), text_cell("order"), text_cell(all->column), integer_cell(a.pairs),
                          integer_cell(a.ordered_pairs)});
  return table;
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
