#include "experiment.hpp"

#include <cmath>

#include <fmt/format.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../runner/pipeline.hpp"
#include "../runner/task_store.hpp"
#include "../runner/sample_seeds.hpp"

namespace mcsim {

namespace {

struct Task {
  std::size_t nodes_index, density_index;
  int sample;
};

WorkloadSpec workload_for(const SweepScenario& s, int density) {
  WorkloadSpec w = s.workload;
  w.density = density;
  return w;
}

MachineSpec machine_for(const SweepScenario& s, int nodes) {
  MachineSpec spec = s.machine;
  spec.nodes = nodes;
  return spec;
}

// One job per (series, msg_unit, candidate), in this order, in every task: a plain series has one
// candidate, a best_of series one per scheduler it compares.
struct JobKey {
  std::size_t series, unit;
  const SchedulerChoice* scheduler;
};

std::vector<JobKey> job_keys(const SweepScenario& s) {
  std::vector<JobKey> keys;
  for (std::size_t k = 0; k < s.series.size(); ++k)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u)
      for (const auto& candidate : s.series[k].candidates) keys.push_back({k, u, &candidate});
  return keys;
}

// Runs in the task's own process: compile every job of the sample, then simulate them all.
std::vector<JobRecord> run_task(const SweepScenario& s, std::uint64_t seed, const Task& task,
                                const SimulationOptions& sim) {
  const int nodes = s.nodes[task.nodes_index];
  const int density = s.densities[task.density_index];
  auto machine = make_machine(machine_for(s, nodes));
  const SampleSeeds seeds{seed, nodes, density, task.sample};
  const CommMatrix lengths = workload_matrix(workload_for(s, density), nodes, seeds.matrix());
  const SchedulingHints hints = machine->hints();
  std::vector<CompiledJob> jobs;
  for (const JobKey& key : job_keys(s)) {
    const std::uint64_t unit = s.msg_units[key.unit];
    jobs.push_back(compile_job(lengths.scaled(unit), *key.scheduler, s.series[key.series].strategy, hints,
                               seeds.job(key.scheduler->spec, unit)));
  }
  return simulate_compiled(*machine, std::move(jobs), sim);
}

// What decides a task's results (TaskResults). Labels, titles and paper numbers do not.
std::string task_key(const SweepScenario& s, std::uint64_t seed, const Task& task, const SimulationOptions& sim) {
  const MachineSpec machine = machine_for(s, s.nodes[task.nodes_index]);
  const WorkloadSpec w = workload_for(s, s.densities[task.density_index]);
  std::string key = fmt::format("machine {} {}\n", machine.name, machine.nodes);
  for (const auto& [option, value] : machine.options) key += fmt::format("option {}={}\n", option, value);
  key += fmt::format("workload {} d={} variant={} fan_out={} nonuniformity={} traffic={} keep={}\n", w.name, w.density,
                     w.variant, w.fan_out, w.nonuniformity, w.traffic, w.keep);
  key += fmt::format("seed {} sample {}\n", seed, task.sample);
  for (const JobKey& job : job_keys(s)) {
    const auto& strategy = s.series[job.series].strategy;
    key += fmt::format("job {} {} {}\n", job.scheduler->spec, strategy ? to_string(*strategy) : "default",
                       s.msg_units[job.unit]);
  }
  for (const auto& cfg : sim.simgrid_config) key += fmt::format("cfg {}\n", cfg);
  key += fmt::format("record {} trace {}\n", sim.record, sim.paje_trace);
  return key;
}

}  // namespace

int resolved_samples(const SweepScenario& scenario, const RunOptions& options) {
  const int samples = options.samples.value_or(scenario.samples);
  if (samples < 1) throw Error("samples", fmt::format("must be at least 1, got {}", samples));
  return samples;
}

std::uint64_t resolved_seed(const SweepScenario& scenario, const RunOptions& options) {
  return options.seed.value_or(scenario.seed);
}

std::string check_experiment(const SimulationScenario& s) {
  std::string machine_name;
  for (int nodes : s.nodes) {
    SchedulingHints hints;
    try {
      const auto machine = make_machine(machine_for(s, nodes));
      hints = machine->hints();
      machine_name = machine->name();
    } catch (const Error& e) {
      throw Error(s.path, e.what());
    }
    for (const auto& series : s.series) {
      if (series.candidates.empty())
        throw Error(s.path, fmt::format("series {} has no scheduler to run", series.label));
      for (const auto& candidate : series.candidates) check_schedulable(candidate, hints, s.machine.name, s.path);
    }
    for (int density : s.densities) {
      const CommMatrix lengths = workload_matrix(workload_for(s, density), nodes, 0);
      for (std::uint64_t unit : s.msg_units) (void)lengths.scaled(unit);  // no message beyond max_message_bytes
    }
  }
  return machine_name;
}

ExperimentResult run_experiment(const SimulationScenario& scenario, const RunOptions& options) {
  ExperimentResult result;
  result.scenario = scenario;
  result.samples = resolved_samples(scenario, options);
  result.seed = resolved_seed(scenario, options);
  const SimulationScenario& s = result.scenario;
  result.machine_name = check_experiment(s);  // everything that can be checked before any process is started

  std::vector<Task> tasks;
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (int sample = 0; sample < result.samples; ++sample) tasks.push_back({n, d, sample});

  // Tasks whose results this process already has are not run again (RunOptions::reuse).
  TaskResults* reuse = options.tasks == nullptr && s.workload.file.empty() ? options.reuse : nullptr;
  std::vector<std::string> task_keys(tasks.size());
  std::vector<std::vector<JobRecord>> records(tasks.size());
  std::vector<std::size_t> to_run;
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    if (reuse) {
      task_keys[t] = task_key(s, result.seed, tasks[t], options.simulation);
      if (const auto known = reuse->find(task_keys[t]); known != reuse->end()) {
        records[t] = known->second;
        continue;
      }
    }
    to_run.push_back(t);
  }
  const std::vector<JobKey> keys = job_keys(s);
  const auto ran = run_scenario_tasks(
      to_run.size(), [&](std::size_t i) { return run_task(s, result.seed, tasks[to_run[i]], options.simulation); },
      [&](std::size_t, const std::vector<JobRecord>& got) { return record_count_problem(got, keys.size()); }, options);
  for (std::size_t i = 0; i < to_run.size(); ++i) {
    records[to_run[i]] = ran[i];
    if (reuse) (*reuse)[task_keys[to_run[i]]] = ran[i];
  }

  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (std::size_t u = 0; u < s.msg_units.size(); ++u)
        for (std::size_t k = 0; k < s.series.size(); ++k) {
          CellResult cell;
          cell.nodes = s.nodes[n];
          cell.density = s.densities[d];
          cell.msg_unit = s.msg_units[u];
          cell.series = k;
          cell.strategy = s.series[k].effective_strategy();
          result.cells.push_back(std::move(cell));
        }

  // Per task and (series, unit): the candidate with the least communication time (the first on ties).
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const auto& got = records[t];
    for (std::size_t j = 0; j < keys.size();) {
      std::size_t best = j, end = j;
      while (end < keys.size() && keys[end].series == keys[j].series && keys[end].unit == keys[j].unit) {
        if (got[end].comm_s < got[best].comm_s) best = end;
        ++end;
      }
      CellResult& cell = result.cells.at(
          ((tasks[t].nodes_index * s.densities.size() + tasks[t].density_index) * s.msg_units.size() + keys[j].unit) *
              s.series.size() +
          keys[j].series);
      cell.comm_s.push_back(got[best].comm_s);
      cell.phases.push_back(static_cast<double>(got[best].phases));
      cell.host_s.push_back(got[best].host_s);
      j = end;
    }
  }
  return result;
}

}  // namespace mcsim
