// The files a scenario's outputs become, named after its CSV path: the CSVs (the first at csv_path,
// the others at its stem + suffix) and the plot drawn by gnuplot at stem + ".svg". Drawn and named
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

}  // namespace mcsim
