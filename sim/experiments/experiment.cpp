#include "experiment.hpp"

#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "../core/scheduler.hpp"
#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../core/plan_validator.hpp"
#include "sample_seeds.hpp"

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
  const SampleSeeds seeds{seed, nodes, density, task.sample};
  Rng matrix_rng(seeds.matrix());
  const CommMatrix lengths = generate_workload(workload_for(s, density), nodes, matrix_rng);
  const SchedulingHints hints = machine->hints();

  // One job per (series, msg_unit, candidate); a plain series has one candidate, a best_of series
  // one per scheduler it compares.
  struct JobKey {
    std::size_t series, unit;
    std::string spec;
  };
  std::vector<JobKey> keys;
  for (std::size_t k = 0; k < s.series.size(); ++k)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u)
      for (const auto& spec : s.series[k].best_of.empty() ? std::vector<std::string>{s.series[k].scheduler}
                                                          : s.series[k].best_of)
        keys.push_back({k, u, spec});
  std::vector<double> phases(keys.size()), host(keys.size()), comm(keys.size());
  simulate(
      *machine, keys.size(),
      [&](std::size_t j) {
        const SeriesSpec& series = s.series[keys[j].series];
        const std::uint64_t unit = s.msg_units[keys[j].unit];
        const CommMatrix matrix = lengths.scaled(unit);
        Rng rng(seeds.schedule(keys[j].spec));
        const SchedulerChoice scheduler = find_scheduler(keys[j].spec, s.path);
        Schedule schedule = run_scheduler(scheduler, {matrix, hints, rng});
        validate_plan(schedule.plan, matrix, keys[j].spec);
        if (series.strategy) schedule.plan.strategy = *series.strategy;
        phases[j] = static_cast<double>(schedule.phases());
        host[j] = schedule.host_seconds;
        return Job{std::move(schedule.plan), seeds.routes(keys[j].spec, unit)};
      },
      [&](std::size_t j, Run&& run) { comm[j] = run.communication_time(); }, sim);

  // Per (series, unit): the candidate with the least communication time (the first on ties).
  std::string out;
  for (std::size_t j = 0; j < keys.size();) {
    std::size_t best = j, end = j;
    while (end < keys.size() && keys[end].series == keys[j].series && keys[end].unit == keys[j].unit) {
      if (comm[end] < comm[best]) best = end;
      ++end;
    }
    out += fmt::format("{} {} {:.17g} {:.17g} {:.17g}\n", keys[j].series, keys[j].unit, comm[best], phases[best],
                       host[best]);
    j = end;
  }
  return out;
}

}  // namespace

int resolved_samples(const Scenario& scenario, const RunOptions& options) {
  const int samples = options.samples.value_or(scenario.samples);
  if (samples < 1) throw Error("samples", fmt::format("must be at least 1, got {}", samples));
  return samples;
}

std::uint64_t resolved_seed(const Scenario& scenario, const RunOptions& options) {
  return options.seed.value_or(scenario.seed);
}

ExperimentResult run_experiment(const Scenario& scenario, const RunOptions& options) {
  ExperimentResult result;
  result.scenario = scenario;
  result.samples = resolved_samples(scenario, options);
  result.seed = resolved_seed(scenario, options);
  const Scenario& s = result.scenario;

  // Check everything that can be checked before any process is started.
  for (int nodes : s.nodes) {
    MachineSpec spec = s.machine;
    spec.nodes = nodes;
    SchedulingHints hints;
    try {
      hints = make_machine(spec)->hints();
    } catch (const Error& e) {
      throw Error(s.path, e.what());
    }
    // A scheduler's errors inside a simulation process end it with a signal: catch this one here.
    for (const auto& series : s.series)
      for (const auto& spec_text : series.best_of.empty() ? std::vector<std::string>{series.scheduler} : series.best_of)
        if (find_scheduler(spec_text, s.path).entry->needs_routes && !hints.route_path)
          throw Error(s.path, fmt::format("scheduler {} needs fixed routes and machine {} has none", spec_text,
                                          spec.name));
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
