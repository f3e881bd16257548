// How a scenario's tasks are run: sample count and seed overrides, processes at once, the
// simulation's own options, progress, and where results come from (a task store, results of tasks
// already run in this process).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../engine/executor.hpp"
#include "isolated.hpp"
#include "job_record.hpp"

namespace mcsim {

class TaskStore;  // task_store.hpp

// Results of simulation tasks already run in this process, by a text naming everything that
// decides them (TaskList::identity in task_runner.hpp; a simulation task: machine, workload, node
// count, density, seed, sample, every job's scheduler, strategy and msg_unit in order, simulation
// options). `mcsim reproduce --all` shares one across
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
  // Called once the scenario's up-front checks have passed, before its first task runs (by
  // run_task_list): a command's own refusals that must not hide a problem of the input (sweep's
  // refusal to replace an earlier output, output_file.hpp's refuse_replacing).
  std::function<void()> inputs_checked;
};

}  // namespace mcsim
