// --shard K/N, --resume and merging for `mcsim run`, `reproduce` and `sweep`: the command makes
// its report as usual, and this decides, through a TaskStore (sim/experiments/task_store.hpp),
// which tasks run and whether the result is the report's files or a shard's result file.
//
//   (plain)         every task runs; the report's files are written.
//   --resume        every finished task's result is kept in STEM.tasks/ (STEM: the CSV's path
//                   without .csv); a run started again runs only the tasks not there; the
//                   directory is removed once the report's files are written.
//   --shard K/N     only shard K's tasks run; STEM.shard-K-of-N.txt is written, no report
//                   (with --resume, its tasks are kept in STEM.shard-K-of-N.tasks/).
//   merge           `mcsim merge DIR` runs the command the shards recorded again, with every task's
//                   result served from DIR's shard files: the report's files, as one run makes them.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "../../sim/experiments/experiment.hpp"
#include "../../sim/experiments/run_identity.hpp"

namespace mcsim::cli {

struct StoredRunFlags {
  std::string shard;        // K/N
  bool resume = false;
  std::string from_shards;  // set by `mcsim merge` only (a hidden option)

  void add_to(CLI::App* cmd);
};

// What a command made: the text it prints and the files it writes (all complete, written at once).
struct Made {
  std::string printed;
  std::vector<std::pair<std::string, std::string>> files;
};

// The identity of a run: this mcsim's version, the command's words and the bytes of its input
// files. Only regular files are read (a matrix "file" /dev/zero or a FIFO is the workload's to
// refuse), and missing ones are skipped: the command reports them itself.
RunIdentity run_identity(std::vector<std::string> command, const std::vector<std::string>& input_files);

// Runs `make` as the flags say (see above), prints what it printed and writes its files; `csv` is
// the CSV the report writes (the stem of shard files and of the results directory). `command` and
// `input_files` make the run's identity, taken only when a flag needs it.
void run_stored(const std::vector<std::string>& command, const std::vector<std::string>& input_files,
                const std::string& csv, const StoredRunFlags& flags, RunOptions run,
                const std::function<Made(const RunOptions&)>& make);

}  // namespace mcsim::cli
