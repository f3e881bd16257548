// Running a simulation scenario: every (node count, density, sample) is one task in its own
// process; in it, the sample's matrix is generated once, every series is compiled at every
// msg_unit (pipeline.hpp: scheduled, validated, made a Job) and then all are simulated. Results
// come back as JobRecords and are gathered per cell (node count, density, msg_unit, series) with
// one value per sample.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../engine/executor.hpp"
#include "../engine/isolated.hpp"
#include "job_record.hpp"
#include "scenario.hpp"

namespace mcsim {

class TaskStore;  // task_store.hpp

// Results of simulation tasks already run in this process, by a text naming everything that
// decides them (machine, workload, node count, density, seed, sample, every job's scheduler,
// strategy and msg_unit in order, simulation options). `mcsim reproduce --all` shares one across
// its reproductions: wang94-fig6..9 are wang94-fig5's tasks at one density each, and a task is a
// deterministic function of that text, so taking its result is running it again.
using TaskResults = std::map<std::string, std::vector<JobRecord>>;

struct RunOptions {
  std::optional<int> samples;         // overrides the scenario's
  std::optional<std::uint64_t> seed;  // overrides the scenario's
  int workers = 1;
  SimulationOptions simulation;
  TaskProgress progress;
  TaskStore* tasks = nullptr;  // shard, resume or merged results (task_store.hpp); none: run every task
  // Takes the results of tasks already there and adds those it runs (not with `tasks`, which
  // numbers tasks in the list; nor for a matrix file, which could change between two runs).
  TaskResults* reuse = nullptr;
};

// The sample count and seed a run uses: the options' where given, else the scenario's. Throws
// mcsim::Error for a sample count below 1.
int resolved_samples(const SweepScenario& scenario, const RunOptions& options);
std::uint64_t resolved_seed(const SweepScenario& scenario, const RunOptions& options);

struct CellResult {
  int nodes = 0;
  int density = 0;
  std::uint64_t msg_unit = 0;
  std::size_t series = 0;  // index into Scenario::series
  Strategy strategy = Strategy::loosely_synchronous;
  std::vector<double> comm_s;  // communication time per sample
  std::vector<double> phases;  // phases of the plan per sample
  std::vector<double> host_s;  // scheduler host time per sample
};

struct Summary {
  double mean = 0, sd = 0, min = 0, max = 0;
};
Summary summarize(const std::vector<double>& values);

struct ExperimentResult {
  SimulationScenario scenario;
  std::string machine_name;  // the machine's own name (Machine::name(): a machine file's `name`, not its path)
  int samples = 0;
  std::uint64_t seed = 0;
  std::vector<CellResult> cells;  // ordered by nodes, density, msg_unit, series

  const CellResult& cell(std::size_t nodes_index, std::size_t density_index, std::size_t unit_index,
                         std::size_t series_index) const;
};

// Checks everything a run can check before any process starts (the machine at every node count,
// each series schedulable on it, every matrix within bounds); returns the machine's own name.
// Throws mcsim::Error naming the scenario file.
std::string check_experiment(const SimulationScenario& scenario);

// Throws mcsim::Error for anything the scenario asks that cannot be done (before any simulation
// starts where it can be checked up front).
ExperimentResult run_experiment(const SimulationScenario& scenario, const RunOptions& options);

}  // namespace mcsim
