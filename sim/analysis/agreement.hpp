// How well a reproduction agrees with its paper, in numbers a researcher can compare between two
// runs: for tables, mcsim/paper per column (median and range over the column's cells) and how many
// pairs of columns are ordered as in the paper; for a region map, how many cells name the paper's
// series. `mcsim sensitivity` compares these across machine parameters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "../core/result_table.hpp"

namespace mcsim {

struct RatioSpread {
  std::string column;  // "<row> <series>", e.g. "comm LP"; "all" for every cell together
  std::size_t cells = 0;
  double median = 0, min = 0, max = 0;
};

struct Agreement {
  // Tables: one per row kind and series, then the headline: "all times" (every cell of a time
  // row: comm, comm_mean, ...) where the table has times, else "all".
  std::vector<RatioSpread> columns;
  // Tables: pairs of series at one (row kind, x) among the headline's rows, with both values, and
  // those mcsim orders as the paper does (ties count as ordered only when both sides tie).
  std::size_t pairs = 0, ordered_pairs = 0;
  // Region maps: cells with a paper region, and those where mcsim's fastest series is the paper's.
  std::size_t cells = 0, agreeing_cells = 0;
  bool region_map = false;
};

// Of a comparison table (comparison.hpp's columns row, series, x, paper, mcsim), from its cells as
// they are (mcsim / paper of the rounded values): the CSV, the claims and this read one table.
// Throws mcsim::Error for a table without those columns.
Agreement agreement_of(const ResultTable& comparison);
// Of a region table (region_map.hpp's columns paper, agree).
Agreement region_agreement_of(const ResultTable& regions);

}  // namespace mcsim
