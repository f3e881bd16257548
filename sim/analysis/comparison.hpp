// The paper-vs-mcsim comparison of a simulation: one row per (row kind, series, x) with the paper's
// value and mcsim's. Computed here; printed and written by report.hpp, summed up by agreement.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../core/experiment_result.hpp"
#include "../core/result_table.hpp"

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

// The rows of a comparison table (comparison_result_table's columns: row, series, x, paper, mcsim),
// read back at the table's digits: what the agreement is computed from, so that it, the CSV and the
// claims read one table. Throws mcsim::Error for a table without those columns.
std::vector<ComparisonRow> comparison_rows_of(const ResultTable& table);

// Needs a scenario with one node count and one density. Throws mcsim::Error otherwise.
std::vector<ComparisonRow> comparison_rows(const ExperimentResult& result, const ReportOptions& options);

}  // namespace mcsim
