// Reports of an experiment: the paper-vs-mcsim comparison (printed side by side and as CSV with
// the columns experiment,row,series,x,paper,mcsim,ratio) and the per-cell sweep CSV.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "csv_cells.hpp"  // csv_field, csv_number: the cells of every report CSV
#include "csv_table.hpp"  // table_csv: the one rendering of a result table as CSV
#include "../analysis/comparison.hpp"
#include "../core/experiment_result.hpp"
#include "../core/result_table.hpp"
#include "../runner/output_file.hpp"  // write_file_atomically, used by every command that writes a report
#include "plot.hpp"

namespace mcsim {

// The comparison table (sim/analysis/comparison.hpp) as the terminal shows it: paper / mcsim / ratio per
// series, a line per row and x in the table's order; the heading from the scenario and the run.
std::string side_by_side(const ExperimentResult& result, const ResultTable& comparison);

// The comparison table's comm rows drawn: communication time against msg_unit (the rows' x),
// mcsim's (lines) and the paper's (points), and beside it mcsim / paper per series: the CM-5
// paper's Figures 8-13.
PlotSpec comm_plot(const ResultTable& comparison);

// One row per cell: the axes, the sample statistics of communication time, phases, host time (a
// host-dependent column, left out without host times). The CSV and the report's pages show it.
ResultTable sweep_result_table(const ExperimentResult& result, const ReportOptions& options);

}  // namespace mcsim
