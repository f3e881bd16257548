// The files a scenario's outputs become, named after its CSV path: the CSVs (the first at csv_path,
// the others at its stem + suffix), its agreement with the paper at stem + ".agreement.csv" (where
// it compares with one: sim/output/agreement_table.hpp) and the plot drawn by gnuplot at stem + ".svg". Drawn and named
// here, written by the caller all at once (write_files_atomically), so `reproduce`, `run` and
// `report` name them alike.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scenario_outputs.hpp"

namespace mcsim {

std::vector<std::pair<std::string, std::string>> scenario_files(const ScenarioOutputs& outputs,
                                                                 const std::string& csv_path);

// The names known before the scenario runs: the CSV, its plot's (stem + ".svg") and its agreement
// file's (written only where the scenario compares with a paper), for
// check_output_paths (-o X.svg would give both one name).
std::vector<std::string> scenario_file_names(const std::string& csv_path);
// Those of reproductions written side by side into `directory` as ID.csv (reproduce --all, report).
std::vector<std::string> scenario_file_names(const std::string& directory, const std::vector<Scenario>& scenarios);

}  // namespace mcsim
