// Which of a run's simulation tasks this process runs, and where their results go.
//
// Every scenario kind lists its simulations as one ordered task list and runs it through the one
// task runner (task_runner.hpp), which calls run_scenario_tasks below: run_isolated
// (sim/runner/isolated.hpp: every task in its own process, texts back in task order) unless
// RunOptions carries a TaskStore. The store changes
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
//  - merged shards (--from-shards DIR) serve every task's result without simulating.
//
// A run may list several task lists one after another (mcsim sensitivity: one per variant). Their
// tasks are numbered on from list to list, as one list: shard K runs the tasks of every list whose
// number is K mod N (a shard throws ShardDone after each list; the caller goes on to the next list
// and writes the shard file at the end), a shard file keeps them by that number, and merged shards
// serve them back in order. So a list must not depend on an earlier list's results (a shard has
// only its share of them): none of the scenario kinds does, each makes its lists from the scenario.
//
// Results read from files (shard files, kept task results) are data from whoever could write
// there: run_scenario_tasks checks each against what its task list returns before any report code
// reads it, and names the file and the task when one is wrong.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "isolated.hpp"
#include "run_options.hpp"
#include "job_record.hpp"
#include "run_identity.hpp"
#include "shard_file.hpp"

namespace mcsim {

// Shard `index` of `count` (0 <= index < count): the tasks k with k % count == index.
struct ShardSelection {
  std::size_t index = 0, count = 1;
  bool selects(std::size_t task) const { return task % count == index; }
};

// Parses "K/N" (0 <= K < N <= max_shards); throws mcsim::Error(where, ...).
ShardSelection parse_shard(const std::string& text, const std::string& where);

// Thrown by TaskStore::run once a shard has run its share of a list: the report cannot be made
// from a part.
struct ShardDone {};

// Thrown by TaskStore::run when a task of a shard fails: the shard fails as a whole, for a shard
// file cannot hold a failure for the merge to report as one run would. Not an mcsim::Error, so
// that no caller takes it for the failure of one part of its work (mcsim sensitivity notes a
// variant that fails and goes on); main() reports it as any other error.
struct ShardFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A task's result text and where it came from, for messages: "simulation task 3" (it ran now),
// "DIR/ID.shard-1-of-4.txt, task 5" or "ID.tasks/task-0-3.txt, task 3" (read from a file).
struct TaskText {
  std::string text;
  std::string from;
};

class TaskStore {
 public:
  explicit TaskStore(RunIdentity identity) : identity_(std::move(identity)) {}

  void select(ShardSelection shard) { shard_ = shard; }
  // Keeps results in `directory` (created if missing) and takes those already there. Throws
  // mcsim::Error if it holds another run's results or something else.
  void keep_results_in(const std::string& directory);
  // Serves the results held by this run's shard files in `directory` (merge_shards: every task
  // once) instead of running anything. Throws mcsim::Error for a directory without them.
  void serve_shards(const std::string& directory);
  // After a run served from shards: throws mcsim::Error unless it asked for every result they hold
  // (their task list was longer than this run's).
  void check_every_result_served() const;

  // run_isolated's contract (texts in task order) for the tasks this store lets run; see above.
  std::vector<TaskText> run(std::size_t count, const std::function<std::string(std::size_t)>& task, int workers,
                            const TaskProgress& progress);

  const RunIdentity& identity() const { return identity_; }
  const std::optional<ShardSelection>& shard() const { return shard_; }
  // After ShardDone (or a run that listed no tasks): the lists' length and this shard's results.
  std::size_t task_count() const { return listed_; }
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
  std::string shards_directory_;
  std::optional<MergedShards> served_;
  // Lists run so far (B of task-B-K.txt) and their tasks (the number of the next list's first task).
  std::size_t batches_ = 0, listed_ = 0, resumed_ = 0, ran_ = 0;
  std::map<std::size_t, std::string> shard_results_;
};

// What is wrong with task k's records for its list, or "" when nothing is: every scenario kind
// says what its tasks return (how many records, what they measure), so that a result read from a
// file someone edited is refused before any report code reads it.
using TaskResultCheck = std::function<std::string(std::size_t task, const std::vector<JobRecord>& records)>;
// The usual check: exactly `expected` records.
std::string record_count_problem(const std::vector<JobRecord>& records, std::size_t expected);

// The one way a scenario kind runs its task list: every task in its own process (run_isolated),
// through options.tasks when there is one; every result is read back and checked (no record holds
// a whole run, and `check`) before it is returned. Throws mcsim::Error naming the task and, for a
// result read from a file, the file.
std::vector<std::vector<JobRecord>> run_scenario_tasks(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       const TaskResultCheck& check, const RunOptions& options);

}  // namespace mcsim
