// The browsable report (`mcsim report --out DIR`): static pages for every bundled reproduction.
// index.html lists the papers and, per reproduction, its agreement at a glance (coloured cells from
// the typed Agreement); one page per paper (PAPER.html) gives per reproduction the comparison as
// HTML tables (paper / mcsim / ratio, from the comparison table the run made, the one its CSV
// renders; mcsim's values with their units where the paper printed none), the region map, the
// pictures inline, the notes, every machine's parameters with their sources and an "assumption"
// mark, and links to the CSV files. Sections other parts of the report make (a paper's claims
// and their verdicts) are handed in as ReportSection and placed on their paper's page. One style
// sheet (html_page.hpp), light and dark, no script, nothing loaded from a network.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../analysis/agreement.hpp"
#include "../analysis/comparison.hpp"
#include "../analysis/region_map.hpp"
#include "../core/experiment_result.hpp"
#include "../core/machine_spec.hpp"
#include "../core/result_table.hpp"
#include "../core/scenario_spec.hpp"

namespace mcsim {

// A machine a reproduction ran on, as the report shows it.
struct ReportedMachine {
  std::string name;   // the machine file's own name (for a machine given by its path too)
  std::string title;  // the file's one-line description
  int nodes = 0;
  std::vector<MachineParameter> parameters;  // all of them, assumptions marked
};

struct ReportedScenario {
  ScenarioHeader header;
  std::vector<std::string> files;        // CSV files written, relative to the pages
  std::vector<std::string> pictures;     // the SVGs written, relative to the pages
  std::optional<Agreement> agreement;    // with the paper, as the run computed it (none: no paper numbers)
  std::optional<ResultTable> comparison; // the paper-vs-mcsim table the run made (none: the kind has none)
  std::optional<ResultTable> regions;    // a region map's table: mcsim's fastest series beside the paper's
  std::vector<ResultTable> measured;     // values the paper printed none of (a machines axis, the overhead)
  std::vector<ReportedMachine> machines; // every machine it ran on (an axis: each), none for a kind without
};

// A section of a paper's page made elsewhere (the paper's claims with their verdicts): placed after
// the page's summary, before the reproductions, in the order given.
struct ReportSection {
  std::string paper;  // as paper_of() names the paper
  std::string id;     // the section's anchor on the page (letters, digits, '-')
  std::string title;
  std::string html;   // the section's body, complete HTML (its text already escaped)
};

// A file of the report: its name in the report's directory and its text.
struct ReportPage {
  std::string file;
  std::string html;
};

// The paper a scenario belongs to: its source up to the year ("Guo and Pan 2005, sec. 5" -> "Guo and
// Pan 2005"); the id's prefix when the source has no year.
std::string paper_of(const ScenarioHeader& header);

// Each paper of these scenarios (in the order they first appear) and the file of its page: the id
// prefix of its first scenario, lower-case ("ranka92-table3" -> "ranka92.html"), with "-2", "-3"
// added where two papers would share a name (or "index").
struct PaperPage {
  std::string paper;
  std::string file;
};
std::vector<PaperPage> paper_pages(const std::vector<ScenarioHeader>& headers);

// index.html, then one page per paper: `pages` are paper_pages() of the scenarios' headers (the
// caller has them already: it checked their paths before running). `how_made` says which command
// and options made the report.
std::vector<ReportPage> report_pages(const std::vector<ReportedScenario>& scenarios,
                                     const std::vector<PaperPage>& pages, const std::string& how_made,
                                     const std::vector<ReportSection>& sections = {});

}  // namespace mcsim
