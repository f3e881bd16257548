// The table a reproduction's result is, typed: named columns with their units, key columns (text
// that names a row: a series, a machine), and cells that are numbers or text; a host-dependent
// column holds what was measured on this computer (a wall time), the rest is simulated and the
// same for a seed. Each kind makes its table once; CSV (sim/output/csv_table.hpp) and the other
// media render it, and the claims (sim/analysis/claims.hpp) read it as it is, in memory, or from
// the CSV file it was written to through the one reader, which gives back the same table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mcsim {

struct ResultColumn {
  std::string name;  // the CSV head: "comm_ms_mean"
  std::string unit;  // "ms", "B", or "" for a count, a ratio or text
  bool key = false;
  bool host_dependent = false;
  // A heading over adjacent columns of the same group (a series in a pivoted table), for media that
  // lay headings out (HTML); "" for none. Not in the CSV.
  std::string group;
};

// A number as the table reports it: rounded to `digits` significant digits when it is made, so that
// a table in memory and the same table read from its CSV hold the same value (a claim judged on
// either gives the same verdict).
struct ResultNumber {
  double value = 0;
  int digits = 6;
  // `digits` counts the digits after the point ("%.6f": a time in ms to the nanosecond, as the
  // timeline's files give it) rather than significant digits.
  bool fixed = false;
};

// Empty (not measured, not given), a whole number, a number, or text.
using ResultCell = std::variant<std::monostate, std::int64_t, ResultNumber, std::string>;

// `value` rounded to `digits` significant digits; none gives an empty cell.
ResultCell number_cell(std::optional<double> value, int digits = 6);
// `value` rounded to `decimals` digits after the point ("%.{decimals}f").
ResultCell fixed_cell(double value, int decimals);
ResultCell integer_cell(std::int64_t value);
ResultCell text_cell(std::string text);

// The cell as text ("" when empty; a number with its significant digits, "%.6g" style, or with its
// decimals, "%.6f" style).
std::string cell_text(const ResultCell& cell);
// The cell as a number: a number's value; a text that reads wholly as a finite number (a cell named
// "16" in a text column) as that number; none when empty or other text.
std::optional<double> cell_number(const ResultCell& cell);

struct ResultTable {
  std::string name;  // "ranka92-table3" (ID.csv) or "ranka92-table1.points" (ID.points.csv)
  std::vector<ResultColumn> columns;
  std::vector<std::vector<ResultCell>> rows;  // a row may be shorter than the columns: the rest is empty
  std::string caption;  // what the table shows, for a reader (the report's pages); not in the CSV

  // The index of the column of that name; none when the table has no such column.
  std::optional<std::size_t> column(const std::string& name) const;
  // The index of the column of that name; a table without it is the caller's error, thrown as
  // mcsim::Error "<reader>: the table NAME has no column 'X' (its columns: ...)".
  std::size_t required_column(const std::string& name, const std::string& reader) const;
  // The cell of row `r` at column `c` (empty past the row's end).
  const ResultCell& at(std::size_t r, std::size_t c) const;
};

// By name; a table a data directory lacks is absent.
using ResultTables = std::map<std::string, ResultTable>;

}  // namespace mcsim
