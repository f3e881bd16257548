// A scenario: one experiment as a TOML file (scenarios/*.toml): the machine, the workload, the
// schedulers to compare, the sweep axes, the sample count and seed, and the paper's own numbers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../core/plan.hpp"
#include "../engine/machine.hpp"
#include "../workloads/workloads.hpp"

namespace mcsim {

struct SeriesSpec {
  std::string label;                // the paper's column head (LP, CGM, ...)
  std::string scheduler;            // registry name
  std::optional<Strategy> strategy; // default: the scheduler's own
  bool new_in_mcsim = false;        // a column the paper could not measure
};

// The paper's numbers: row ("comm", "comp", "iters") -> series -> values. "comm" has one value
// per msg_unit (empty where the paper printed none); the other rows one value.
struct PaperNumbers {
  std::map<std::string, std::vector<std::optional<double>>> comm_ms;
  std::map<std::string, double> comp_ms;
  std::map<std::string, double> iters;
  bool empty() const { return comm_ms.empty() && comp_ms.empty() && iters.empty(); }
};

struct Scenario {
  std::string id;
  std::string title;
  std::string source;  // the paper and table
  std::string path;    // file it came from (for error messages)
  std::vector<std::string> notes;

  MachineSpec machine;  // machine.nodes is the first of `nodes`
  std::vector<int> nodes;
  WorkloadSpec workload;  // workload.density is the first of `densities`
  std::vector<int> densities;
  std::vector<std::uint64_t> msg_units;
  std::vector<SeriesSpec> series;
  int samples = 1;
  std::uint64_t seed = 1;

  PaperNumbers paper;
};

// Throws mcsim::Error "file:line: problem" (or "file, key: problem") for malformed files, unknown
// keys, unknown schedulers/strategies, and values out of range. Machine and workload names are
// checked when the scenario runs.
Scenario load_scenario(const std::string& path);

}  // namespace mcsim
