// A result table (sim/core/result_table.hpp) laid out for a reader, its cells unchanged: split into
// one table per value of some columns, and one column's values spread across as groups of columns
// (the overhead's series side by side per message size, the machines down and the series across).
// The long table stays the result (its CSV); a pivot is a view of it, for the report's pages.
#pragma once

#include <string>
#include <vector>

#include "../core/result_table.hpp"

namespace mcsim {

struct PivotSpec {
  std::vector<std::string> split;   // a table per distinct combination of these columns' cells
  std::vector<std::string> rows;    // a row per distinct combination of these (the row heads)
  std::string across;               // a group of columns per distinct value of this column
  std::vector<std::string> values;  // the columns of each group, their cells copied as they are
};

// The tables in the order their split values first appear, rows and groups likewise. Each caption
// is the table's, then the split values ("density = 4", "msg_unit = 1024 B"). A (row, group) that
// the table has no row for is empty; where it has several, the first counts. Throws mcsim::Error
// naming a column the table does not have.
std::vector<ResultTable> pivot_tables(const ResultTable& table, const PivotSpec& spec);

}  // namespace mcsim
