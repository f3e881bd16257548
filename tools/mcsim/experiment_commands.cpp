// mcsim run / reproduce / sweep: run a scenario (from a file, a bundled experiment, or the command
// line) and write what it measured.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/scheduler.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/output/plot.hpp"
#include "../../sim/output/report.hpp"
#include "../../sim/scenario/experiment.hpp"
#include "../../sim/scenario/scenario.hpp"
#include "../../sim/scenario/scenario_files.hpp"
#include "../../sim/scenario/scenario_outputs.hpp"
#include "../../sim/scenario/sensitivity.hpp"
#include "../../sim/runner/task_store.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "suite_progress.hpp"
#include "stored_run.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

struct CommonOptions {
  std::optional<int> samples;
  std::optional<std::uint64_t> seed;
  int jobs = 0;
  bool deterministic = false;
  bool quiet = false;
  std::vector<std::string> cfg;
  std::vector<std::string> machine_options;
  StoredRunFlags stored;
  WorkLimit work;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--machine-option", machine_options,
                    "Change a machine parameter, key=value (repeatable), e.g. node_interface=duplex; "
                    "`mcsim list machines -v` shows the published defaults");
    cmd->add_option("--samples", samples, "Matrices per cell (default: the scenario's; the papers used 50)")
        ->check(whole_number(1, max_samples));
    cmd->add_option("--seed", seed, "Seed of every random choice (same seed, same output)")
        ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()));
    cmd->add_option("-j,--jobs", jobs, "Simulation processes at once (default: the cores available)")
        ->check(whole_number(0, 1024));
    cmd->add_flag("--deterministic", deterministic,
                  "Leave out host-time measurements (comp rows): output is then byte-identical for a seed");
    cmd->add_flag("-q,--quiet", quiet, "No progress line");
    cmd->add_option("--cfg", cfg, "SimGrid setting key:value, passed to every simulation (repeatable)")
        ->check(simgrid_setting());
    stored.add_to(cmd);
    work.add_to(cmd);
  }

  // The bound before work: refuses a run whose estimate is above --max-work (`runs` times the
  // scenario for a sensitivity study). A shard runs its share of the tasks, a merge none of them
  // (their results are in the shard files).
  void check_work(const Scenario& scenario, const std::string& where, double runs = 1) const {
    double share = 1;
    if (stored.from_shards)
      share = 0;
    else if (stored.shard)
      share = 1.0 / static_cast<double>(parse_shard(*stored.shard, "--shard").count);
    work.check(scenario, run_options({}), where, share, runs);
  }

  // The options that decide what a run computes and reports, as command words (a run's identity,
  // compared by --from-shards and --resume); -j, -q and where the output goes are left out.
  std::vector<std::string> words() const {
    std::vector<std::string> w;
    for (const auto& option : machine_options) w.insert(w.end(), {"--machine-option", option});
    if (samples) w.insert(w.end(), {"--samples", std::to_string(*samples)});
    if (seed) w.insert(w.end(), {"--seed", std::to_string(*seed)});
    if (deterministic) w.push_back("--deterministic");
    for (const auto& setting : cfg) w.insert(w.end(), {"--cfg", setting});
    return w;
  }

  // Applies --machine-option on top of the scenario's [machine.options] (a mapping-metrics
  // scenario builds its own meshes and takes none).
  void apply_machine_options(Scenario& scenario) const {
    if (machine_options.empty()) return;
    MachineSpec* machine = scenario.kind().machine();
    if (!machine) throw Error("--machine-option", "this scenario has no [machine] to change");
    apply_machine_options(*machine);
  }
  void apply_machine_options(MachineSpec& machine) const {
    for (const auto& option : machine_options) {
      const auto eq = option.find('=');
      if (eq == std::string::npos || eq == 0)
        throw Error("--machine-option", fmt::format("'{}' is not key=value", option));
      machine.options[option.substr(0, eq)] = option.substr(eq + 1);
    }
  }

  RunOptions run_options(const TaskProgress& progress) const {
    RunOptions o;
    o.samples = samples;
    o.seed = seed;
    o.workers = jobs > 0 ? jobs : default_workers();
    o.simulation.simgrid_config = cfg;
    o.progress = progress;
    return o;
  }
};

// A machine file and the files it starts from (base = "...", nearest first): a change to any of them
// changes the machine.
void add_machine_files(const MachineSpec& machine, std::vector<std::string>& inputs) {
  if (!names_machine_file(machine.name)) return;
  inputs.push_back(machine.name);
  const MachineFile file = read_machine(machine);
  inputs.insert(inputs.end(), file.bases.begin(), file.bases.end());
}

// The files a scenario's run reads (the scenario file unless it has none, its matrix file, its
// machine files): part of the run's identity.
std::vector<std::string> input_files(const Scenario& scenario, const std::string& scenario_file) {
  std::vector<std::string> inputs;
  if (!scenario_file.empty()) inputs.push_back(scenario_file);
  for (const std::string& file : scenario.kind().input_files()) inputs.push_back(file);
  for (const MachineSpec& machine : scenario.kind().machines()) add_machine_files(machine, inputs);
  return inputs;
}

// `run --machine NAME|FILE`: the scenario runs on that machine (instead of its [machine] name, file
// or names), with its own node counts and options.
void replace_machine(Scenario& scenario, const std::string& machine) { scenario.kind().replace_machine(machine); }

// Runs a scenario of any kind, prints its report, writes its files (and its plot, beside the CSV
// with the extension .svg); `command` and `scenario_file` identify the run (shards, --resume).
// `suite_progress` replaces the scenario's own progress line (reproduce --all shows one for all);
// `reuse` holds the results of tasks run before in this process (reproduce --all).
void run_and_report(Scenario scenario, const std::string& csv_path, const CommonOptions& common,
                    std::vector<std::string> command, const std::string& scenario_file,
                    const TaskProgress& suite_progress = {}, TaskResults* reuse = nullptr) {
  common.apply_machine_options(scenario);
  common.check_work(scenario, header(scenario).path);
  const std::vector<std::string> inputs = input_files(scenario, scenario_file);
  const auto words = common.words();
  command.insert(command.end(), words.begin(), words.end());
  Progress progress(header(scenario).id, !common.quiet);
  const TaskProgress own = [&progress](std::size_t done, std::size_t total) { progress(done, total); };
  RunOptions run_options = common.run_options(suite_progress ? suite_progress : own);
  run_options.reuse = reuse;
  run_stored(command, inputs, csv_path, scenario_file_names(csv_path), common.stored, run_options,
             [&](const RunOptions& run) {
               const ScenarioOutputs outputs =
                   run_scenario(scenario, run, ReportOptions{.host_times = !common.deterministic});
               // The plot is drawn first and every file is written at once: a failure leaves none of them.
               return Made{outputs.printed, scenario_files(outputs, csv_path)};
             });
}

template <class T>
std::vector<T> parse_list(const std::string& text, const std::string& flag, std::int64_t maximum) {
  std::vector<T> values;
  for (const auto& item : split_list(text)) values.push_back(static_cast<T>(parse_integer(item, flag, 1, maximum)));
  if (values.empty()) throw Error(flag, "needs at least one value");
  return values;
}


// Every scenario of `directory`, in name order: all are read first (a bad one stops the run before
// any simulation), then each runs as `reproduce ID` would; one that fails is reported in the summary
// and the others still run. A simulation task that an earlier reproduction already ran (the same
// machine, matrix, schedulers and sizes: wang94-fig6..9 are wang94-fig5's tasks at one density) is
// taken from it, not run again.
void reproduce_all(const std::string& directory, const std::string& out, const CommonOptions& common) {
  namespace fs = std::filesystem;
  const std::vector<Scenario> scenarios = load_scenarios(scenario_files_in(directory));
  if (scenarios.empty()) throw Error(directory, "has no scenario (*.toml)");
  check_output_paths(scenario_file_names(out, scenarios));  // every reproduction's, before the first runs
  if (common.stored.shard || common.stored.from_shards)
    throw Error("reproduce --all", fmt::format("{} is for one reproduction; shard and merge each ID on its own",
                                               common.stored.shard ? "--shard" : "--from-shards"));
  SuiteProgress suite(scenarios.size(), !common.quiet);
  TaskResults shared_tasks;
  for (const Scenario& scenario : scenarios) {
    const std::string id = header(scenario).id;
    suite.begin(id);
    try {
      run_and_report(scenario, (fs::path(out) / (id + ".csv")).string(), common,
                     {"reproduce", id, "--scenarios", fs::absolute(directory).lexically_normal().string()},
                     header(scenario).path, [&suite](std::size_t done, std::size_t total) { suite.tasks(done, total); },
                     &shared_tasks);
      suite.end(true);
    } catch (const Error& e) {
      suite.end(false, e.what());
    }
  }
  print_text(suite.summary());
  if (suite.failures() > 0)
    throw Error("reproduce --all", fmt::format("{} of {} reproductions failed (see the summary)", suite.failures(),
                                               scenarios.size()));
}

}  // namespace

void add_experiment_commands(CLI::App& app) {  // run, reproduce, sweep, sensitivity
  // --- run -----------------------------------------------------------------------------------
  {
    auto* cmd = app.add_subcommand("run", "Run a scenario file (TOML) and write its results as CSV");
    static std::string file, out;
    static CommonOptions common;
    cmd->add_option("scenario", file, "Scenario file, e.g. scenarios/ranka92-table3.toml")->required();
    cmd->add_option("-o,--out", out, "CSV file to write (default: results/ID.csv)")->check(output_path());
    static std::string machine;
    cmd->add_option("--machine", machine,
                    std::string(machine_option_help) + ". Replaces the scenario's [machine] name, file or names; "
                                                       "its node counts and options stay");
    common.add_to(cmd);
    cmd->callback([] {
      Scenario scenario = load_scenario(file);
      std::vector<std::string> command{"run", std::filesystem::absolute(file).lexically_normal().string()};
      if (!machine.empty()) {
        replace_machine(scenario, machine);
        command.insert(command.end(), {"--machine", machine});
      }
      run_and_report(scenario, out.empty() ? "results/" + header(scenario).id + ".csv" : out, common, command, file);
    });
  }
  // --- reproduce -------------------------------------------------------------------------------
  {
    auto* cmd = app.add_subcommand(
        "reproduce", "Reproduce a paper table or figure: print paper and mcsim side by side, write DIR/ID.csv\n"
                     "(tables: experiment,row,series,x,paper,mcsim,ratio; region maps and mapping metrics name\n"
                     "their own columns in the header). `mcsim list experiments` shows the IDs.");
    static std::string id, out = "results", scenarios;
    static bool all = false;
    static CommonOptions common;
    cmd->add_option("id", id, "Experiment ID, e.g. ranka92-table3");
    cmd->add_flag("--all", all, "Every bundled reproduction, one after another, with one progress line and a summary "
                                "of each one's time at the end");
    cmd->add_option("-o,--out", out, "Directory for ID.csv")->capture_default_str()->check(output_path());
    cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
    common.add_to(cmd);
    cmd->callback([] {
      if (all == !id.empty()) throw Error("reproduce", "give one experiment ID or --all");
      if (all) {
        reproduce_all(scenario_directory(scenarios), out, common);
        return;
      }
      const auto path = std::filesystem::path(scenario_directory(scenarios)) / (id + ".toml");
      if (!std::filesystem::exists(path))
        throw Error("reproduce", fmt::format("no experiment '{}' (no file {}); `mcsim list experiments` shows them", id,
                                             path.string()));
      const Scenario scenario = load_scenario(path.string());
      std::vector<std::string> command{"reproduce", id};
      if (!scenarios.empty())
        command.insert(command.end(),
                       {"--scenarios", std::filesystem::absolute(scenarios).lexically_normal().string()});
      run_and_report(scenario, (std::filesystem::path(out) / (header(scenario).id + ".csv")).string(), common,
                     command, path.string());
    });
  }
  // --- sweep -----------------------------------------------------------------------------------
  {
    auto* cmd = app.add_subcommand(
        "sweep", "Sweep node count, density, message unit and scheduler on one machine; write one CSV line per cell");
    static std::string machine = "cm5", workload = "random-density", nodes = "32", density = "8",
                       units = "16,256,4096", strategy, out = "results/sweep.csv";
    static std::vector<std::string> schedulers;
    static CommonOptions common;
    cmd->add_option("--machine", machine, machine_option_help)->capture_default_str();
    cmd->add_option("--nodes", nodes, "Node counts, comma-separated")->capture_default_str();
    cmd->add_option("--workload", workload, "Workload (mcsim list workloads)")->capture_default_str();
    cmd->add_option("--density", density, "Densities d, comma-separated")->capture_default_str();
    cmd->add_option("--msg-unit", units, "Message units in bytes, comma-separated")->capture_default_str();
    cmd->add_option("--scheduler", schedulers,
                    "Scheduler, repeatable; a comma-separated list when no scheduler has parameters, e.g. LP,CGM "
                    "or --scheduler CGMH:lambda=7/8,reset=off (default LP,CGM,CGM+sort,AC)");
    cmd->add_option("--strategy", strategy, "Force one strategy for every scheduler (mcsim list strategies)");
    cmd->add_option("-o,--out", out, "CSV file to write")->capture_default_str()->check(output_path());
    common.add_to(cmd);
    cmd->callback([] {
      SimulationScenario s;
      s.id = "sweep";
      s.title = "command-line sweep";
      s.path = "sweep";
      s.machine.name = machine;
      s.nodes = parse_list<int>(nodes, "--nodes", std::numeric_limits<int>::max());
      s.machine.nodes = s.nodes.front();
      s.workload.name = workload;
      s.workload.where = "--workload";
      s.densities = parse_list<int>(density, "--density", std::numeric_limits<int>::max());
      s.workload.density = s.densities.front();
      s.msg_units = parse_list<std::uint64_t>(units, "--msg-unit", static_cast<std::int64_t>(max_message_bytes));
      std::vector<std::string> names;
      for (const auto& item : schedulers.empty() ? std::vector<std::string>{"LP,CGM,CGM+sort,AC"} : schedulers)
        for (const auto& name : item.find(':') == std::string::npos ? split_list(item) : std::vector<std::string>{item})
          names.push_back(name);
      for (const auto& name : names) {
        SeriesSpec series{name, name, {find_scheduler(name, "--scheduler")}, std::nullopt, false};
        if (!strategy.empty()) series.strategy = strategy_from_string(strategy, "--strategy");
        s.series.push_back(series);
      }
      if (s.series.empty()) throw Error("--scheduler", "needs at least one scheduler");
      s.samples = common.samples.value_or(5);
      s.seed = common.seed.value_or(1);
      common.apply_machine_options(s.machine);
      const Scenario scenario = simulation_scenario(s);
      common.check_work(scenario, "sweep");
      std::vector<std::string> command{"sweep", "--machine", machine, "--nodes", nodes, "--workload", workload,
                                       "--density", density, "--msg-unit", units};
      for (const auto& name : names) command.insert(command.end(), {"--scheduler", name});
      if (!strategy.empty()) command.insert(command.end(), {"--strategy", strategy});
      const auto words = common.words();
      command.insert(command.end(), words.begin(), words.end());
      Progress progress(s.id, !common.quiet);
      run_stored(command, input_files(scenario, ""), out, {out}, common.stored, common.run_options(progress),
                 [&](const RunOptions& run) {
                   const auto result = run_experiment(s, run);
                   const std::string csv = sweep_csv(result, ReportOptions{.host_times = !common.deterministic});
                   return Made{csv, {{out, csv}}};
                 });
    });
  }
  // --- sensitivity -----------------------------------------------------------------------------
  {
    auto* cmd = app.add_subcommand(
        "sensitivity",
        "Run a reproduction once per change of one machine parameter (every number x0.5 and x2, every named\n"
        "alternative) and show how its agreement with the paper moves: mcsim/paper median and range and the\n"
        "pairs of series ordered as in the paper (tables), or the cells that agree (region maps). Writes\n"
        "DIR/ID.sensitivity.csv and .svg. Defaults stay as they are (cited, or named assumptions): this informs, it does not fit.");
    static std::string id, out = "results", scenarios, factors = "0.5,2";
    static std::vector<std::string> only;
    static CommonOptions common;
    cmd->add_option("id", id, "Experiment ID, e.g. wang94-fig5")->required();
    cmd->add_option("-o,--out", out, "Directory for ID.sensitivity.csv and .svg")->capture_default_str()
        ->check(output_path());
    cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
    cmd->add_option("--factors", factors, "Factors applied to every numeric option, comma-separated")
        ->capture_default_str();
    cmd->add_option("--option", only, "Vary only this machine option (repeatable; default: every option)");
    common.add_to(cmd);
    cmd->callback([] {
      const auto path = std::filesystem::path(scenario_directory(scenarios)) / (id + ".toml");
      if (!std::filesystem::exists(path))
        throw Error("sensitivity", fmt::format("no experiment '{}' (no file {}); `mcsim list experiments` shows them",
                                               id, path.string()));
      Scenario scenario = load_scenario(path.string());
      common.apply_machine_options(scenario);
      SensitivityOptions options;
      options.only = only;
      options.factors.clear();
      for (const auto& item : split_list(factors)) options.factors.push_back(parse_real(item, "--factors"));
      if (options.factors.empty()) throw Error("--factors", "needs at least one factor");
      const std::filesystem::path stem = std::filesystem::path(out) / (header(scenario).id + ".sensitivity");
      const std::string csv = stem.string() + ".csv", svg = stem.string() + ".svg";
      const std::size_t variants = plan_sensitivity(scenario, options).variants.size();
      common.check_work(scenario, header(scenario).path, static_cast<double>(variants));
      Progress progress(fmt::format("{} sensitivity ({} runs)", id, variants), !common.quiet);
      RunOptions run = common.run_options(progress);
      run.progress = {};  // one progress line for the whole study, by variant
      // Its identity: the study's words (the factors as given, every --option) and the common options.
      std::vector<std::string> command{"sensitivity", id};
      if (!scenarios.empty())
        command.insert(command.end(),
                       {"--scenarios", std::filesystem::absolute(scenarios).lexically_normal().string()});
      command.insert(command.end(), {"--factors", factors});
      for (const auto& option : only) command.insert(command.end(), {"--option", option});
      const auto words = common.words();
      command.insert(command.end(), words.begin(), words.end());
      const std::vector<std::string> inputs = input_files(scenario, path.string());
      run_stored(command, inputs, csv, {csv, svg}, common.stored, run, [&](const RunOptions& r) {
        const SensitivityResult result = run_sensitivity(
            scenario, r, options, [&progress](std::size_t done, std::size_t total) { progress(done, total); });
        return Made{sensitivity_text(result),
                    {{csv, sensitivity_csv(result)}, {svg, render_plot_svg(sensitivity_plot(result), svg)}}};
      });
    });
  }
}

}  // namespace mcsim::cli
