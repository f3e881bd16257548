// mcsim bench: the cost of one simulation, stage by stage, measured in a fresh process
// (wall time of each stage and the process's peak resident memory).
#include <sys/resource.h>

#include <chrono>
#include <optional>

#include <fmt/format.h>

#include "../../sim/core/scheduler.hpp"
#include "../../sim/core/plan_validator.hpp"
#include "../../sim/engine/executor.hpp"
#include "../../sim/engine/isolated.hpp"
#include "../../topologies/machines.hpp"
#include "../../sim/workloads/workloads.hpp"
#include "commands.hpp"

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
  static std::vector<std::string> cfg;
  cmd->add_option("--machine", machine, "Machine")->capture_default_str();
  cmd->add_option("--nodes", nodes, "Node count")->capture_default_str();
  cmd->add_option("--density", density, "Density d of the workload")->capture_default_str();
  cmd->add_option("--workload", workload, "Workload (`mcsim list workloads`)")->capture_default_str();
  cmd->add_option("--strategy", strategy, "Communication strategy (default: the scheduler's own; S1, S2 accepted)");
  cmd->add_option("--scheduler", scheduler, "Scheduler")->capture_default_str();
  cmd->add_option("--msg-unit", unit, "Message unit in bytes")->capture_default_str();
  cmd->add_option("--seed", seed, "Seed")->capture_default_str();
  cmd->add_option("--repeat", repeat, "Independent runs (each in a fresh process)")->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--cfg", cfg, "SimGrid setting key:value (repeatable), e.g. network/optim:Full");
  cmd->callback([] {
    const MachineSpec spec{machine, nodes, {}};
    (void)make_machine(spec);  // bad node counts fail here, before any process starts
    const SchedulerChoice entry = find_scheduler(scheduler, "--scheduler");
    const std::optional<Strategy> chosen =
        strategy.empty() ? std::nullopt : std::optional<Strategy>(strategy_from_string(strategy, "--strategy"));
    const WorkloadSpec work{workload, density, {}, {}, "--workload"};
    {
      Rng probe(0);
      (void)generate_workload(work, nodes, probe);  // bad workloads fail before any process starts
    }
    fmt::print("bench: {} with {} nodes, {} d={}, {}{}, msg_unit {} B\n", machine, nodes, workload, density, scheduler,
               chosen ? fmt::format(" ({})", to_string(*chosen)) : std::string(), unit);
    fmt::print("{:>4} {:>12} {:>12} {:>12} {:>12} {:>10} {:>14} {:>12}\n", "run", "generate_s", "schedule_s",
               "simulate_s", "total_s", "phases", "messages", "peak_MiB");
    const auto lines = run_isolated(
        static_cast<std::size_t>(repeat),
        [&](std::size_t r) {
          const auto t0 = std::chrono::steady_clock::now();
          auto m = make_machine(spec);
          Rng matrix_rng(derive_seed(seed, "bench-matrix", r));
          const CommMatrix matrix = generate_workload(work, nodes, matrix_rng).scaled(unit);
          const double generate = seconds_since(t0);
          Rng rng(derive_seed(seed, "bench-schedule", r));
          Schedule schedule = run_scheduler(entry, {matrix, m->hints(), rng});
          validate_plan(schedule.plan, matrix, entry.spec);
          if (chosen) schedule.plan.strategy = *chosen;
          const std::size_t phases = schedule.phases(), messages = schedule.plan.message_count();
          std::string counts;  // the scheduler's own operation counts, e.g. CGMH's heap operations
          for (const auto& [name, value] : schedule.operations)
            counts += fmt::format("{}{}={}", counts.empty() ? "" : ", ", name, value);
          const auto t1 = std::chrono::steady_clock::now();
          std::vector<Job> jobs{Job{std::move(schedule.plan), derive_seed(seed, "bench-routes", r)}};
          const auto runs = simulate(*m, jobs, SimulationOptions{cfg});
          const double simulate_s = seconds_since(t1);
          return fmt::format("{:>4} {:>12.3f} {:>12.4f} {:>12.3f} {:>12.3f} {:>10} {:>14} {:>12.1f}   (simulated {:.3f} ms)\n"
                             "{}",
                             r, generate, schedule.host_seconds, simulate_s, seconds_since(t0), phases, messages,
                             static_cast<double>(peak_rss_kib()) / 1024.0, runs.front().communication_time() * 1e3,
                             counts.empty() ? std::string() : fmt::format("     scheduler counts: {}\n", counts));
        },
        1);
    for (const auto& line : lines) fmt::print("{}", line);
  });
}

}  // namespace mcsim::cli
