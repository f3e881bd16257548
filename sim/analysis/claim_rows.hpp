// The rows a claim's check reads (sim/analysis/claims.hpp): the selected rows of its tables, each
// with its cell, series and value as the check's RowSelection names them. Shared by the check kinds.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "claims.hpp"

namespace mcsim {

struct SelectedRow {
  const ResultTable* table = nullptr;
  const std::vector<ResultCell>* cells = nullptr;  // the row's cells
  std::string cell;    // "x=16", prefixed with the table's name when the check reads several tables
  std::string group;   // the table and every cell column but the last: a trend runs along the last
  std::string series;  // the series column's text ("" without a series column)
  std::optional<double> value;  // the value column's number (none when the cell is empty)
};

struct Selection {
  std::vector<SelectedRow> rows;          // in table order, then row order
  std::vector<std::string> absent_tables;  // named by the check, not in the data
};

// The rows of `check`'s tables that its where and range keep. Throws mcsim::Error at check.where for
// a column a table lacks, a value cell that is not a number, and (unless the check says why rows
// may be absent) a where text the column never holds.
Selection select_rows(const ClaimCheck& check, const ResultTables& tables);

// The index of `column` in `table`; throws mcsim::Error at `where` naming the table's columns.
std::size_t column_index(const ResultTable& table, const std::string& column, const std::string& where);

// The row's cell at column c (empty past the row's end).
const ResultCell& cell_at(const SelectedRow& row, std::size_t c);

// A cell as a number; nullopt when empty; throws mcsim::Error at `where` when it holds text that is
// not a number.
std::optional<double> number_in(const ResultCell& cell, const ResultTable& table, const std::string& column,
                                const std::string& where);

// "3.66" (3 significant digits), the way a deciding figure shows a number.
std::string shown_number(double value);

}  // namespace mcsim
