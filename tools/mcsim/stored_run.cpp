#include "stored_run.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/input_file.hpp"
#include "../../sim/runner/output_file.hpp"
#include "../../sim/runner/shard_file.hpp"
#include "../../sim/runner/task_store.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace fs = std::filesystem;

void StoredRunFlags::add_to(CLI::App* cmd) {
  cmd->add_option("--shard", shard,
                  "Run only shard K of N (K = 0..N-1, N up to 100000, e.g. $SLURM_ARRAY_TASK_ID/4): task k belongs to "
                  "shard k mod N; writes STEM.shard-K-of-N.txt beside the CSV instead of the report. Once every shard "
                  "has run, the same command with --from-shards DIR makes the report");
  cmd->add_flag("--resume", resume,
                "Keep each task's result in STEM.tasks/ as soon as it finishes; started again, run only the tasks "
                "not there (the directory of another run is refused)");
  cmd->add_option("--from-shards", from_shards,
                  "Make the report from the shard files in DIR instead of simulating. Give the command the shards "
                  "ran (the same scenario, options and input files; -o, -j and -q are yours): the files supply only "
                  "task results, each checked against this run's task list, and files of another run are left alone")
      ->type_name("DIR");
}

RunIdentity run_identity(RunRequest request, const std::vector<std::string>& input_files) {
  RunIdentity identity{MCSIM_VERSION, std::move(request), "none"};
  std::uint64_t hash = fnv1a64("");
  bool any = false;
  for (const auto& path : input_files) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) continue;  // the command reports it (read_input_file judges what it opens)
    const std::string bytes = read_input_file(path, "the input file", max_matrix_file_bytes);
    hash = fnv1a64(fmt::format("{}\n", bytes.size()), hash);  // file boundaries count
    hash = fnv1a64(bytes, hash);
    any = true;
  }
  if (any) identity.inputs = hex64(hash);
  return identity;
}

namespace {

void write_and_show(const Made& made) {
  write_files_atomically(made.files);
  print_text(made.printed);
  for (const auto& [path, text] : made.files)
    if (!is_standard_output(path)) show("wrote {}\n", path);  // not a line in the middle of what was written there
}

}  // namespace

namespace {

// STEM, the CSV's path without .csv: shard and task files go beside the CSV, so it must be a file
// of its own in a directory, not a device or a link that a CSV may be written through (-o
// /dev/stdout: the files would go into /dev), and a name that a directory listing gives back as
// it is.
std::string stem_beside(const std::string& csv) {
  const fs::path path(csv);
  const std::string name = path.filename().string();
  if (name.empty() || name == "." || name == "..")
    throw Error("-o", fmt::format("'{}' names no file; shard and task files go beside the CSV it names", csv));
  if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
    throw Error("-o", fmt::format("'{}' has a control character (a line break?) in its file name; shard and task "
                                  "files beside it need a plain one",
                                  csv));
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (fs::exists(status) && !fs::is_regular_file(status))
    throw Error(csv, "is not a regular file (a link, a device, a FIFO, ...): --shard and --resume keep their files "
                     "beside the CSV, so -o must name a file of its own in a directory");
  return fs::path(csv).replace_extension().string();
}

}  // namespace

void run_stored(const RunRequest& request, const std::vector<std::string>& input_files,
                const std::string& csv, const std::vector<std::string>& report_files, const StoredRunFlags& flags,
                RunOptions run, const std::function<Made(const RunOptions&)>& make, Made* kept) {
  // Where the report's files go (a run that makes shard or task files checks those instead).
  const auto check_report_places = [&] {
    if (report_files.size() > 1) check_files_beside(csv);
    check_output_paths(report_files);
  };
  const auto finish = [kept](Made made) {
    if (!kept) return write_and_show(made);
    kept->printed += made.printed;
    kept->files.insert(kept->files.end(), made.files.begin(), made.files.end());
  };
  if (!flags.any()) {
    check_report_places();
    finish(make(run));
    return;
  }
  if (flags.from_shards && (flags.shard || flags.resume))
    throw Error("--from-shards", "makes the report from shard files already there; it takes no --shard or --resume");
  if (flags.from_shards && flags.from_shards->empty()) throw Error("--from-shards", "needs a directory, not ''");
  const RunIdentity identity = run_identity(request, input_files);
  TaskStore store(identity);
  run.tasks = &store;
  if (flags.from_shards) {  // every task's result from this run's shard files
    check_report_places();
    store.serve_shards(*flags.from_shards);
    const Made made = make(run);
    store.check_every_result_served();
    finish(made);
    return;
  }
  const std::string stem = stem_beside(csv);
  std::optional<ShardSelection> shard;
  if (flags.shard) store.select(*(shard = parse_shard(*flags.shard, "--shard")));
  const std::string shard_file = shard ? shard_file_name(stem, shard->index, shard->count) : "";
  check_output_paths(shard ? std::vector<std::string>{shard_file} : report_files);
  if (flags.resume)
    store.keep_results_in(shard ? fs::path(shard_file).replace_extension(".tasks").string() : stem + ".tasks");
  if (!shard) {
    finish(make(run));
    if (store.resumed() > 0)
      show("resumed: {} of {} tasks were done before, {} ran now\n", store.resumed(),
           store.resumed() + store.ran(), store.ran());
    store.remove_results_directory();
    return;
  }
  try {
    (void)make(run);  // a run that lists no task makes its report and returns
  } catch (const ShardDone&) {
  }
  const ShardFile file{identity, shard->index, shard->count, store.task_count(), store.shard_results()};
  write_file_atomically(shard_file, shard_file_text(file));
  show("shard {}/{}: {} of {} tasks{}\nwrote {}\n", shard->index, shard->count, file.results.size(),
       file.task_count,
       store.resumed() > 0 ? fmt::format(" ({} were done before, {} ran now)", store.resumed(), store.ran()) : "",
       shard_file);
  store.remove_results_directory();
}

}  // namespace mcsim::cli
