// The browsable report (`mcsim report --out DIR`): one static index.html for every bundled
// reproduction, grouped by paper: per scenario its side-by-side table (paper / mcsim / ratio), the
// agreement figures computed from its CSV, its plot, the machine parameters that are assumptions,
// the scenario's notes (where known disagreements are explained) and links to its CSV files. Plain
// HTML and CSS, no script, readable offline.
#pragma once

#include <string>
#include <vector>

#include "../core/machine_spec.hpp"
#include "../core/scenario_spec.hpp"

namespace mcsim {

struct ReportedScenario {
  ScenarioHeader header;
  std::string printed;                        // the report `mcsim reproduce` prints
  std::vector<std::string> files;             // CSV files written, relative to the index
  std::vector<std::string> pictures;          // the SVGs written, relative to the index
  std::string main_csv;                       // the first CSV's text, for the agreement figures
  std::string machine;                        // "" for scenarios without a machine
  std::vector<MachineParameter> assumptions;  // the machine's parameters whose source is an assumption
};

// Agreement figures from a report CSV: with columns paper, mcsim and ratio, per row kind the cells
// with both numbers and the median and range of mcsim / paper; with a column agree (region maps),
// the share of cells where mcsim's fastest series is the paper's. Empty when the CSV has neither.
std::vector<std::string> agreement_figures(const std::string& csv);

// The paper a scenario belongs to: its source up to the year ("Guo and Pan 2005, sec. 5" -> "Guo and
// Pan 2005"); the id's prefix when the source has no year.
std::string paper_of(const ScenarioHeader& header);

std::string report_index_html(const std::vector<ReportedScenario>& scenarios, const std::string& how_made);

}  // namespace mcsim
