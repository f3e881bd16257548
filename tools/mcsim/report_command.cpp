// mcsim report: runs the bundled reproductions (all, or those --only names) through the loop of
// `reproduce --all` (suite_run.hpp: --shard, --resume and --from-shards as there) and writes, into
// one directory, each one's files and the static pages that set them side by side with the papers
// (index.html and one page per paper, sim/output/html_report.hpp), all at once. Nothing needs a
// server or a script to read them.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <limits>
#include <type_traits>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/output/claims_html.hpp"
#include "../../sim/output/csv_table.hpp"
#include "../../sim/output/html_report.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/scenario/claim_files.hpp"
#include "../../sim/scenario/result_tables.hpp"
#include "../../sim/scenario/scenario_outputs.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "suite_run.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

// A machine as the report shows it: the file's own name and title (a machine given by its path is
// named as its file names it), and every parameter with its source.
ReportedMachine reported_machine(const MachineSpec& spec) {
  const MachineFile file = read_machine(spec);
  return {file.name, file.title, spec.nodes, make_machine(spec)->parameters()};
}

// The files of the report besides each reproduction's: index.html, a page per paper, claims.csv.
std::vector<std::string> page_paths(const std::string& out, const std::vector<PaperPage>& pages) {
  std::vector<std::string> paths{(std::filesystem::path(out) / "index.html").string()};
  for (const auto& page : pages) paths.push_back((std::filesystem::path(out) / page.file).string());
  paths.push_back((std::filesystem::path(out) / "claims.csv").string());
  return paths;
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "report", "Run the bundled reproductions and write DIR/index.html (every paper, each reproduction's agreement\n"
                "at a glance) and a page per paper (DIR/ranka92.html, ...): every table beside the paper's with the\n"
                "ratios coloured, the plots, notes, each machine's parameters with sources and the CSV files\n"
                "(static HTML, light and dark, no script, nothing from a network)");
  static SuiteOptions suite{.command = "report", .out = "report", .keep_files = true};
  static std::string scenarios, only;
  cmd->add_option("-o,--out", suite.out, "Directory to write index.html, the papers' pages and every reproduction's files into")
      ->capture_default_str()
      ->check(output_path());
  cmd->add_option("--only", only, "Comma-separated experiment IDs (default: every bundled one)");
  cmd->add_option("--samples", suite.samples, "Matrices per cell (default: each scenario's)")
      ->check(whole_number(1, max_samples));
  cmd->add_option("--max-nodes", suite.max_nodes,
                  "Simulate no machine of more than N nodes, as `reproduce --max-nodes` (a quicker, smaller run of the "
                  "same series: --max-nodes 1024 simulates lo92-thm2's trees up to B(10), as its golden does)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  cmd->add_option("-j,--jobs", suite.jobs, "Simulation processes at once (default: the cores available)")
      ->check(whole_number(0, 1024));
  cmd->add_flag("--deterministic", suite.deterministic, "Leave out host-time measurements (byte-identical tables)");
  cmd->add_flag("-q,--quiet", suite.quiet, "No progress line");
  cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
  cmd->add_option("--machine", suite.machine,
                  "A machine name or a machine file's path: every chosen reproduction runs on it in place of its own "
                  "(as `run --machine`; pick those that run on one machine with --only), its tables mcsim's alone");
  suite.stored.add_to(cmd);
  suite.work.add_to(cmd);
  cmd->callback([cmd] {
    namespace fs = std::filesystem;
    suite.directory = scenario_directory(scenarios);
    suite.only = split_list(only);
    if (cmd->count("--only") > 0 && suite.only.empty())
      throw Error("--only", fmt::format("'{}' names no experiment", only));
    // Every scenario file read once: the chosen ones run; with claim files, all of them are the names
    // a claim may use.
    const fs::path claim_dir = fs::path(suite.directory) / "claims";
    // The papers' claims are about their own machines: not judged on another (--machine).
    const bool with_claims = fs::is_directory(claim_dir) && suite.machine.empty();
    std::vector<Scenario> all;
    std::vector<Scenario> chosen = suite_scenarios(suite, with_claims ? &all : nullptr);
    if (!suite.machine.empty())
      for (Scenario& scenario : chosen) {
        try {
          scenario.kind().replace_machine(suite.machine);
        } catch (const Error& e) {
          throw Error("", fmt::format("{}; give --only with the reproductions that run on one machine", e.what()));
        }
      }
    // The papers' pages, named from the chosen scenarios: checked with the reproductions' outputs,
    // before any run.
    std::vector<ScenarioHeader> headers;
    for (const Scenario& s : chosen) headers.push_back(header(s));
    const std::vector<PaperPage> pages = paper_pages(headers);
    suite.more_outputs = [paths = page_paths(suite.out, pages)](const std::vector<Scenario>&) { return paths; };
    // The papers' claims (scenarios/claims/, docs/claims.md) are read before any run, so a bad claim
    // file stops the report at once rather than after every reproduction.
    const std::vector<Claim> claims =  // outlives the verdicts, which point into it
        with_claims ? read_claim_files(claim_dir.string(), known_reproductions(all)) : std::vector<Claim>{};
    all.clear();
    // Each reproduction's files kept, not written; a failed one throws, so every chosen one reports.
    const std::vector<SuiteMember> members = run_suite(suite, std::move(chosen));
    if (suite.stored.shard) return;  // a shard: its shard files, no report

    std::vector<ReportedScenario> reported;
    std::vector<std::pair<std::string, std::string>> written;
    for (const SuiteMember& member : members) {
      const ScenarioOutputs& outputs = *member.outputs;
      ReportedScenario r{.header = header(member.scenario),
                         .agreement = outputs.agreement,
                         .comparison = outputs.comparison,
                         .regions = outputs.regions,
                         .measured = outputs.measured};
      for (const auto& [path, text] : member.made.files) {
        const std::string name = fs::path(path).filename().string();
        (name.ends_with(".svg") ? r.pictures : r.files).push_back(name);
      }
      for (const MachineSpec& machine : member.scenario.kind().machines()) r.machines.push_back(reported_machine(machine));
      reported.push_back(std::move(r));
      written.insert(written.end(), member.made.files.begin(), member.made.files.end());
    }
    const std::string how = fmt::format(
        "Made by `mcsim report`{}{}{}{}{}.",
        suite.samples ? fmt::format(" with {} sample(s) per cell", *suite.samples)
                      : std::string(" with each scenario's samples"),
        suite.max_nodes ? fmt::format(", machines of at most {} nodes", *suite.max_nodes) : std::string(),
        suite.deterministic ? ", deterministic" : "",
        suite.machine.empty() ? "" : fmt::format(", on {} in place of each reproduction's own machine", suite.machine),
        suite.only.empty() ? "" : fmt::format(", for {}", fmt::join(suite.only, ", ")));
    // The claims judged from the tables this run made: a section on each reported paper's page, and
    // claims.csv for those papers.
    std::vector<ReportSection> sections;
    if (!claims.empty()) {
      ResultTables tables;  // as the runs made them, not read back from their CSV text
      for (const SuiteMember& member : members) add_result_tables(*member.outputs, tables);
      std::vector<ClaimVerdict> verdicts;
      for (const PaperPage& page : pages)
        for (const Claim& claim : claims)
          if (claim.paper == page.paper) verdicts.push_back(judge_claim(claim, tables));
      for (const PaperPage& page : pages)
        if (const auto of_paper = verdicts_of_paper(verdicts, page.paper); !of_paper.empty())
          sections.push_back({.paper = page.paper, .id = "claims", .title = claims_section_title,
                              .html = claims_section_html(of_paper)});
      if (!verdicts.empty())
        written.emplace_back((fs::path(suite.out) / "claims.csv").string(), table_csv(claims_table(verdicts)));
    }
    for (const ReportPage& page : report_pages(reported, pages, how, sections))
      written.emplace_back((fs::path(suite.out) / page.file).string(), page.html);
    write_files_atomically(written);
    for (const auto& [path, text] : written) show("wrote {}\n", path);
  });
}

}  // namespace mcsim::cli
