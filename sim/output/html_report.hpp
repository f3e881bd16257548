// The browsable report (`mcsim report --out DIR`): one static index.html for every bundled
// reproduction, grouped by paper: per scenario its side-by-side table (paper / mcsim / ratio), the
// agreement figures the run computed (sim/analysis/agreement.hpp), its plot, the machine parameters that are assumptions,
// the scenario's notes (where known disagreements are explained) and links to its CSV files. Plain
// HTML and CSS, no script, readable offline.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../analysis/agreement.hpp"
#include "../core/machine_spec.hpp"
#include "../core/scenario_spec.hpp"

namespace mcsim {

struct ReportedScenario {
  ScenarioHeader header;
  std::string printed;                        // the report `mcsim reproduce` prints
  std::vector<std::string> files;             // CSV files written, relative to the index
  std::vector<std::string> pictures;          // the SVGs written, relative to the index
  std::optional<Agreement> agreement;         // with the paper, as the run computed it (none: no paper numbers)
  std::string machine;                        // "" for scenarios without a machine
  std::vector<MachineParameter> assumptions;  // the machine's parameters whose source is an assumption
};

// The paper a scenario belongs to: its source up to the year ("Guo and Pan 2005, sec. 5" -> "Guo and
// Pan 2005"); the id's prefix when the source has no year.
std::string paper_of(const ScenarioHeader& header);

std::string report_index_html(const std::vector<ReportedScenario>& scenarios, const std::string& how_made);

}  // namespace mcsim
