#include "experiment.hpp"

#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../runner/pipeline.hpp"
#include "../runner/sample_seeds.hpp"

namespace mcsim {

namespace {

// A task's key: which machine of the axis, node count and density, and the sample.
struct Task {
  std::size_t machine, nodes_index, density_index;
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
  if (sim.sharing_request != SharingRequest::automatic)
    key += fmt::format("sharing {}\n", sharing_request_name(sim.sharing_request));
  return key;
}

}  // namespace

SampleRun resolved_samples(const SweepScenario& scenario, const RunOptions& options) {
  return resolve_samples(scenario.samples, scenario.seed, options);
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

std::vector<ExperimentResult> run_experiments(const SimulationScenario& scenario, const RunOptions& options) {
  const SampleRun run = resolved_samples(scenario, options);
  // One scenario per machine, each as it would be on that machine alone; every one is checked
  // before any process starts (a machine that cannot run it fails before the first simulation).
  std::vector<ExperimentResult> results;
  for (const MachineSpec& spec : machines_of(scenario)) {
    ExperimentResult result;
    result.scenario = scenario;
    result.scenario.machine = spec;
    result.scenario.machines.clear();
    result.samples = run.samples;
    result.seed = run.seed;
    result.machine_name = check_experiment(result.scenario);
    results.push_back(std::move(result));
  }

  TaskList<Task> list;
  for (std::size_t m = 0; m < results.size(); ++m) {
    const SimulationScenario& s = results[m].scenario;
    for (std::size_t n = 0; n < s.nodes.size(); ++n)
      for (std::size_t d = 0; d < s.densities.size(); ++d)
        for (int sample = 0; sample < run.samples; ++sample) list.keys.push_back({m, n, d, sample});
  }
  const std::vector<JobKey> keys = job_keys(scenario);
  list.run = [&](const Task& t) { return run_task(results[t.machine].scenario, run.seed, t, options.simulation); };
  list.check = [&](const Task&, const std::vector<JobRecord>& got) { return record_count_problem(got, keys.size()); };
  // A matrix file could change between two runs: its tasks are never taken from another.
  if (scenario.workload.file.empty())
    list.identity = [&](const Task& t) { return task_key(results[t.machine].scenario, run.seed, t, options.simulation); };
  const auto outcomes = run_task_list(list, options);

  // Per cell (machine, node count, density, msg_unit, series): one value per sample, in sample order.
  using CellKey = std::tuple<std::size_t, std::size_t, std::size_t, std::size_t, std::size_t>;
  std::map<CellKey, CellResult> cells;
  for (const auto& [task, got] : outcomes) {
    const SimulationScenario& s = results[task.machine].scenario;
    // Per (series, unit): the candidate with the least communication time (the first on ties).
    for (std::size_t j = 0; j < keys.size();) {
      std::size_t best = j, end = j;
      while (end < keys.size() && keys[end].series == keys[j].series && keys[end].unit == keys[j].unit) {
        if (got[end].comm_s < got[best].comm_s) best = end;
        ++end;
      }
      CellResult& cell = cells[{task.machine, task.nodes_index, task.density_index, keys[j].unit, keys[j].series}];
      cell.nodes = s.nodes[task.nodes_index];
      cell.density = s.densities[task.density_index];
      cell.msg_unit = s.msg_units[keys[j].unit];
      cell.series = keys[j].series;
      cell.strategy = s.series[keys[j].series].effective_strategy();
      cell.comm_s.push_back(got[best].comm_s);
      cell.phases.push_back(static_cast<double>(got[best].phases));
      cell.host_s.push_back(got[best].host_s);
      j = end;
    }
  }
  // The map's order is the cells' order (ExperimentResult: nodes, density, msg_unit, series).
  for (auto& [key, cell] : cells) results[std::get<0>(key)].cells.push_back(std::move(cell));
  return results;
}

ExperimentResult run_experiment(const SimulationScenario& scenario, const RunOptions& options) {
  SimulationScenario one = scenario;
  one.machines.clear();
  return std::move(run_experiments(one, options).front());
}

}  // namespace mcsim
