// mcsim run / reproduce / sweep: run a scenario (from a file, a bundled experiment, or the command
// line) and write what it measured.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/first_repeat.hpp"
#include "../../sim/core/scheduler.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/output/plot.hpp"
#include "../../sim/output/report.hpp"
#include "../../sim/output/sweep_plot.hpp"
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
#include "suite_run.hpp"
#include "stored_run.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

struct CommonOptions {
  std::optional<int> samples;
  std::optional<std::uint64_t> seed;
  std::optional<int> max_nodes;
  int jobs = 0;
  bool deterministic = false;
  bool quiet = false;
  std::vector<std::string> cfg;
  SharingOption sharing;
  std::vector<std::string> machine_options;
  StoredRunFlags stored;
  WorkLimit work;

  // `size_limit`: the command takes --max-nodes (run, reproduce: a scenario's node counts).
  void add_to(CLI::App* cmd, bool size_limit = false) {
    cmd->add_option("--machine-option", machine_options,
                    "Change a machine parameter, key=value (repeatable), e.g. node_interface=duplex; "
                    "`mcsim list machines -v` shows the published defaults");
    cmd->add_option("--samples", samples, "Matrices per cell (default: the scenario's; the papers used 50)")
        ->check(whole_number(1, max_samples));
    cmd->add_option("--seed", seed, "Seed of every random choice (same seed, same output)")
        ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()));
    if (size_limit)
      cmd->add_option("--max-nodes", max_nodes,
                      "Simulate no machine of more than N nodes: a node axis keeps its counts up to N, a mapping "
                      "scenario simulates B(n) up to 2^n <= N (a quick, smaller run of the same series)")
          ->check(whole_number(1, std::numeric_limits<int>::max()));
    cmd->add_option("-j,--jobs", jobs, "Simulation processes at once (default: the cores available)")
        ->check(whole_number(0, 1024));
    cmd->add_flag("--deterministic", deterministic,
                  "Leave out host-time measurements (comp rows): output is then byte-identical for a seed");
    cmd->add_flag("-q,--quiet", quiet, "No progress line");
    cmd->add_option("--cfg", cfg, "SimGrid setting key:value, passed to every simulation (repeatable)")
        ->check(simgrid_setting());
    sharing.add_to(cmd);
    stored.add_to(cmd);
    work.add_to(cmd);
  }

  // The bound before work: refuses a run whose estimate is above --max-work (`runs` times the
  // scenario for a sensitivity study). A shard runs its share of the tasks, a merge none of them
  // (their results are in the shard files).
  // Returns the estimate and the share of its tasks this process runs.
  std::pair<WorkEstimate, double> check_work(const Scenario& scenario, const std::string& where, double runs = 1) const {
    double share = 1;
    if (stored.from_shards)
      share = 0;
    else if (stored.shard)
      share = 1.0 / static_cast<double>(parse_shard(*stored.shard, "--shard").count);
    return {work.check(scenario, run_options({}), where, share, runs), share};
  }

  // The request of `command` with the options that decide what a run computes and reports (a
  // run's identity, compared by --from-shards and --resume); -j, -q and where the output goes are
  // left out. The command adds its own (scenario, sweep axes, ...).
  RunRequest request(std::string command) const {
    RunRequest r;
    r.command = std::move(command);
    for (const auto& option : machine_options) {
      const auto eq = option.find('=');  // apply_machine_options refused one without '=' before
      r.machine_options.emplace_back(option.substr(0, eq), eq == std::string::npos ? "" : option.substr(eq + 1));
    }
    r.samples = samples;
    r.seed = seed;
    r.max_nodes = max_nodes;
    r.deterministic = deterministic;
    r.simgrid_settings = SharingOption::simgrid_settings(cfg);
    r.sharing = sharing.request(cfg);
    return r;
  }

  // Applies --max-nodes (run, reproduce) and --machine-option to the scenario.
  void apply_to(Scenario& scenario) const {
    if (max_nodes) scenario.kind().limit_nodes(*max_nodes);
    apply_machine_options(scenario);
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
    for (const auto& option : machine_options) set_machine_option(machine, option);
  }

  RunOptions run_options(const TaskProgress& progress) const {
    RunOptions o;
    o.samples = samples;
    o.seed = seed;
    o.workers = jobs > 0 ? jobs : default_workers();
    o.simulation.simgrid_config = SharingOption::simgrid_settings(cfg);
    o.simulation.sharing_request = sharing.request(cfg);
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
// with the extension .svg); `request` and `scenario_file` identify the run (shards, --resume).
// `suite_progress` replaces the scenario's own progress line (a suite shows one for all); `reuse`
// holds the results of tasks run before in this process, `kept` takes what it prints and writes
// (a suite: suite_run.hpp). Returns its outputs, or nothing when a shard ran its share.
std::optional<ScenarioOutputs> run_and_report(Scenario scenario, const std::string& csv_path,
                                              const CommonOptions& common, const RunRequest& request,
                                              const std::string& scenario_file,
                                              const TaskProgress& suite_progress = {}, TaskResults* reuse = nullptr,
                                              Made* kept = nullptr) {
  common.apply_to(scenario);
  common.check_work(scenario, header(scenario).path);
  const std::vector<std::string> inputs = input_files(scenario, scenario_file);
  Progress progress(header(scenario).id, !common.quiet);
  const TaskProgress own = [&progress](std::size_t done, std::size_t total) { progress(done, total); };
  RunOptions run_options = common.run_options(suite_progress ? suite_progress : own);
  run_options.reuse = reuse;
  std::optional<ScenarioOutputs> made_from;
  run_stored(request, inputs, csv_path, scenario_file_names(csv_path), common.stored, run_options,
             [&](const RunOptions& run) {
               made_from = run_scenario(scenario, run, ReportOptions{.host_times = !common.deterministic});
               // The plot is drawn first and every file is written at once: a failure leaves none of them.
               return Made{made_from->printed, scenario_files(*made_from, csv_path)};
             },
             kept);
  return made_from;
}

template <class T>
std::vector<T> parse_list(const std::string& text, const std::string& flag, std::int64_t maximum) {
  std::vector<T> values;
  std::vector<std::string> shown;
  for (const auto& item : split_list(text)) {
    values.push_back(static_cast<T>(parse_integer(item, flag, 1, maximum)));
    shown.push_back(fmt::format("{}", values.back()));
  }
  if (values.empty()) throw Error(flag, "needs at least one value");
  if (const auto k = first_repeat(shown)) throw Error(flag, fmt::format("'{}' is listed twice", shown[*k]));
  return values;
}


// The request of `reproduce ID` (with --scenarios DIR unless `scenarios` is "": the bundled ones).
RunRequest reproduce_request(const CommonOptions& common, const std::string& id, const std::string& scenarios) {
  RunRequest request = common.request("reproduce");
  request.scenario = id;
  request.scenarios = scenarios;
  return request;
}

// The options of a suite run (reproduce --all, report) as a reproduction takes them, and back.
CommonOptions common_of(const SuiteOptions& o) {
  CommonOptions common;
  common.samples = o.samples;
  common.seed = o.seed;
  common.max_nodes = o.max_nodes;
  common.jobs = o.jobs;
  common.deterministic = o.deterministic;
  common.quiet = o.quiet;
  common.cfg = o.cfg;
  common.sharing = o.sharing;
  common.machine_options = o.machine_options;
  common.stored = o.stored;
  common.work = o.work;
  return common;
}
SuiteOptions suite_of(const CommonOptions& c) {
  return {.samples = c.samples, .seed = c.seed, .max_nodes = c.max_nodes, .jobs = c.jobs, .deterministic = c.deterministic,
          .quiet = c.quiet, .cfg = c.cfg, .sharing = c.sharing, .machine_options = c.machine_options, .stored = c.stored,
          .work = c.work};
}

}  // namespace

std::optional<ScenarioOutputs> run_reproduction(const Scenario& scenario, const std::string& csv,
                                                const SuiteOptions& options, const TaskProgress& progress,
                                                TaskResults* reuse, Made* kept) {
  const CommonOptions common = common_of(options);
  const std::string id = header(scenario).id;
  RunRequest request =
      reproduce_request(common, id, std::filesystem::absolute(options.directory).lexically_normal().string());
  request.machine = options.machine;
  return run_and_report(scenario, csv, common, request, header(scenario).path, progress, reuse, kept);
}

std::pair<WorkEstimate, double> check_reproduction(const Scenario& scenario, const SuiteOptions& options) {
  const CommonOptions common = common_of(options);
  Scenario changed = scenario;
  common.apply_to(changed);
  return common.check_work(changed, header(changed).path);
}

// What a sweep prints: its grid in a few lines, one per (nodes, density, msg_unit) with each
// scheduler's mean communication time and the fastest named; the CSV holds the rest (sd, min, max,
// phases). Printing the CSV itself put hundreds of columns-wide lines on the terminal (issue 49).
std::string sweep_summary(const ExperimentResult& result) {
  const SimulationScenario& s = result.scenario;
  std::string out = fmt::format("sweep on {}: {} cells x {} sample(s); mean communication time, ms\n", result.machine_name,
                                result.cells.size(), result.samples);
  std::vector<std::size_t> widths;
  out += fmt::format("{:>6} {:>7} {:>9}", "nodes", "density", "msg_unit");
  for (const auto& series : s.series) {
    widths.push_back(std::max<std::size_t>(series.label.size(), 10));
    out += fmt::format("  {:>{}}", series.label, widths.back());
  }
  out += "  fastest\n";
  for (std::size_t first = 0; first < result.cells.size(); first += s.series.size()) {
    const CellResult& cell = result.cells[first];
    out += fmt::format("{:>6} {:>7} {:>9}", cell.nodes, cell.density, cell.msg_unit);
    std::size_t fastest = first;
    for (std::size_t i = first; i < first + s.series.size() && i < result.cells.size(); ++i) {
      const double mean = summarize(result.cells[i].comm_s).mean;
      if (mean < summarize(result.cells[fastest].comm_s).mean) fastest = i;
      out += fmt::format("  {:>{}.4g}", mean * 1e3, widths[i - first]);
    }
    out += fmt::format("  {}\n", s.series[result.cells[fastest].series].label);
  }
  return out;
}

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
    common.add_to(cmd, true);
    cmd->callback([] {
      Scenario scenario = load_scenario(file);
      RunRequest request = common.request("run");
      request.scenario = std::filesystem::absolute(file).lexically_normal().string();
      if (!machine.empty()) {
        replace_machine(scenario, machine);
        request.machine = machine;
      }
      run_and_report(scenario, out.empty() ? "results/" + header(scenario).id + ".csv" : out, common, request, file);
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
    common.add_to(cmd, true);
    cmd->callback([] {
      if (all == !id.empty()) throw Error("reproduce", "give one experiment ID or --all");
      if (all) {
        SuiteOptions suite = suite_of(common);
        suite.command = "reproduce --all";
        suite.directory = scenario_directory(scenarios);
        suite.out = out;
        (void)run_suite(suite);
        return;
      }
      const auto path = std::filesystem::path(scenario_directory(scenarios)) / (id + ".toml");
      if (std::error_code ec; !std::filesystem::exists(std::filesystem::symlink_status(path, ec)))  // a looping link is there: load_scenario says ELOOP
        throw Error("reproduce", fmt::format("no experiment '{}' (no file {}); `mcsim list experiments` shows them", id,
                                             path.string()));
      const Scenario scenario = load_scenario(path.string());
      run_and_report(scenario, (std::filesystem::path(out) / (header(scenario).id + ".csv")).string(), common,
                     reproduce_request(common, id,
                                       scenarios.empty()
                                           ? ""
                                           : std::filesystem::absolute(scenarios).lexically_normal().string()),
                     path.string());
    });
  }
  // --- sweep -----------------------------------------------------------------------------------
  {
    auto* cmd = app.add_subcommand(
        "sweep", "Sweep node count, density, message unit and scheduler on one machine; write one CSV line per cell\n"
                 "and, beside it (STEM.svg), the grid's picture: a panel per node count and density, time against\n"
                 "msg_unit, a line per scheduler (mean) with bars from the fastest to the slowest sample. A CSV\n"
                 "written through a device or FIFO (-o /dev/stdout) comes without the picture.");
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
    cmd->add_option("-o,--out", out, "CSV file to write (the SVG goes beside it)")->capture_default_str()->check(output_path());
    static bool force = false;
    cmd->add_flag("--force", force, "Replace the CSV and SVG an earlier run left at -o (refused without it)");
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
      if (const auto k = first_repeat(names)) throw Error("--scheduler", fmt::format("'{}' is listed twice", names[*k]));
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
      RunRequest request = common.request("sweep");
      request.machine = machine;
      request.nodes = s.nodes;
      request.workload = workload;
      request.densities = s.densities;
      request.msg_units = s.msg_units;
      request.schedulers = names;
      request.strategy = strategy;
      // The grid's picture goes beside the CSV (its stem + .svg), unless the CSV is written through a
      // device or FIFO (-o /dev/stdout), beside which no file can be named.
      std::vector<std::string> outputs{out};
      bool beside = true;
      try {
        beside = !is_written_through(out);
      } catch (const Error&) {
        // No output may take `out` ('', "DIR/", a directory): run_stored refuses it with the reason
        // that fits the run (a shard's or a report's).
      }
      if (beside) outputs.push_back(std::filesystem::path(out).replace_extension().string() + ".svg");
      Progress progress(s.id, !common.quiet);
      RunOptions options = common.run_options(progress);
      // A shard writes its shard file, not these outputs.
      if (!force && !common.stored.shard) options.inputs_checked = [&] { refuse_replacing(outputs, "--force"); };
      // A CSV on the standard output (-o /dev/stdout) is the output: no summary printed into it.
      bool on_stdout = false;
      try {
        on_stdout = is_standard_output(out);
      } catch (const Error&) {
      }
      run_stored(request, input_files(scenario, ""), out, outputs, common.stored, options,
                 [&](const RunOptions& run) {
                   const auto result = run_experiment(s, run);
                   const ResultTable table = sweep_result_table(result, ReportOptions{.host_times = !common.deterministic});
                   Made made{on_stdout ? "" : sweep_summary(result), {{out, table_csv(table)}}};
                   if (outputs.size() > 1) made.files.emplace_back(outputs[1], render_plot_svg(sweep_plot(table), outputs[1]));
                   return made;
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
    static std::string machine;
    cmd->add_option("--machine", machine,
                    std::string(machine_option_help) + ". Studies the reproduction on it in place of its own: how "
                                                       "a what-if's agreement with the paper moves");
    common.add_to(cmd);
    cmd->callback([] {
      const auto path = std::filesystem::path(scenario_directory(scenarios)) / (id + ".toml");
      if (std::error_code ec; !std::filesystem::exists(std::filesystem::symlink_status(path, ec)))  // a looping link is there: load_scenario says ELOOP
        throw Error("sensitivity", fmt::format("no experiment '{}' (no file {}); `mcsim list experiments` shows them",
                                               id, path.string()));
      Scenario scenario = load_scenario(path.string());
      if (!machine.empty()) {
        // Not replace_machine: the study is of the agreement with the paper, so the paper stays.
        MachineSpec* spec = scenario.kind().machine();
        if (!spec || scenario.kind().machines().size() != 1)
          throw Error("--machine", fmt::format("{} does not run on one [machine] to replace", id));
        spec->name = machine;
      }
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
      // Its identity: the study's factors, every --option and the common options.
      RunRequest request = common.request("sensitivity");
      request.scenario = id;
      if (!scenarios.empty()) request.scenarios = std::filesystem::absolute(scenarios).lexically_normal().string();
      request.factors = options.factors;
      request.varied_options = only;
      request.machine = machine;
      const std::vector<std::string> inputs = input_files(scenario, path.string());
      run_stored(request, inputs, csv, {csv, svg}, common.stored, run, [&](const RunOptions& r) {
        const SensitivityResult result = run_sensitivity(
            scenario, r, options, [&progress](std::size_t done, std::size_t total) { progress(done, total); });
        return Made{sensitivity_text(result),
                    {{csv, table_csv(sensitivity_table(result))}, {svg, render_plot_svg(sensitivity_plot(result), svg)}}};
      });
    });
  }
}

}  // namespace mcsim::cli
