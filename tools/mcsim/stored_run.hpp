// --shard K/N, --resume and --from-shards for `mcsim run`, `reproduce`, `sweep` and `sensitivity`:
// the command makes its report as usual, and this decides, through a TaskStore
// (sim/runner/task_store.hpp), which tasks run and whether the result is the report's files
// or a shard's result file.
//
//   (plain)           every task runs; the report's files are written.
//   --resume          every finished task's result is kept in STEM.tasks/ (STEM: the CSV's path
//                     without .csv); a run started again runs only the tasks not there; the
//                     directory is removed once the report's files are written.
//   --shard K/N       only shard K's tasks run; STEM.shard-K-of-N.txt is written, no report
//                     (with --resume, its tasks are kept in STEM.shard-K-of-N.tasks/).
//   --from-shards DIR the same command, given again by the person who merges, makes its report
//                     with every task's result taken from the shard files of this run in DIR
//                     instead of simulated: the report's files, as one run makes them.
//
// Shard and task files are data from whoever could write their directory: the command, its
// options and every output name come from the command line (and the scenario's id), never from
// them; what they record of the run that made them is only compared with this run.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../sim/scenario/experiment.hpp"
#include "../../sim/runner/run_identity.hpp"

namespace mcsim::cli {

struct StoredRunFlags {
  std::optional<std::string> shard;        // K/N
  bool resume = false;
  std::optional<std::string> from_shards;  // DIR

  void add_to(CLI::App* cmd);
  bool any() const { return shard || resume || from_shards; }
};

// What a command made: the text it prints and the files it writes (all complete, written at once).
struct Made {
  std::string printed;
  std::vector<std::pair<std::string, std::string>> files;
};

// The identity of a run: this mcsim's version, the command's request and the bytes of its input
// files. Only regular files are read (a matrix "file" /dev/zero or a FIFO is the workload's to
// refuse), and missing ones are skipped: the command reports them itself.
RunIdentity run_identity(RunRequest request, const std::vector<std::string>& input_files);

// Runs `make` as the flags say (see above), prints what it printed and writes its files; `csv` is
// the CSV the report writes (the stem of shard files and of the results directory). `request` and
// `input_files` make the run's identity, taken only when a flag needs it. `report_files` are the
// names of the files the report writes that are known before it runs (the CSV, the plot's): where
// they go is checked (check_output_paths) before anything runs, or, for --shard, where the shard
// file goes. With `kept`, the report's printed text and files are added to it instead of printed
// and written (a suite writes them all at once); a shard file is written all the same. Throws mcsim::Error before anything runs for those, for flags that do not go together
// and for a CSV path beside which no shard or task file can go (a device such as /dev/stdout, a
// name with a control character).
void run_stored(const RunRequest& request, const std::vector<std::string>& input_files,
                const std::string& csv, const std::vector<std::string>& report_files, const StoredRunFlags& flags,
                RunOptions run, const std::function<Made(const RunOptions&)>& make, Made* kept = nullptr);

}  // namespace mcsim::cli
