#include "experiment.hpp"

#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "../../schedulers/scheduler.hpp"
#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../core/plan_validator.hpp"

namespace mcsim {

Summary summarize(const std::vector<double>& values) {
  Summary s;
  if (values.empty()) return s;
  s.min = s.max = values.front();
  double sum = 0;
  for (double v : values) {
    sum += v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
  }
  s.mean = sum / static_cast<double>(values.size());
  if (values.size() > 1) {
    double squares = 0;
    for (double v : values) squares += (v - s.mean) * (v - s.mean);
    s.sd = std::sqrt(squares / static_cast<double>(values.size() - 1));
  }
  return s;
}

const CellResult& ExperimentResult::cell(std::size_t nodes_index, std::size_t density_index, std::size_t unit_index,
                                         std::size_t series_index) const {
  const auto& s = scenario;
  const std::size_t index =
      ((nodes_index * s.densities.size() + density_index) * s.msg_units.size() + unit_index) * s.series.size() +
      series_index;
  return cells.at(index);
}

namespace {

struct Task {
  std::size_t nodes_index, density_index;
  int sample;
};

std::string axis_label(int nodes, int density) { return fmt::format("n{}/d{}", nodes, density); }

WorkloadSpec workload_for(const Scenario& s, int density) {
  WorkloadSpec w = s.workload;
  w.density = density;
  return w;
}

// Runs in the task's own process: returns one line per (series, msg_unit):
// "series unit comm_s phases host_s" with exact (round-trip) doubles.
std::string run_task(const Scenario& s, std::uint64_t seed, const Task& task, const SimulationOptions& sim) {
  const int nodes = s.nodes[task.nodes_index];
  const int density = s.densities[task.density_index];
  MachineSpec spec = s.machine;
  spec.nodes = nodes;
  auto machine = make_machine(spec);
  const std::string axis = axis_label(nodes, density);
  Rng matrix_rng(derive_seed(seed, "matrix/" + axis, static_cast<std::uint64_t>(task.sample)));
  const CommMatrix lengths = generate_workload(workload_for(s, density), nodes, matrix_rng);
  const SchedulingHints hints = machine->hints();

  const std::size_t units = s.msg_units.size();
  const std::size_t job_count = s.series.size() * units;
  std::vector<double> phases(job_count), host(job_count), comm(job_count);
  simulate(
      *machine, job_count,
      [&](std::size_t k) {
        const SeriesSpec& series = s.series[k / units];
        const std::uint64_t unit = s.msg_units[k % units];
        const CommMatrix matrix = lengths.scaled(unit);
        Rng rng(derive_seed(seed, "schedule/" + axis + "/" + series.label, static_cast<std::uint64_t>(task.sample)));
        const SchedulerChoice scheduler = find_scheduler(series.scheduler, s.path);
        Schedule schedule = run_scheduler(scheduler, {matrix, hints, rng});
        validate_plan(schedule.plan, matrix, series.label);
        if (series.strategy) schedule.plan.strategy = *series.strategy;
        phases[k] = static_cast<double>(schedule.phases());
        host[k] = schedule.host_seconds;
        const std::uint64_t routes =
            derive_seed(seed, fmt::format("routes/{}/{}/u{}", axis, series.label, unit), static_cast<std::uint64_t>(task.sample));
        return Job{std::move(schedule.plan), routes};
      },
      [&](std::size_t k, Run&& run) { comm[k] = run.communication_time(); }, sim);

  std::string out;
  for (std::size_t k = 0; k < job_count; ++k)
    out += fmt::format("{} {} {:.17g} {:.17g} {:.17g}\n", k / units, k % units, comm[k], phases[k], host[k]);
  return out;
}

}  // namespace

ExperimentResult run_experiment(const Scenario& scenario, const RunOptions& options) {
  ExperimentResult result;
  result.scenario = scenario;
  result.samples = options.samples.value_or(scenario.samples);
  result.seed = options.seed.value_or(scenario.seed);
  if (result.samples < 1) throw Error("samples", fmt::format("must be at least 1, got {}", result.samples));
  const Scenario& s = result.scenario;

  // Check everything that can be checked before any process is started.
  for (int nodes : s.nodes) {
    MachineSpec spec = s.machine;
    spec.nodes = nodes;
    try {
      (void)make_machine(spec);
    } catch (const Error& e) {
      throw Error(s.path, e.what());
    }
    for (int density : s.densities) {
      Rng probe(0);
      (void)generate_workload(workload_for(s, density), nodes, probe);
    }
  }

  std::vector<Task> tasks;
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (int sample = 0; sample < result.samples; ++sample) tasks.push_back({n, d, sample});

  const auto outputs = run_isolated(
      tasks.size(), [&](std::size_t t) { return run_task(s, result.seed, tasks[t], options.simulation); },
      options.workers, options.progress);

  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (std::size_t u = 0; u < s.msg_units.size(); ++u)
        for (std::size_t k = 0; k < s.series.size(); ++k) {
          CellResult cell;
          cell.nodes = s.nodes[n];
          cell.density = s.densities[d];
          cell.msg_unit = s.msg_units[u];
          cell.series = k;
          cell.strategy = s.series[k].strategy.value_or(find_scheduler(s.series[k].scheduler, s.path).entry->default_strategy);
          result.cells.push_back(std::move(cell));
        }

  for (std::size_t t = 0; t < tasks.size(); ++t) {
    std::istringstream lines(outputs[t]);
    std::size_t series = 0, unit = 0;
    double comm = 0, phases = 0, host = 0;
    while (lines >> series >> unit >> comm >> phases >> host) {
      const std::size_t index =
          ((tasks[t].nodes_index * s.densities.size() + tasks[t].density_index) * s.msg_units.size() + unit) *
              s.series.size() +
          series;
      CellResult& cell = result.cells.at(index);
      cell.comm_s.push_back(comm);
      cell.phases.push_back(phases);
      cell.host_s.push_back(host);
    }
  }
  return result;
}

}  // namespace mcsim
