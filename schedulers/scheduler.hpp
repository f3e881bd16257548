// The scheduler interface: a communication matrix in, a Plan out. Schedulers know nothing of
// SimGrid; the only machine facts they may use are the SchedulingHints (tau and phi).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "../sim/core/comm_matrix.hpp"
#include "../sim/core/plan.hpp"
#include "../sim/core/random.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

// Named counts of the elementary steps a scheduler performed (entries probed, swaps, heap
// operations, ...): deterministic, unlike host time.
using OperationCounts = std::map<std::string, std::uint64_t>;

struct SchedulerInput {
  const CommMatrix& matrix;
  SchedulingHints hints;
  Rng& rng;
};

// Parameters of one use of a scheduler, from a spec "NAME:key=value,key=value".
class SchedulerParams {
 public:
  SchedulerParams() = default;
  SchedulerParams(std::map<std::string, std::string> values, std::string where)
      : values_(std::move(values)), where_(std::move(where)) {}
  std::string text(const std::string& key, const std::string& fallback) const;
  double number(const std::string& key, double fallback) const;  // also accepts fractions "7/8"
  bool flag(const std::string& key, bool fallback) const;         // on/off, yes/no, true/false
  const std::map<std::string, std::string>& values() const { return values_; }
  const std::string& where() const { return where_; }

 private:
  std::map<std::string, std::string> values_;
  std::string where_;
};

struct SchedulerParameterDoc {
  std::string key;
  std::string description;  // with the accepted values and the default
};

struct SchedulerEntry {
  std::string name;         // as the papers write it: LP, CGM, CGM+sort, AC, ...
  std::string description;  // one line for `mcsim list schedulers`
  std::string source;       // the paper section it implements
  Strategy default_strategy;
  Plan (*schedule)(const SchedulerInput&, const SchedulerParams&, OperationCounts&);
  std::map<std::string, std::string> preset = {};       // parameters this name stands for (CGMH+MS: lambda=ms)
  std::vector<SchedulerParameterDoc> parameters = {};  // what a spec may set
  bool needs_routes = false;  // needs SchedulingHints::route_path (RS_NL): experiments check it up front
};

// A scheduler as a scenario names it: the registry entry and the parameters of this use.
struct SchedulerChoice {
  const SchedulerEntry* entry = nullptr;
  SchedulerParams params;
  std::string spec;
};

struct Schedule {
  Plan plan;
  OperationCounts operations;
  double host_seconds = 0;  // wall time of the scheduling call on this computer
  std::size_t phases() const { return plan.phases.size(); }
};

const std::vector<SchedulerEntry>& scheduler_registry();
// Parses "NAME" or "NAME:key=value,...". Throws mcsim::Error naming an unknown scheduler (with the
// known ones) or a parameter the scheduler does not take.
SchedulerChoice find_scheduler(const std::string& spec, const std::string& where);

// Runs the scheduler, timing it; the plan carries the scheduler's default strategy.
Schedule run_scheduler(const SchedulerChoice& scheduler, const SchedulerInput& input);

// The algorithms (one file per family).
Plan schedule_linear_permutation_xor(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_linear_permutation_shift(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_sorted(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_asynchronous(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_heaps(const SchedulerInput& input, const SchedulerParams& params,
                                           OperationCounts& ops);
Plan schedule_random_node(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_random_node_link(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);

}  // namespace mcsim
