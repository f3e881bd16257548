// Reports of an experiment: the paper-vs-mcsim comparison (printed side by side and as CSV with
// the columns experiment,row,series,x,paper,mcsim,ratio) and the per-cell sweep CSV.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "csv_cells.hpp"  // csv_field, csv_number: the cells of every report CSV
#include "experiment.hpp"
#include "output_file.hpp"  // write_file_atomically, used by every command that writes a report
#include "plot.hpp"

namespace mcsim {

struct ComparisonRow {
  std::string row;     // comm, comp, comp_vs_LP, iters
  std::string series;  // the paper's column head
  std::string x;       // the swept value (msg_unit) where the row has one
  std::optional<double> paper;
  std::optional<double> mcsim;
  std::optional<double> ratio() const;
};

struct ReportOptions {
  // Host-time rows (comp, comp_vs_LP) are measurements of this computer and differ from run to run;
  // leave them out for byte-identical output.
  bool host_times = true;
};

// Needs a scenario with one node count and one density. Throws mcsim::Error otherwise.
std::vector<ComparisonRow> comparison_rows(const ExperimentResult& result, const ReportOptions& options);
std::string comparison_csv(const std::string& experiment, const std::vector<ComparisonRow>& rows);
std::string side_by_side(const ExperimentResult& result, const std::vector<ComparisonRow>& rows);

// Communication time against msg_unit, mcsim's (lines) and the paper's (points): the CM-5
// paper's Figures 8-13. Needs one node count and one density.
PlotSpec comm_plot(const ExperimentResult& result);

// One line per cell: the axes, the sample statistics of communication time, phases, host time.
std::string sweep_csv(const ExperimentResult& result, const ReportOptions& options);


}  // namespace mcsim
