#include "stored_run.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/input_file.hpp"
#include "../../sim/experiments/output_file.hpp"
#include "../../sim/experiments/shard_file.hpp"
#include "../../sim/experiments/task_store.hpp"

namespace mcsim::cli {

namespace fs = std::filesystem;

void StoredRunFlags::add_to(CLI::App* cmd) {
  cmd->add_option("--shard", shard,
                  "Run only shard K of N (K = 0..N-1, e.g. $SLURM_ARRAY_TASK_ID/4): task k belongs to shard k mod N; "
                  "writes STEM.shard-K-of-N.txt beside the CSV instead of the report (`mcsim merge DIR` makes it)");
  cmd->add_flag("--resume", resume,
                "Keep each task's result in STEM.tasks/ as soon as it finishes; started again, run only the tasks "
                "not there (the directory of another run is refused)");
  cmd->add_option("--from-shards", from_shards, "(used by mcsim merge)")->group("");
}

RunIdentity run_identity(std::vector<std::string> command, const std::vector<std::string>& input_files) {
  RunIdentity identity{MCSIM_VERSION, std::move(command), "none"};
  std::uint64_t hash = fnv1a64("");
  bool any = false;
  for (const auto& path : input_files) {
    const std::string bytes = read_input_file(path, "the input file", max_matrix_file_bytes);
    hash = fnv1a64(fmt::format("{}\n", bytes.size()), hash);  // file boundaries count
    hash = fnv1a64(bytes, hash);
    any = true;
  }
  if (any) identity.inputs = hex64(hash);
  return identity;
}

namespace {

void finish(const Made& made) {
  write_files_atomically(made.files);
  fmt::print("{}", made.printed);
  for (const auto& [path, text] : made.files) fmt::print("wrote {}\n", path);
}

}  // namespace

void run_stored(const std::vector<std::string>& command, const std::vector<std::string>& input_files,
                const std::string& csv, const StoredRunFlags& flags, RunOptions run,
                const std::function<Made(const RunOptions&)>& make) {
  if (flags.shard.empty() && !flags.resume && flags.from_shards.empty()) {
    finish(make(run));
    return;
  }
  const RunIdentity identity = run_identity(command, input_files);
  const std::string stem = fs::path(csv).replace_extension().string();
  TaskStore store(identity);
  run.tasks = &store;
  if (!flags.from_shards.empty()) {  // mcsim merge: every task's result from the shard files
    MergedShards merged = merge_shards(flags.from_shards, &identity);
    store.serve(merged.task_count, std::move(merged.results));
    finish(make(run));
    return;
  }
  std::optional<ShardSelection> shard;
  if (!flags.shard.empty()) store.select(*(shard = parse_shard(flags.shard, "--shard")));
  const std::string shard_file = shard ? shard_file_name(stem, shard->index, shard->count) : "";
  if (flags.resume)
    store.keep_results_in(shard ? fs::path(shard_file).replace_extension(".tasks").string() : stem + ".tasks");
  if (!shard) {
    finish(make(run));
    if (store.resumed() > 0)
      fmt::print("resumed: {} of {} tasks were done before, {} ran now\n", store.resumed(),
                 store.resumed() + store.ran(), store.ran());
    store.remove_results_directory();
    return;
  }
  try {
    (void)make(run);  // a run that lists no task makes its report and returns
  } catch (const ShardDone&) {
  }
  const ShardFile file{identity, fs::path(csv).filename().string(), shard->index, shard->count, store.task_count(),
                       store.shard_results()};
  write_file_atomically(shard_file, shard_file_text(file));
  fmt::print("shard {}/{}: {} of {} tasks{}\nwrote {}\n", shard->index, shard->count, file.results.size(),
             file.task_count,
             store.resumed() > 0 ? fmt::format(" ({} were done before, {} ran now)", store.resumed(), store.ran()) : "",
             shard_file);
  store.remove_results_directory();
}

}  // namespace mcsim::cli
