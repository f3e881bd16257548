// The tables of the report's pages, made from typed values (never from the printed report): the
// paper-vs-mcsim comparison, a region map beside the paper's, a machine's parameters with their
// sources, and a reproduction's agreement at a glance. Each wide table sits in its own scrolling
// box (class "scroll"), so a page never scrolls sideways on a phone.
#pragma once

#include <string>
#include <vector>

#include "../analysis/agreement.hpp"
#include "../core/experiment_result.hpp"
#include "../core/machine_spec.hpp"
#include "../core/result_table.hpp"

namespace mcsim::html {

// A comparison table (comparison_result_table's columns: row, series, x, paper, mcsim, ratio) as one
// HTML table per row kind (comm, comp, iters, M, CS:..., in the rows' order). A kind whose rows have
// an x: one line per x (in the rows' order), per series the paper's value, mcsim's and the ratio
// (coloured by ratio_class); a kind without x: one line per series. A kind with no paper value at
// all shows mcsim's values alone.
std::string comparison_tables(const ResultTable& table);

// A result table (a kind's, or a pivot of one, table_pivot.hpp) from its typed cells: its caption, a
// column per ResultColumn (name and unit in its head, a group's heading spanning its columns), key
// cells as row heads, numbers as number() shows them, text as it is, "–" where a value was not
// measured. A host-dependent column is marked in its head and its cells, and a line below the table
// says what the mark means.
std::string result_table(const ResultTable& table);

// A region table (region_result_table's columns), densities down, message sizes across: mcsim's
// fastest series, the paper's below it where the paper's map has the cell, coloured by its agree.
std::string region_table(const ResultTable& regions);

// Name, value, unit, source and an "assumption" mark per parameter: a parameter with a number shows
// it in the value column and its unit (then its note) in the unit column; any other shows its text as
// the value.
std::string parameter_table(const std::vector<MachineParameter>& parameters);

// The cells of one reproduction's agreement line (<td>...</td> x 3): the headline ratio (median
// and range of "all times", else "all"), pairs of series ordered as in the paper, region cells
// that name the paper's series; an empty cell where the agreement has no such figure.
std::string agreement_cells(const Agreement& agreement);
// The header cells matching agreement_cells.
std::string agreement_header_cells();

}  // namespace mcsim::html
