#include "task_store.hpp"

#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/input_file.hpp"
#include "output_file.hpp"
#include "pipeline.hpp"

namespace mcsim {

namespace fs = std::filesystem;

namespace {

// The results directory: "run.txt" says whose results these are; one "task-B-K.txt" per finished
// task K of list B, starting with a line "mcsim task <run hash> B K <bytes> <text hash>".
constexpr const char* run_file = "run.txt";
constexpr const char* run_file_head = "mcsim task results\n";

std::string read_whole(const fs::path& path, std::string_view what) {
  return read_input_file(path.string(), what, max_task_file_bytes);
}

}  // namespace

ShardSelection parse_shard(const std::string& text, const std::string& where) {
  const auto slash = text.find('/');
  if (slash == std::string::npos)
    throw Error(where, fmt::format("'{}' is not K/N (shard K of N, K = 0..N-1, e.g. 0/4)", text));
  const auto count = parse_unsigned(text.substr(slash + 1), where, 1, 100000);
  const auto index = parse_unsigned(text.substr(0, slash), where, 0, 100000);
  if (index >= count)
    throw Error(where, fmt::format("'{}': shards are numbered 0..{} (as Slurm's array indices)", text, count - 1));
  return {static_cast<std::size_t>(index), static_cast<std::size_t>(count)};
}

void TaskStore::keep_results_in(const std::string& directory) {
  directory_ = directory;
  const std::string expected = run_file_head + identity_.to_text();
  const fs::path marker = fs::path(directory) / run_file;
  std::error_code ec;
  if (fs::exists(directory, ec)) {
    if (!fs::is_directory(directory, ec)) throw Error(directory, "is not a directory of task results");
    if (!fs::exists(marker, ec)) {
      if (!fs::is_empty(directory, ec))
        throw Error(directory, fmt::format("has no {}: not a directory of task results; refusing to use it", run_file));
    } else {
      const std::string found = read_whole(marker, "the record of task results");
      if (found == expected) return;
      if (!found.starts_with(run_file_head)) throw Error(marker.string(), "is not a record of task results");
      std::size_t at = std::string(run_file_head).size();
      const RunIdentity theirs = read_run_identity(found, &at, marker.string());
      const std::string why = identity_.difference(theirs);
      throw Error(directory, fmt::format("holds the task results of another run ({}); remove it to start afresh",
                                         why.empty() ? "its record differs" : why));
    }
  }
  write_file_atomically(marker.string(), expected);
}

void TaskStore::serve(std::size_t task_count, std::map<std::size_t, std::string> results) {
  task_count_ = task_count;
  served_ = std::move(results);
}

std::string TaskStore::task_path(std::size_t batch, std::size_t task) const {
  return (fs::path(directory_) / fmt::format("task-{}-{}.txt", batch, task)).string();
}

std::optional<std::string> TaskStore::load(std::size_t batch, std::size_t task) const {
  const std::string path = task_path(batch, task);
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  const std::string content = read_whole(path, "the task result file");
  const std::string problem = fmt::format("a damaged task result; remove it and that task runs again");
  const auto end = content.find('\n');
  if (end == std::string::npos) throw Error(path, problem);
  std::istringstream head(content.substr(0, end));
  std::string mcsim, word, run;
  std::size_t b = 0, k = 0, size = 0;
  std::string text_hash;
  head >> mcsim >> word >> run >> b >> k >> size >> text_hash;
  const std::string text = content.substr(end + 1);
  if (!head || mcsim != "mcsim" || word != "task" || b != batch || k != task || size != text.size() ||
      text_hash != hex64(fnv1a64(text)))
    throw Error(path, problem);
  if (run != hex64(identity_.hash())) throw Error(path, "is the result of another run; remove it");
  return text;
}

void TaskStore::save(std::size_t batch, std::size_t task, const std::string& text) const {
  write_file_atomically(task_path(batch, task), fmt::format("mcsim task {} {} {} {} {}\n", hex64(identity_.hash()),
                                                            batch, task, text.size(), hex64(fnv1a64(text))) +
                                                    text);
}

std::vector<std::string> TaskStore::run(std::size_t count, const std::function<std::string(std::size_t)>& task,
                                        int workers, const TaskProgress& progress) {
  const std::size_t batch = batches_++;
  if (served_) {
    if (batch != 0)
      throw Error("merge", "this run lists a second set of simulation tasks (made from the first one's results); "
                           "such a run cannot be split into shards");
    if (count != task_count_)
      throw Error("merge", fmt::format("the shards hold the results of {} tasks, the run lists {}", task_count_, count));
    std::vector<std::string> texts;
    texts.reserve(count);
    for (std::size_t k = 0; k < count; ++k) texts.push_back(served_->at(k));
    return texts;
  }
  // A shard stops at the end of its first list (ShardDone), so it never reaches a second one.
  std::vector<std::string> texts(count);
  std::vector<std::size_t> to_run;
  std::size_t selected = 0;
  for (std::size_t k = 0; k < count; ++k) {
    if (shard_ && !shard_->selects(k)) continue;
    ++selected;
    if (auto done = directory_.empty() ? std::nullopt : load(batch, k))
      texts[k] = std::move(*done);
    else
      to_run.push_back(k);
  }
  const std::size_t before = selected - to_run.size();
  resumed_ += before;
  ran_ += to_run.size();
  const auto ran = run_isolated(
      to_run.size(),
      [&](std::size_t i) {  // in the task's own process: its result is kept before it is handed back
        std::string text = task(to_run[i]);
        if (!directory_.empty()) save(batch, to_run[i], text);
        return text;
      },
      workers,
      progress ? TaskProgress([&](std::size_t done, std::size_t) { progress(before + done, selected); })
               : TaskProgress());
  for (std::size_t i = 0; i < to_run.size(); ++i) texts[to_run[i]] = ran[i];
  if (shard_) {
    task_count_ = count;
    for (std::size_t k = 0; k < count; ++k)
      if (shard_->selects(k)) shard_results_.emplace(k, std::move(texts[k]));
    throw ShardDone{};
  }
  return texts;
}

void TaskStore::remove_results_directory() {
  if (directory_.empty()) return;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(directory_, ec)) {
    const std::string name = entry.path().filename().string();
    // Its files, and what a task process killed while writing one left (output_file.hpp's temporaries).
    if (name == run_file || (name.starts_with("task-") && name.ends_with(".txt")) ||
        (name.starts_with(".task-") && name.find(".partial-") != std::string::npos))
      fs::remove(entry.path(), ec);
  }
  fs::remove(directory_, ec);  // only if nothing else is left in it
}

std::vector<std::vector<JobRecord>> run_scenario_tasks(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       const RunOptions& options) {
  if (!options.tasks) return run_tasks_isolated(count, task, options.workers, options.progress);
  const auto texts = options.tasks->run(
      count, [&](std::size_t k) { return records_to_text(task(k)); }, options.workers, options.progress);
  std::vector<std::vector<JobRecord>> records;
  records.reserve(texts.size());
  for (const auto& text : texts) records.push_back(records_from_text(text));
  return records;
}

}  // namespace mcsim
