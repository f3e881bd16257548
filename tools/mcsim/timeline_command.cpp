// mcsim timeline: one schedule of one matrix on one machine, recorded: every message with its start
// and end (CSV), what every node's program and interface did (CSV and a picture, one row per node),
// and on request every link's load (CSV and the machine drawn with its links coloured) and a Paje
// trace, and a replay page (--html): what a teacher shows to explain why one schedule beats another.
#include <algorithm>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/scheduler.hpp"
#include "../../sim/runner/pipeline.hpp"
#include "../../sim/output/link_load_picture.hpp"
#include "../../sim/output/node_timeline_picture.hpp"
#include "../../sim/output/replay_page.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/output/report.hpp"
#include "../../sim/runner/sample_seeds.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

void add_timeline_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "timeline", "Simulate one schedule of one matrix, with --html a replay to play in a browser. Writes every "
                  "message's start and end (CSV and SVG); the replay, STEM.html, opens at MS milliseconds when its "
                  "address ends in #t=MS (file:///.../timeline.html#t=2.5)");
  static std::string machine = "cm5", workload = "random-density", variant, scheduler = "CGM", strategy,
                     out = "results/timeline.csv";
  static int nodes = 32, density = 8, sample = 0;
  static std::uint64_t unit = 1024, seed = 1, traffic = 4096;
  static int fan_out = 32;
  static double nonuniformity = 1.0 / 32, keep = 1;
  static std::vector<std::string> machine_options;
  static bool link_load = false, html = false;
  static double load_scale = 0;
  static std::string trace;
  cmd->add_option("--machine", machine, machine_option_help)->capture_default_str();
  cmd->add_option("--machine-option", machine_options, "Machine parameter key=value (repeatable)");
  cmd->add_option("--nodes", nodes, "Node count")->capture_default_str()->check(whole_number(1, std::numeric_limits<int>::max()));
  cmd->add_option("--workload", workload, "Workload (mcsim list workloads)")->capture_default_str();
  cmd->add_option("--density", density, "Density d")->capture_default_str()->check(whole_number(1, std::numeric_limits<int>::max()));
  cmd->add_option("--variant", variant, "Workload variant (cfd-standin: 2800 or 53961)");
  cmd->add_option("--fan-out", fan_out, "bounded-traffic: fan-out k")->capture_default_str();
  cmd->add_option("--nonuniformity", nonuniformity, "bounded-traffic: l (l*t goes to (1-l)*k nodes)")
      ->capture_default_str();
  cmd->add_option("--traffic", traffic, "bounded-traffic: traffic t per node, in length units")->capture_default_str();
  cmd->add_option("--keep", keep, "bounded-traffic: probability of keeping each message")->capture_default_str();
  cmd->add_option("--scheduler", scheduler, "Scheduler spec, e.g. CGMH:lambda=7/8")->capture_default_str();
  cmd->add_option("--strategy", strategy, "Override the scheduler's strategy");
  cmd->add_option("--msg-unit", unit, "Message unit in bytes")->capture_default_str()
      ->check(whole_number<std::uint64_t>(1, max_message_bytes));
  cmd->add_option("--seed", seed, "Seed")->capture_default_str()
      ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()));
  cmd->add_option("--sample", sample, "Which sample of the seed (as in `mcsim run`)")->capture_default_str()
      ->check(whole_number(0, max_samples - 1));
  cmd->add_option("-o,--out", out, "CSV of the messages; beside it NAME.svg (the node timeline) and NAME.states.csv")
      ->capture_default_str()
      ->check(output_path());
  cmd->add_flag("--link-load", link_load,
                "Also write NAME.links.csv and NAME.links.svg: every link's bytes, busy and held-idle time, and the "
                "machine drawn with its links coloured by load");
  cmd->add_flag("--html", html,
                "Also write NAME.html: the run replayed in a browser (one file, no network): messages travelling "
                "over the machine drawn as --link-load draws it, links coloured by load, the node lanes, a time "
                "slider; beyond 20000 messages it draws a sample and says so. Its address may end in #t=MS to open it "
                "at MS milliseconds (NAME.html#t=2.5), as a link or a screenshot needs");
  cmd->add_option("--load-scale", load_scale,
                  "Utilisation at the top of the link-load colour scale (0: from the busiest link; give pictures "
                  "to be compared the same)")
      ->capture_default_str()
      ->check(real_number(0.0, 1.0));
  cmd->add_option("--trace", trace, "Also write a Paje trace of the run (SimGrid's platform and link usage, mcsim's "
                                    "node states) to this file")
      ->check(output_path());
  static SharingOption sharing;
  sharing.add_to(cmd);
  static WorkLimit work;
  work.add_to(cmd);
  cmd->callback([] {
    // Every output, named and checked before the simulation runs.
    const std::filesystem::path base(out);
    auto beside = [&](const std::string& suffix) {
      return (base.parent_path() / (base.stem().string() + suffix)).string();
    };
    std::vector<std::string> paths = {out, beside(".svg"), beside(".states.csv")};
    if (link_load) paths.insert(paths.end(), {beside(".links.csv"), beside(".links.svg")});
    if (html) paths.push_back(beside(".html"));
    if (!trace.empty()) paths.push_back(trace);
    check_files_beside(out);
    check_output_paths(paths);
    MachineSpec spec{machine, nodes, {}};
    for (const auto& option : machine_options) {
      const auto eq = option.find('=');
      if (eq == std::string::npos || eq == 0)
        throw Error("--machine-option", fmt::format("'{}' is not key=value", option));
      spec.options[option.substr(0, eq)] = option.substr(eq + 1);
    }
    const auto made = make_machine(spec);
    const std::string& shown_machine = made->name();  // a machine file's `name`, not its path
    const auto hints = made->hints();
    const SchedulerChoice choice = find_scheduler(scheduler, "--scheduler");
    check_schedulable(choice, hints, machine, "--scheduler");
    std::optional<Strategy> forced;
    if (!strategy.empty()) forced = strategy_from_string(strategy, "--strategy");
    // The same matrix and scheduler choices as sample `sample` of `mcsim run` with this seed.
    const SampleSeeds seeds{seed, nodes, density, sample};
    WorkloadSpec wanted{workload, density, "", variant, "--workload"};
    wanted.fan_out = fan_out, wanted.nonuniformity = nonuniformity, wanted.traffic = traffic, wanted.keep = keep;
    const double messages = max_workload_messages(wanted, nodes);
    const SharingRequest asked = sharing.request({});
    work.check({.tasks = job_work(*made, messages, *choice.entry, forced, asked),  // recorded or not, the same sharing
                .basis = fmt::format("one simulation, a matrix of up to {:.3g} messages", messages),
                .peak_bytes = job_memory(*made, messages, *choice.entry, forced)},
               "timeline");
    const CommMatrix matrix = workload_matrix(wanted, nodes, seeds.matrix()).scaled(unit);
    std::vector<CompiledJob> jobs;
    jobs.push_back(compile_job(matrix, choice, forced, hints, seeds.job(scheduler, unit)));
    const Strategy used = jobs.front().job.plan.strategy;
    SimulationOptions options;
    options.record = true;
    options.sharing_request = asked;
    // SimGrid writes the trace as it goes, in the simulation process: into a file in memory, written
    // out with the other files once the run has succeeded.
    std::optional<CapturedOutput> trace_file;
    if (!trace.empty()) options.paje_trace = trace_file.emplace(trace).writer_path();
    const JobRecord record = simulate_compiled_isolated(spec, std::move(jobs), options, /*keep_runs=*/true).at(0);
    const Run& run = *record.run;

    const std::string shape = workload == "bounded-traffic"
                                  ? fmt::format("k={} l={} t={}", fan_out, nonuniformity, traffic)
                                  : fmt::format("d={}", density);
    const bool protocol = static_cast<bool>(choice.entry->program);
    const std::string title =
        fmt::format("{} on {} {} nodes, {} {}, msg_unit {} B: {:.4g} ms {}", scheduler, shown_machine, nodes, workload, shape,
                    unit, run.communication_time() * 1e3,
                    protocol ? std::string("(run-time protocol)")
                             : fmt::format("in {} phases ({})", record.phases, to_string(used)));
    std::string csv = table_csv(messages_table(run));
    // Node programs that note what their nodes did besides (locks, sleeps, barriers): a second table.
    if (!run.spans.empty()) {
      csv += '\n';
      csv += table_csv(node_spans_table(run));
    }
    std::vector<std::pair<std::string, std::string>> files = {
        {out, csv},
        {beside(".svg"), node_timeline_svg(run, title)},
        {beside(".states.csv"), table_csv(node_states_table(run))}};
    if (link_load) {
      files.emplace_back(beside(".links.csv"), table_csv(link_load_table(run.links, run.communication_time())));
      files.emplace_back(beside(".links.svg"),
                         link_load_svg(made->platform().links(), nodes, run.links, run.communication_time(), "link load: " + title,
                                       load_scale));
    }
    std::vector<std::string> left_out;
    if (html) {
      const ReplayData replay = replay_data(run, made->platform().links(), title, [&](std::uint64_t bytes) {
        return static_cast<double>(made->library().wire_bytes(bytes));
      });
      left_out = replay.left_out;
      files.emplace_back(beside(".html"), replay_page(replay, title));
    }
    if (trace_file) {
      std::string paje = trace_file->text();
      // A Paje trace is lines of events: one that ends inside a line was cut short.
      if (!paje.ends_with('\n')) throw Error(trace, "the trace ends in the middle of a line: it was cut short");
      files.emplace_back(trace, std::move(paje));
    }
    write_files_atomically(files);
    show("{}: communication time {:.6g} ms, {} phases, {} messages\n", scheduler, run.communication_time() * 1e3,
         record.phases, run.messages.size());
    if (link_load) show("{}", link_load_summary(made->platform().links(), run.links, run.communication_time()));
    for (const auto& sentence : left_out) show("replay: left out: {}\n", sentence);
    for (const auto& [path, text] : files)
      show("wrote {}{}\n", path, path == trace ? " (Paje trace: pj_dump or vite)" : "");
  });
}

}  // namespace mcsim::cli
