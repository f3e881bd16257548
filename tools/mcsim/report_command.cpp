// mcsim report: runs the bundled reproductions (all, or those --only names) through the loop of
// `reproduce --all` (suite_run.hpp: --shard, --resume and --from-shards as there) and writes, into
// one directory, each one's files and a static index.html that sets them side by side with the
// papers (sim/output/html_report.hpp), all at once. Nothing needs a server or a script to read it.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <type_traits>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/output/html_report.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/scenario/scenario_outputs.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "suite_run.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

std::vector<MachineParameter> assumed_parameters(const MachineSpec& spec) {
  std::vector<MachineParameter> assumed;
  for (const auto& p : make_machine(spec)->parameters())
    if (p.assumption) assumed.push_back(p);
  return assumed;
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "report", "Run the bundled reproductions and write DIR/index.html: per paper, every table beside the paper's,\n"
                "agreement figures, plots, assumed parameters, notes and the CSV files (static HTML, no script)");
  static SuiteOptions suite{.command = "report", .out = "report", .keep_files = true};
  static std::string scenarios, only;
  cmd->add_option("-o,--out", suite.out, "Directory to write index.html and every reproduction's files into")
      ->capture_default_str()
      ->check(output_path());
  cmd->add_option("--only", only, "Comma-separated experiment IDs (default: every bundled one)");
  cmd->add_option("--samples", suite.samples, "Matrices per cell (default: each scenario's)")
      ->check(whole_number(1, max_samples));
  cmd->add_option("-j,--jobs", suite.jobs, "Simulation processes at once (default: the cores available)")
      ->check(whole_number(0, 1024));
  cmd->add_flag("--deterministic", suite.deterministic, "Leave out host-time measurements (byte-identical tables)");
  cmd->add_flag("-q,--quiet", suite.quiet, "No progress line");
  cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
  suite.stored.add_to(cmd);
  suite.work.add_to(cmd);
  cmd->callback([cmd] {
    namespace fs = std::filesystem;
    suite.directory = scenario_directory(scenarios);
    suite.only = split_list(only);
    if (cmd->count("--only") > 0 && suite.only.empty())
      throw Error("--only", fmt::format("'{}' names no experiment", only));
    const std::string index = (fs::path(suite.out) / "index.html").string();
    check_output_paths({index});
    const std::vector<SuiteMember> members = run_suite(suite);  // each reproduction's files kept, not written
    if (suite.stored.shard) return;                              // a shard: its shard files, no report

    std::vector<ReportedScenario> reported;
    std::vector<std::pair<std::string, std::string>> written;
    for (const SuiteMember& member : members) {
      const ScenarioOutputs& outputs = *member.outputs;
      ReportedScenario r{header(member.scenario), outputs.printed, {}, {}, outputs.agreement, {}, {}};
      for (const auto& [path, text] : member.made.files) {
        const std::string name = fs::path(path).filename().string();
        (name.ends_with(".svg") ? r.pictures : r.files).push_back(name);
      }
      if (const auto machines = member.scenario.kind().machines(); !machines.empty()) {
        r.machine = machines.front().name;
        r.assumptions = assumed_parameters(machines.front());
      }
      reported.push_back(std::move(r));
      written.insert(written.end(), member.made.files.begin(), member.made.files.end());
    }
    const std::string how = fmt::format(
        "Made by `mcsim report`{}{}{}. Each section: the paper's numbers and mcsim's side by side (paper / mcsim / "
        "ratio), the agreement figures the run computed, its plot, and its notes; the machine "
        "parameters the models had to assume are listed per paper.",
        suite.samples ? fmt::format(" with {} sample(s) per cell", *suite.samples)
                      : std::string(" with each scenario's samples"),
        suite.deterministic ? ", deterministic" : "", suite.only.empty() ? "" : ", for " + only);
    written.emplace_back(index, report_index_html(reported, how));
    write_files_atomically(written);
    for (const auto& [path, text] : written) show("wrote {}\n", path);
  });
}

}  // namespace mcsim::cli
