// The one loop of `mcsim reproduce --all` and `mcsim report`: every reproduction of a directory
// (or those --only names) is read first (a bad one stops the run before any simulation), every
// output's place and every reproduction's work are checked, then each runs as `reproduce ID` would
// (with --shard, --resume and --from-shards as there: each ID its own run, its own shard files),
// one progress line for all, a task that an earlier reproduction ran taken from it (wang94-fig6..9
// are wang94-fig5's tasks at one density), a reproduction that fails noted and the others run, and
// a summary of each one's time at the end.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../sim/scenario/scenario.hpp"
#include "../../sim/scenario/scenario_outputs.hpp"
#include "../../sim/scenario/work_estimate.hpp"
#include "checked_options.hpp"
#include "stored_run.hpp"

namespace mcsim::cli {

// The options of a suite, as its command parsed them.
struct SuiteOptions {
  std::string command;            // "reproduce --all" or "report": how the progress and summary name it
  std::string directory;          // of scenario files
  std::string out;                // DIR: DIR/ID.csv, DIR/ID.svg, ...
  std::vector<std::string> only;  // the IDs to run (report --only); empty: every one
  std::optional<int> samples;
  std::optional<std::uint64_t> seed;
  std::optional<int> max_nodes;  // --max-nodes
  int jobs = 0;
  bool deterministic = false, quiet = false;
  std::vector<std::string> cfg;
  SharingOption sharing;
  std::vector<std::string> machine_options;
  // report --machine NAME|FILE: the reproductions were given this machine in place of their own
  // (a user's file): part of each one's run identity, as `run --machine` makes it.
  std::string machine;
  StoredRunFlags stored;
  WorkLimit work;
  // Write each reproduction's files as it ends (reproduce --all), or keep them all for the
  // caller to write at once (report: with its index.html, so a failure leaves none of them).
  bool keep_files = false;
  // Files the caller will write beside the reproductions' (report: its pages), named from the
  // chosen scenarios: checked with theirs, before any reproduction runs.
  std::function<std::vector<std::string>(const std::vector<Scenario>&)> more_outputs;
};

// One reproduction of the suite, as it ended.
struct SuiteMember {
  Scenario scenario;
  std::optional<ScenarioOutputs> outputs;  // none: it failed, or a shard ran its share
  Made made;                               // with keep_files: what it printed and its files, not written
};

// Runs one reproduction as `reproduce ID --scenarios DIR` would (tools/mcsim/experiment_commands.cpp),
// with that identity: a shard of `reproduce --all` or `report` is a shard of `reproduce ID` and
// merges with it. `progress` is the suite's line, `reuse` the suite's task results; `kept`
// (keep_files) takes its printed text and files instead of writing them. Returns its outputs, or
// nothing when a shard ran its share.
std::optional<ScenarioOutputs> run_reproduction(const Scenario& scenario, const std::string& csv,
                                                const SuiteOptions& options, const TaskProgress& progress,
                                                TaskResults* reuse, Made* kept);
// Throws mcsim::Error, as `reproduce ID` would before it runs anything, for a reproduction whose
// --machine-option cannot apply or whose work is above --max-work; returns its work estimate and the
// share of its tasks this process runs (1, 1/N for a shard, 0 for a merge).
std::pair<WorkEstimate, double> check_reproduction(const Scenario& scenario, const SuiteOptions& options);

// The loop. Throws mcsim::Error before any simulation for a bad scenario, an --only that names
// none, an output that cannot go where asked or work above the limit; after the loop, with the
// summary printed, when a reproduction failed.
std::vector<SuiteMember> run_suite(const SuiteOptions& options);
// The same over scenarios already read (suite_scenarios).
std::vector<SuiteMember> run_suite(const SuiteOptions& options, std::vector<Scenario> scenarios);

// The scenarios of options.directory that options.only picks (every one when it is empty), in file
// order; with `all`, every scenario of the directory is read into it too (each file once: `report`
// needs them all for the names a claim may use). Throws mcsim::Error for an --only that names no
// file, a bad scenario, or a directory without any.
std::vector<Scenario> suite_scenarios(const SuiteOptions& options, std::vector<Scenario>* all = nullptr);

}  // namespace mcsim::cli
