// The paper-vs-mcsim comparison of a reproduction, as the one ResultTable the kinds build: a row
// per (row kind, series, x) with the paper's value, mcsim's and mcsim / paper (columns experiment,
// row, series, x, paper, mcsim, ratio). The CSV, the terminal texts, the report's pages and the
// agreement (agreement.hpp) all read this table.
#pragma once

#include <optional>
#include <string>

#include "../core/experiment_result.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

class ComparisonTable {
 public:
  explicit ComparisonTable(std::string experiment);
  // A row: paper, mcsim and mcsim / paper (of the unrounded values) at 6 significant digits.
  void add(std::string row, std::string series, std::string x, std::optional<double> paper,
           std::optional<double> mcsim);
  // A row whose mcsim is a time in ms to the nanosecond ("%.6f"), paper and ratio as in add: for a
  // text that prints times to a fixed number of decimals, so that the table holds every digit shown.
  void add_time_ms(std::string row, std::string series, std::string x, std::optional<double> paper, double ms);
  const ResultTable& table() const { return table_; }
  ResultTable take() && { return std::move(table_); }

 private:
  void add_cells(std::string row, std::string series, std::string x, std::optional<double> paper, ResultCell mcsim,
                 std::optional<double> ratio);
  std::string experiment_;
  ResultTable table_;
};

struct ReportOptions {
  // Host-time rows (comp, comp_vs_LP) are measurements of this computer and differ from run to run;
  // leave them out for byte-identical output.
  bool host_times = true;
};

// Needs a scenario with one node count and one density. Throws mcsim::Error otherwise.
ResultTable comparison_result_table(const ExperimentResult& result, const ReportOptions& options);

}  // namespace mcsim
