// mcsim bench: the cost of one simulation, stage by stage, measured in a fresh process
// (wall time of each stage and the process's peak resident memory).
#include <sys/resource.h>

#include <chrono>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../../sim/core/scheduler.hpp"
#include "../../sim/runner/pipeline.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {
double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

long peak_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}
}  // namespace

void add_bench_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Time one simulation stage by stage and report its peak memory");
  static std::string machine = "cm5", scheduler = "CGM", workload = "random-density", strategy;
  static int nodes = 512, density = 16, repeat = 1;
  static std::uint64_t unit = 1024, seed = 1;
  static std::vector<std::string> cfg, machine_options;
  cmd->add_option("--machine", machine, machine_option_help)->capture_default_str();
  // A machine at another size than its file's default shape needs its shape as an option, e.g.
  // --machine t3d --nodes 512 --machine-option sides=8x8x8.
  cmd->add_option("--machine-option", machine_options,
                  "Change a machine parameter, key=value (repeatable), e.g. sides=8x8x8 for the T3D at 512 nodes; "
                  "`mcsim list machines -v` shows the published defaults");
  cmd->add_option("--nodes", nodes, "Node count")->capture_default_str()->check(whole_number(1, std::numeric_limits<int>::max()));
  cmd->add_option("--density", density, "Density d of the workload")->capture_default_str()
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  cmd->add_option("--workload", workload, "Workload (`mcsim list workloads`)")->capture_default_str();
  cmd->add_option("--strategy", strategy, "Communication strategy (default: the scheduler's own; S1, S2 accepted)");
  cmd->add_option("--scheduler", scheduler, "Scheduler")->capture_default_str();
  cmd->add_option("--msg-unit", unit, "Message unit in bytes")->capture_default_str()
      ->check(whole_number<std::uint64_t>(1, max_message_bytes));
  cmd->add_option("--seed", seed, "Seed")->capture_default_str()
      ->check(whole_number<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()));
  cmd->add_option("--repeat", repeat, "Independent runs (each in a fresh process)")->capture_default_str()
      ->check(whole_number(1, 1000));
  cmd->add_option("--cfg", cfg, "SimGrid setting key:value (repeatable), e.g. network/optim:Full")
      ->check(simgrid_setting());
  static SharingOption sharing;
  sharing.add_to(cmd);
  static WorkLimit limit;
  limit.add_to(cmd);
  cmd->callback([] {
    MachineSpec spec{machine, nodes, {}};
    for (const auto& option : machine_options) set_machine_option(spec, option);
    const auto made = make_machine(spec);  // bad node counts fail here, before any process starts
    const SchedulingHints hints = made->hints();
    const SchedulerChoice entry = find_scheduler(scheduler, "--scheduler");
    const std::optional<Strategy> chosen =
        strategy.empty() ? std::nullopt : std::optional<Strategy>(strategy_from_string(strategy, "--strategy"));
    const WorkloadSpec work{workload, density, {}, {}, "--workload"};
    const double messages = max_workload_messages(work, nodes);
    limit.check({.tasks = repeat * job_work(*made, messages, *entry.entry, chosen, sharing.request(cfg)),
                 .basis = fmt::format("{} simulation{}, matrices of up to {:.3g} messages", repeat,
                                      repeat == 1 ? "" : "s", messages),
                 .peak_bytes = job_memory(*made, messages, *entry.entry, chosen)},
                "bench");
    (void)workload_matrix(work, nodes, 0).scaled(unit);  // bad workloads fail before any process starts
    check_schedulable(entry, hints, machine, "--scheduler");
    show("bench: {} with {} nodes{}, {} d={}, {}{}, msg_unit {} B\n", made->name(), nodes,
         machine_options.empty() ? std::string() : fmt::format(" ({})", fmt::join(machine_options, ", ")), workload,
         density, scheduler, chosen ? fmt::format(" ({})", to_string(*chosen)) : std::string(), unit);
    show("{:>4} {:>12} {:>12} {:>12} {:>12} {:>10} {:>14} {:>12}\n", "run", "generate_s", "schedule_s",
         "simulate_s", "total_s", "phases", "messages", "peak_MiB");
    // Each run in a fresh process, through the same pipeline as `mcsim run`: machine, matrix,
    // compile (schedule, validate, strategy), simulate; the child measures each stage.
    const auto records = run_tasks_isolated(
        static_cast<std::size_t>(repeat),
        [&](std::size_t r) {
          const auto t0 = std::chrono::steady_clock::now();
          auto m = make_machine(spec);
          const CommMatrix matrix = workload_matrix(work, nodes, derive_seed(seed, "bench-matrix", r)).scaled(unit);
          const double generate_s = seconds_since(t0);
          std::vector<CompiledJob> jobs;
          jobs.push_back(compile_job(matrix, entry, chosen, m->hints(),
                                     {derive_seed(seed, "bench-schedule", r), derive_seed(seed, "bench-routes", r)}));
          const double messages = static_cast<double>(jobs.front().job.plan.message_count());
          const auto t1 = std::chrono::steady_clock::now();
          SimulationOptions options{SharingOption::simgrid_settings(cfg)};
          options.sharing_request = sharing.request(cfg);
          auto out = simulate_compiled(*m, std::move(jobs), options);
          out.front().measured = {{"generate_s", generate_s}, {"simulate_s", seconds_since(t1)},
                                  {"total_s", seconds_since(t0)}, {"messages", messages},
                                  {"peak_MiB", static_cast<double>(peak_rss_kib()) / 1024.0}};
          return out;
        },
        1);
    for (std::size_t r = 0; r < records.size(); ++r) {
      const JobRecord& b = records[r].at(0);
      std::string counts;  // the scheduler's own operation counts, e.g. CGMH's heap operations
      for (const auto& [name, value] : b.operations) counts += fmt::format("{}{}={}", counts.empty() ? "" : ", ", name, value);
      show("{:>4} {:>12.3f} {:>12.4f} {:>12.3f} {:>12.3f} {:>10} {:>14} {:>12.1f}   (simulated {:.3f} ms)\n{}", r,
           b.measured.at("generate_s"), b.host_s, b.measured.at("simulate_s"), b.measured.at("total_s"), b.phases,
           static_cast<std::uint64_t>(b.measured.at("messages")), b.measured.at("peak_MiB"), b.comm_s * 1e3,
           counts.empty() ? std::string() : fmt::format("     scheduler counts: {}\n", counts));
      if (b.sharing) show("     sharing: {}\n", describe(*b.sharing));
    }
  });
}

}  // namespace mcsim::cli
