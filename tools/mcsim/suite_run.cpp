#include "suite_run.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iterator>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/runner/task_store.hpp"
#include "../../sim/scenario/scenario_files.hpp"
#include "commands.hpp"
#include "suite_progress.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace fs = std::filesystem;

std::vector<Scenario> suite_scenarios(const SuiteOptions& options, std::vector<Scenario>* all) {
  const std::vector<fs::path> files = scenario_files_in(options.directory);
  for (const auto& id : options.only)
    if (std::none_of(files.begin(), files.end(), [&](const fs::path& f) { return f.stem() == id; }))
      throw Error("--only", fmt::format("no experiment '{}' in {}; `mcsim list experiments` shows them", id,
                                        options.directory));
  const auto chosen = [&](const fs::path& file) {
    return options.only.empty() ||
           std::find(options.only.begin(), options.only.end(), file.stem().string()) != options.only.end();
  };
  std::vector<Scenario> scenarios;
  if (all) {
    // Every file read once; the chosen ones copied from them.
    *all = load_scenarios(files);
    for (std::size_t k = 0; k < files.size(); ++k)
      if (chosen(files[k])) scenarios.push_back((*all)[k]);
  } else {
    std::vector<fs::path> picked;
    std::copy_if(files.begin(), files.end(), std::back_inserter(picked), chosen);
    scenarios = load_scenarios(picked);
  }
  if (scenarios.empty()) throw Error(options.directory, "has no scenario (*.toml)");
  return scenarios;
}

namespace {

// What the suite will cost, from each reproduction's work estimate (checked against --max-work
// here, before any runs): "report: 29 reproductions, 138 simulation tasks, about 62 s of CPU on
// this machine (3.9e+06 units of work at 16 us a unit; ...)", and, with --samples, the reproductions it does not
// change (they draw no random matrices) with their own estimates, the largest first.
std::string suite_estimate(const std::vector<Scenario>& scenarios, const SuiteOptions& options) {
  double units = 0, tasks = 0;
  bool more = false;
  std::vector<std::pair<double, std::string>> unsampled;  // (CPU seconds, ID)
  for (const Scenario& scenario : scenarios) {
    const auto [work, share] = check_reproduction(scenario, options);
    units += work.total(share);
    tasks += work.task_count * share;
    more = more || work.cut_short;
    if (options.samples && scenario.kind().samples(RunOptions{}) == 0)
      unsampled.emplace_back(work.total(share) * cpu_seconds_per_unit, header(scenario).id);
  }
  std::string text = fmt::format(
      "{}: {} reproduction{}, {:.0f} simulation task{}, about {}{:.0f} s of CPU on this machine ({:.2g} units of "
      "work at {:.0f} us a unit; good to about 2x)",
      options.command, scenarios.size(), scenarios.size() == 1 ? "" : "s", tasks, tasks == 1 ? "" : "s",
      more ? "more than " : "", units * cpu_seconds_per_unit, units, cpu_seconds_per_unit * 1e6);
  if (!unsampled.empty()) {
    std::sort(unsampled.begin(), unsampled.end(), std::greater<>());
    std::vector<std::string> named, quick;  // with their estimate; those under a second
    for (const auto& [seconds, id] : unsampled)
      if (seconds >= 0.5)
        named.push_back(fmt::format("{} ~{:.0f} s", id, seconds));
      else
        quick.push_back(id);
    if (!quick.empty()) named.push_back(fmt::format("{} under 1 s each", fmt::join(quick, ", ")));
    text += fmt::format(
        "\n{}: --samples does not change {} of them, which draw no random matrices (a deterministic run each; "
        "--max-nodes runs a smaller size of those that simulate large machines): {}",
        options.command, unsampled.size(), fmt::join(named, "; "));
  }
  return text;
}

}  // namespace

std::vector<SuiteMember> run_suite(const SuiteOptions& options) { return run_suite(options, suite_scenarios(options)); }

std::vector<SuiteMember> run_suite(const SuiteOptions& options, std::vector<Scenario> scenarios) {
  // Every reproduction's outputs, before the first runs (a shard's files go beside them).
  std::vector<std::string> outputs = scenario_file_names(options.out, scenarios);
  if (options.more_outputs)
    for (auto& path : options.more_outputs(scenarios)) outputs.push_back(std::move(path));
  check_output_paths(outputs);
  SuiteProgress suite(options.command, scenarios.size(), !options.quiet);
  suite.announce(suite_estimate(scenarios, options));  // and their work checked
  TaskResults shared_tasks;
  std::vector<SuiteMember> members;
  std::string first_failure;  // "ID: its error", for the one line that ends a failed suite
  for (Scenario& scenario : scenarios) {
    const std::string id = header(scenario).id;
    suite.begin(id);
    SuiteMember member{std::move(scenario), std::nullopt, {}};
    try {
      member.outputs = run_reproduction(
          member.scenario, (fs::path(options.out) / (id + ".csv")).string(), options,
          [&suite](std::size_t done, std::size_t total) { suite.tasks(done, total); },
          &shared_tasks, options.keep_files ? &member.made : nullptr);
      suite.end(true);
    } catch (const Error& e) {
      suite.end(false, e.what());
      if (first_failure.empty()) first_failure = fmt::format("{}: {}", id, e.what());
    }
    members.push_back(std::move(member));
  }
  print_text(suite.summary());
  if (suite.failures() > 0)
    throw Error(options.command, fmt::format("{} of {} reproductions failed (see the summary); {}{}", suite.failures(),
                                             members.size(), suite.failures() > 1 ? "the first, " : "",
                                             first_failure));
  return members;
}

}  // namespace mcsim::cli
