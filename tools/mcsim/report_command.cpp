// mcsim report: runs the bundled reproductions (all, or those --only names) and writes, into one
// directory, each one's CSV files and plot and a static index.html that sets them side by side with
// the papers (sim/output/html_report.hpp). Nothing needs a server or a script to read it.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <type_traits>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/output/html_report.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/scenario/scenario_files.hpp"
#include "../../sim/scenario/scenario_outputs.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "progress.hpp"
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
  static std::string out = "report", scenarios, only;
  static std::optional<int> samples;
  static int jobs = 0;
  static bool deterministic = false, quiet = false;
  cmd->add_option("-o,--out", out, "Directory to write index.html and every reproduction's files into")
      ->capture_default_str()
      ->check(output_path());
  cmd->add_option("--only", only, "Comma-separated experiment IDs (default: every bundled one)");
  cmd->add_option("--samples", samples, "Matrices per cell (default: each scenario's)")->check(whole_number(1, max_samples));
  cmd->add_option("-j,--jobs", jobs, "Simulation processes at once (default: the cores available)")
      ->check(whole_number(0, 1024));
  cmd->add_flag("--deterministic", deterministic, "Leave out host-time measurements (byte-identical tables)");
  cmd->add_flag("-q,--quiet", quiet, "No progress line");
  cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
  static WorkLimit work;
  work.add_to(cmd);
  cmd->callback([cmd] {
    namespace fs = std::filesystem;
    const std::string directory = scenario_directory(scenarios);
    const std::vector<fs::path> files = scenario_files_in(directory);
    const std::vector<std::string> wanted = split_list(only);
    if (cmd->count("--only") > 0 && wanted.empty()) throw Error("--only", fmt::format("'{}' names no experiment", only));
    for (const auto& id : wanted)
      if (std::none_of(files.begin(), files.end(), [&](const fs::path& f) { return f.stem() == id; }))
        throw Error("--only", fmt::format("no experiment '{}' in {}; `mcsim list experiments` shows them", id, directory));
    // Every scenario is read (and its machine checked) before any simulation starts.
    std::vector<fs::path> chosen_files;
    for (const auto& file : files)
      if (wanted.empty() || std::find(wanted.begin(), wanted.end(), file.stem().string()) != wanted.end())
        chosen_files.push_back(file);
    const std::vector<Scenario> chosen = load_scenarios(chosen_files);
    if (chosen.empty()) throw Error(directory, "has no scenario (*.toml)");
    // Every file's place, checked before the first simulation.
    std::vector<std::string> outputs = scenario_file_names(out, chosen);
    outputs.push_back((fs::path(out) / "index.html").string());
    check_output_paths(outputs);
    // ... and its work bounded (one reproduction at a time, as `reproduce` bounds it).
    for (const Scenario& scenario : chosen) {
      RunOptions run;
      run.samples = samples;
      work.check(scenario, run, header(scenario).path);
    }

    std::vector<ReportedScenario> reported;
    std::vector<std::pair<std::string, std::string>> written;
    for (const Scenario& scenario : chosen) {
      const ScenarioHeader& h = header(scenario);
      Progress progress(h.id, !quiet);
      RunOptions run;
      run.samples = samples;
      run.workers = jobs > 0 ? jobs : default_workers();
      run.progress = [&progress](std::size_t done, std::size_t total) { progress(done, total); };
      const ScenarioOutputs outputs = run_scenario(scenario, run, ReportOptions{.host_times = !deterministic});
      const auto scenario_out = scenario_files(outputs, (fs::path(out) / (h.id + ".csv")).string());
      ReportedScenario r{h, outputs.printed, {}, {}, outputs.agreement, {}, {}};
      for (const auto& [path, text] : scenario_out) {
        const std::string name = fs::path(path).filename().string();
        (name.ends_with(".svg") ? r.pictures : r.files).push_back(name);
      }
      if (const auto machines = scenario.kind().machines(); !machines.empty()) {
        r.machine = machines.front().name;
        r.assumptions = assumed_parameters(machines.front());
      }
      reported.push_back(std::move(r));
      written.insert(written.end(), scenario_out.begin(), scenario_out.end());
    }
    const std::string how = fmt::format(
        "Made by `mcsim report`{}{}{}. Each section: the paper's numbers and mcsim's side by side (paper / mcsim / "
        "ratio), the agreement figures the run computed, its plot, and its notes; the machine "
        "parameters the models had to assume are listed per paper.",
        samples ? fmt::format(" with {} sample(s) per cell", *samples) : std::string(" with each scenario's samples"),
        deterministic ? ", deterministic" : "", wanted.empty() ? "" : ", for " + only);
    written.emplace_back((fs::path(out) / "index.html").string(), report_index_html(reported, how));
    write_files_atomically(written);
    for (const auto& [path, text] : written) show("wrote {}\n", path);
  });
}

}  // namespace mcsim::cli
