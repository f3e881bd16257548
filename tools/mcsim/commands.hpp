// The subcommands of `mcsim`. Each `add_*` declares its options on the CLI11 app and sets the
// callback that runs it; errors are thrown as mcsim::Error and reported by main().
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "../../sim/scenario/scenario.hpp"

namespace mcsim::cli {

void add_list_command(CLI::App& app);
void add_experiment_commands(CLI::App& app);  // run, reproduce, sweep, sensitivity
void add_bench_command(CLI::App& app);
void add_timeline_command(CLI::App& app);  // one run, every message
void add_draw_mapping_command(CLI::App& app);  // a picture of a binomial-tree mapping
void add_report_command(CLI::App& app);  // every reproduction in one static HTML page
void add_claims_command(CLI::App& app);  // the papers' claims judged from a directory of results
void add_machine_command(CLI::App& app);  // machine check FILE, machine diff A B
void add_merge_command(CLI::App& app);
void add_mpi_command(CLI::App& app);  // an MPI program on a machine through SimGrid's SMPI (smpi/)  // removed; says what replaced it (--from-shards)

// The directory of scenarios: --scenarios, else $MCSIM_SCENARIOS, else the bundled ones found
// relative to the running binary (bin/../share/mcsim/scenarios); throws mcsim::Error naming where it
// looked when that directory does not exist.
std::string scenario_directory(const std::string& flag);
// The scenario files (*.toml) of `directory`, in name order; throws mcsim::Error if it cannot be read.
std::vector<std::filesystem::path> scenario_files_in(const std::string& directory);
// The scenarios of `files` (from scenario_files_in), read in that order. Throws mcsim::Error for one
// that cannot be read, and for two with one id, naming both files: their outputs (ID.csv, ...)
// would overwrite each other.
std::vector<Scenario> load_scenarios(const std::vector<std::filesystem::path>& files);

// The help of --machine (run, sweep, timeline, bench): a bundled machine or a machine file.
inline constexpr const char* machine_option_help =
    "Machine: a bundled one by name (mcsim list machines) or a machine file, a path with a '/' or ending in "
    ".toml (docs/machine-files.md), e.g. --machine cm5 or --machine ./what-if.toml";

// The items of a comma-separated option value, empty items left out ("a,,b" gives a and b).
std::vector<std::string> split_list(const std::string& text);

}  // namespace mcsim::cli
