// The one task runner every reproduction kind uses. A kind says what its tasks are (a typed key
// each, in a stable order), how one runs (in its own process) and what its records must look like;
// the runner does the rest: it takes results already run in this process (RunOptions::reuse), runs
// the others through run_scenario_tasks (every task in its own process, or a TaskStore's shard,
// resume or merged shards), checks every result before any report code reads it, and hands the
// records back beside their keys. Kinds gather by the key's fields, never by index arithmetic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "job_record.hpp"
#include "run_options.hpp"
#include "task_store.hpp"

namespace mcsim {

// The sample count and seed a run uses: the options' where given, else the scenario's.
struct SampleRun {
  int samples = 1;
  std::uint64_t seed = 1;
};
// Throws mcsim::Error for a sample count below 1.
SampleRun resolve_samples(int scenario_samples, std::uint64_t scenario_seed, const RunOptions& options);

template <class Key>
struct TaskList {
  std::vector<Key> keys;  // one per task, in the order they are numbered (shards, resume)
  // In the task's own process: the task's records.
  std::function<std::vector<JobRecord>(const Key&)> run;
  // What is wrong with a task's records ("" when nothing), e.g. record_count_problem.
  std::function<std::string(const Key&, const std::vector<JobRecord>&)> check;
  // Optional: a text naming everything that decides the task's records (RunOptions::reuse), or ""
  // for a task that is never taken from another run (a matrix file could change between two runs).
  std::function<std::string(const Key&)> identity;
};

template <class Key>
struct TaskOutcome {
  Key key;
  std::vector<JobRecord> records;
};

// Runs the tasks this run asks for and returns every task's records beside its key, in key order.
// Throws ShardDone once a shard has run its share, mcsim::Error naming the task (and the file it
// was read from) for a result its check refuses.
template <class Key>
std::vector<TaskOutcome<Key>> run_task_list(const TaskList<Key>& list, const RunOptions& options) {
  if (options.inputs_checked) options.inputs_checked();
  std::vector<TaskOutcome<Key>> out;
  out.reserve(list.keys.size());
  for (const Key& key : list.keys) out.push_back({key, {}});
  // Tasks whose results this process already has are not run again (RunOptions::reuse).
  TaskResults* reuse = options.tasks == nullptr && list.identity ? options.reuse : nullptr;
  std::vector<std::string> identities(list.keys.size());
  std::vector<std::size_t> to_run;
  for (std::size_t t = 0; t < list.keys.size(); ++t) {
    if (reuse) identities[t] = list.identity(list.keys[t]);
    if (reuse && !identities[t].empty())
      if (const auto known = reuse->find(identities[t]); known != reuse->end()) {
        out[t].records = known->second;
        continue;
      }
    to_run.push_back(t);
  }
  auto ran = run_scenario_tasks(
      to_run.size(), [&](std::size_t i) { return list.run(list.keys[to_run[i]]); },
      [&](std::size_t i, const std::vector<JobRecord>& got) { return list.check(list.keys[to_run[i]], got); }, options);
  for (std::size_t i = 0; i < to_run.size(); ++i) {
    const std::size_t t = to_run[i];
    if (reuse && !identities[t].empty()) (*reuse)[identities[t]] = ran[i];
    out[t].records = std::move(ran[i]);
  }
  return out;
}

}  // namespace mcsim
