#include "task_store.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/input_file.hpp"
#include "output_file.hpp"

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
  const auto count = parse_unsigned(text.substr(slash + 1), where, 1, max_shards);
  const auto index = parse_unsigned(text.substr(0, slash), where, 0, max_shards);
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

void TaskStore::serve_shards(const std::string& directory) {
  shards_directory_ = directory;
  served_ = merge_shards(directory, identity_);
}

void TaskStore::check_every_result_served() const {
  if (served_ && listed_ != served_->task_count)
    throw Error(shards_directory_, fmt::format("its shard files hold the results of {} tasks, this run listed {}",
                                               served_->task_count, listed_));
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

std::vector<TaskText> TaskStore::run(std::size_t count, const std::function<std::string(std::size_t)>& task,
                                     int workers, const TaskProgress& progress) {
  const std::size_t batch = batches_++, first = listed_;
  listed_ += count;
  std::vector<TaskText> texts(count);
  if (served_) {
    if (listed_ > served_->task_count)
      throw Error(shards_directory_, fmt::format("its shard files hold the results of {} tasks, this run lists more",
                                                 served_->task_count));
    for (std::size_t k = 0; k < count; ++k)
      texts[k] = {served_->results.at(first + k), fmt::format("{}, task {}", served_->source.at(first + k), first + k)};
    return texts;
  }
  std::vector<std::size_t> to_run;
  std::size_t selected = 0;
  for (std::size_t k = 0; k < count; ++k) {
    if (shard_ && !shard_->selects(first + k)) continue;
    ++selected;
    texts[k].from = fmt::format("simulation task {}", first + k);
    if (auto done = directory_.empty() ? std::nullopt : load(batch, k))
      texts[k] = {std::move(*done), fmt::format("{}, task {}", task_path(batch, k), first + k)};
    else
      to_run.push_back(k);
  }
  const std::size_t before = selected - to_run.size();
  resumed_ += before;
  ran_ += to_run.size();
  std::vector<std::string> ran;
  try {
    ran = run_isolated(
        to_run.size(),
        [&](std::size_t i) {  // in the task's own process: its result is kept before it is handed back
          std::string text = task(to_run[i]);
          if (!directory_.empty()) save(batch, to_run[i], text);
          return text;
        },
        workers,
        progress ? TaskProgress([&](std::size_t done, std::size_t) { progress(before + done, selected); })
                 : TaskProgress(),
        [&](std::size_t i) { return first + to_run[i]; });
  } catch (const Error& e) {
    if (shard_) throw ShardFailed(fmt::format("shard {}/{}: {}", shard_->index, shard_->count, e.what()));
    throw;
  }
  for (std::size_t i = 0; i < to_run.size(); ++i) texts[to_run[i]].text = ran[i];
  if (shard_) {
    for (std::size_t k = 0; k < count; ++k)
      if (shard_->selects(first + k)) shard_results_.emplace(first + k, std::move(texts[k].text));
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

std::string record_count_problem(const std::vector<JobRecord>& records, std::size_t expected) {
  if (records.size() == expected) return "";
  return fmt::format("holds {} job record{}, its task list has {} job{}", records.size(), records.size() == 1 ? "" : "s",
                     expected, expected == 1 ? "" : "s");
}

std::vector<std::vector<JobRecord>> run_scenario_tasks(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       const TaskResultCheck& check, const RunOptions& options) {
  const auto as_text = [&](std::size_t k) { return records_to_text(task(k)); };
  std::vector<TaskText> texts;
  if (options.tasks) {
    texts = options.tasks->run(count, as_text, options.workers, options.progress);
  } else {
    std::vector<std::string> ran = run_isolated(count, as_text, options.workers, options.progress);
    for (std::size_t k = 0; k < count; ++k) texts.push_back({std::move(ran[k]), fmt::format("simulation task {}", k)});
  }
  std::vector<std::vector<JobRecord>> records;
  records.reserve(texts.size());
  for (std::size_t k = 0; k < texts.size(); ++k) {
    try {
      records.push_back(records_from_text(texts[k].text));
    } catch (const Error& e) {
      throw Error(texts[k].from, e.what());
    } catch (const std::bad_alloc&) {
      throw Error(texts[k].from, "out of memory while reading its result");
    }
    std::string problem = check(k, records.back());
    if (std::any_of(records.back().begin(), records.back().end(), [](const JobRecord& r) { return r.run.has_value(); }))
      problem = "a job record holds a whole run, which no task list asks for";
    if (!problem.empty()) throw Error(texts[k].from, problem);
  }
  return records;
}

}  // namespace mcsim
