// Runs a scenario of any kind and makes everything it reports: the text printed for the reader,
// the files (CSV) and the plot. The command line only decides where they go.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../analysis/agreement.hpp"
#include "../analysis/comparison.hpp"
#include "../analysis/region_map.hpp"
#include "experiment.hpp"
#include "../output/plot.hpp"
#include "../output/report.hpp"
#include "../core/result_table.hpp"
#include "scenario.hpp"

namespace mcsim {

struct ScenarioOutputs {
  std::string experiment;  // the scenario's id
  std::string printed;  // the side-by-side report
  struct File {
    std::string suffix;  // appended to the output's stem: ".csv", ".points.csv", ".sweep.csv"
    std::string text;
    // The result table the text renders (table_file); its name is set by run_scenario (ID plus the
    // suffix without ".csv"). None for a file that is no result table (a picture).
    std::optional<ResultTable> table;
  };
  std::vector<File> files;       // the first is the main CSV
  std::optional<PlotSpec> plot;  // drawn as stem + ".svg"
  std::optional<Agreement> agreement;  // where the output compares with a paper's numbers
  // The tables `printed` shows, for readers that lay them out themselves (the report's pages): the
  // paper-vs-mcsim table (comparison_result_table's columns: the main CSV's table where that is
  // it, a view of the mapping kind's) and a region map's table (region_result_table, the main CSV's).
  std::optional<ResultTable> comparison;
  std::optional<ResultTable> regions;
  // Values the paper printed none of to compare (a machines axis, a sweep, the overhead): result
  // tables, or views of one (table_pivot.hpp), as the report's pages show them.
  std::vector<ResultTable> measured;
};

// A CSV file of the result: the table and its one rendering (table_csv).
ScenarioOutputs::File table_file(std::string suffix, ResultTable table);

// Throws mcsim::Error for anything the scenario asks that cannot be done.
ScenarioOutputs run_scenario(const Scenario& scenario, const RunOptions& run, const ReportOptions& report);

}  // namespace mcsim
