// Which of a run's simulation tasks this process runs, and where their results go.
//
// Every scenario kind lists its simulations as one ordered task list and runs it through
// run_scenario_tasks below, which is run_tasks_isolated (sim/engine/isolated.hpp: every task in its
// own process, texts back in task order) unless RunOptions carries a TaskStore. The store changes
// which tasks run and where results come from, never the list or the report code, so a merged run
// writes the same bytes as one run:
//
//  - a shard (--shard K/N) runs only the tasks k with k mod N == K (a stable assignment from the
//    task list alone: any shard can be run again by itself, on any machine); when its share is
//    done the store throws ShardDone and the caller writes the shard's results (shard_file.hpp)
//    instead of a report;
//  - a results directory (--resume) keeps each task's result as soon as the task finishes (written
//    by the task's own process, through a temporary file renamed into place), and tasks already
//    there are not run again; a directory of another run is refused;
//  - merged shards serve every task's result without simulating (mcsim merge).
//
// A run that lists tasks more than once (a later list made from earlier results) cannot be split
// into shards: a shard stops after its first list, and merging refuses a second one. None of the
// bundled scenario kinds does so today (each runs one list; a few run none).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../engine/isolated.hpp"
#include "experiment.hpp"
#include "job_record.hpp"
#include "run_identity.hpp"

namespace mcsim {

// Shard `index` of `count` (0 <= index < count): the tasks k with k % count == index.
struct ShardSelection {
  std::size_t index = 0, count = 1;
  bool selects(std::size_t task) const { return task % count == index; }
};

// Parses "K/N" (0 <= K < N <= 100000); throws mcsim::Error(where, ...).
ShardSelection parse_shard(const std::string& text, const std::string& where);

// Thrown by TaskStore::run once a shard has run its share: the report cannot be made from a part.
struct ShardDone {};

class TaskStore {
 public:
  explicit TaskStore(RunIdentity identity) : identity_(std::move(identity)) {}

  void select(ShardSelection shard) { shard_ = shard; }
  // Keeps results in `directory` (created if missing) and takes those already there. Throws
  // mcsim::Error if it holds another run's results or something else.
  void keep_results_in(const std::string& directory);
  // Serves these results (every task of a list of `task_count`) instead of running anything.
  void serve(std::size_t task_count, std::map<std::size_t, std::string> results);

  // run_isolated's contract (texts in task order) for the tasks this store lets run; see above.
  std::vector<std::string> run(std::size_t count, const std::function<std::string(std::size_t)>& task, int workers,
                               const TaskProgress& progress);

  const RunIdentity& identity() const { return identity_; }
  const std::optional<ShardSelection>& shard() const { return shard_; }
  // After ShardDone (or a run that listed no tasks): the list's length and this shard's results.
  std::size_t task_count() const { return task_count_; }
  const std::map<std::size_t, std::string>& shard_results() const { return shard_results_; }
  // Tasks found done in the results directory, and tasks run now.
  std::size_t resumed() const { return resumed_; }
  std::size_t ran() const { return ran_; }
  // Removes the results directory (once the outputs it served are written); only its own files.
  void remove_results_directory();

 private:
  std::string task_path(std::size_t batch, std::size_t task) const;
  std::optional<std::string> load(std::size_t batch, std::size_t task) const;
  void save(std::size_t batch, std::size_t task, const std::string& text) const;

  RunIdentity identity_;
  std::optional<ShardSelection> shard_;
  std::string directory_;
  std::optional<std::map<std::size_t, std::string>> served_;
  std::size_t batches_ = 0, task_count_ = 0, resumed_ = 0, ran_ = 0;
  std::map<std::size_t, std::string> shard_results_;
};

// run_tasks_isolated (pipeline.hpp) through options.tasks when there is one: the one way a scenario
// kind runs its task list.
std::vector<std::vector<JobRecord>> run_scenario_tasks(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       const RunOptions& options);

}  // namespace mcsim
