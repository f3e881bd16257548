// mcsim claims [DIR]: the papers' claims (scenarios/claims/*.toml) judged from the tables the
// reproductions wrote into DIR (default docs/results, the committed results, or their copy installed
// beside the scenarios when mcsim runs outside the repository), without the HTML
// report: one line per claim on the terminal, the counts of each verdict, and claims.csv.
#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/output/claims_html.hpp"
#include "../../sim/output/csv_table.hpp"
#include "../../sim/output/html_report.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/scenario/claim_files.hpp"
#include "../../sim/scenario/result_tables.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

void add_claims_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "claims",
      "Judge every claim of the five papers (scenarios/claims/*.toml, docs/claims.md) from the tables the\n"
      "reproductions wrote into DIR: print claim, verdict (holds / partly / fails / not checkable) and the\n"
      "figure that decides it, the count of each verdict, and write the same as CSV (--out)");
  static std::string directory, out = "claims.csv", claims, scenarios;
  cmd->add_option("dir", directory,
                  "Directory of the reproductions' CSV files (ID.csv, ID.points.csv, ...); default: ./docs/results "
                  "where there is one (the repository's root), else the committed results installed beside the "
                  "scenarios (results/ of the scenarios directory)");
  cmd->add_option("-o,--out", out, "The CSV to write: claim,paper,cite,verdict,figure,paper_own_verdict,paper_own_figure,fails_if,statement")
      ->capture_default_str()
      ->check(output_path());
  cmd->add_option("--claims", claims, "Directory of claim files (default: claims/ of the scenarios directory)");
  cmd->add_option("--scenarios", scenarios, "Directory of scenario files: the reproductions a claim may name "
                                            "(default: the bundled scenarios/)");
  cmd->callback([] {
    namespace fs = std::filesystem;
    const std::string scenario_dir = scenario_directory(scenarios);
    // No directory given: the repository's results where mcsim runs in it, the bundled copy elsewhere.
    if (directory.empty())
      directory = fs::is_directory("docs/results") ? "docs/results" : (fs::path(scenario_dir) / "results").string();
    if (!fs::is_directory(directory)) throw Error(directory, "no such directory of results");
    check_output_paths({out});
    const KnownReproductions known = known_reproductions(load_scenarios(scenario_files_in(scenario_dir)));
    const std::string claim_dir = claims.empty() ? (fs::path(scenario_dir) / "claims").string() : claims;
    const std::vector<Claim> all = read_claim_files(claim_dir, known);
    const ResultTables tables = read_result_tables(directory, all);
    std::vector<ClaimVerdict> verdicts;
    for (const auto& claim : all) verdicts.push_back(judge_claim(claim, tables));

    std::string paper;
    for (const auto& v : verdicts) {
      if (v.claim->paper != paper) show("{}{}\n", paper.empty() ? "" : "\n", paper = v.claim->paper);
      show("{}", claim_text(v));
    }
    show("\n{} (tables from {})\n", verdict_counts_text(count_verdicts(verdicts)), directory);
    write_file_atomically(out, table_csv(claims_table(verdicts)));
    show("wrote {}\n", out);
  });
}

}  // namespace mcsim::cli
