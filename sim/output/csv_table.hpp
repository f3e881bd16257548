// A result table (sim/core/result_table.hpp) as CSV, and back: the one CSV renderer of a
// reproduction's results and its inverse, the one reader of them (docs/results, an --out directory).
// The file holds the column names and the cells; units, keys and host marks are the kind's and are
// not in it.
#pragma once

#include <string>

#include "../core/result_table.hpp"

namespace mcsim {

// The head line (the column names), then a line per row with a cell per column: numbers as their
// digits give them, text through csv_field (inert control characters, formula guard, RFC 4180
// quotes), an empty cell as nothing.
std::string table_csv(const ResultTable& table);

// The table in a CSV text as table_csv wrote it; `name` is the file's name without ".csv". A cell
// that reads wholly as a whole number is one, as any other finite number a number (6 significant
// digits), empty is empty, the rest text (csv_text undoes the formula guard). Throws mcsim::Error
// naming `name` for a text without a head line or with a row longer than its head.
ResultTable table_from_csv(const std::string& name, const std::string& csv);

}  // namespace mcsim
