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

struct SchedulerEntry {
  std::string name;         // as the papers write it: LP, CGM, CGM+sort, AC, ...
  std::string description;  // one line for `mcsim list schedulers`
  std::string source;       // the paper section it implements
  Strategy default_strategy;
  Plan (*schedule)(const SchedulerInput&, OperationCounts&);
};

struct Schedule {
  Plan plan;
  OperationCounts operations;
  double host_seconds = 0;  // wall time of the scheduling call on this computer
  std::size_t phases() const { return plan.phases.size(); }
};

const std::vector<SchedulerEntry>& scheduler_registry();
// Throws mcsim::Error naming the unknown scheduler and the known ones.
const SchedulerEntry& find_scheduler(const std::string& name, const std::string& where);

// Runs the scheduler, timing it; the plan carries the scheduler's default strategy.
Schedule run_scheduler(const SchedulerEntry& scheduler, const SchedulerInput& input);

// The algorithms (one file each).
Plan schedule_linear_permutation_xor(const SchedulerInput& input, OperationCounts& ops);
Plan schedule_linear_permutation_shift(const SchedulerInput& input, OperationCounts& ops);
Plan schedule_compact_global_masking(const SchedulerInput& input, OperationCounts& ops);
Plan schedule_compact_global_masking_sorted(const SchedulerInput& input, OperationCounts& ops);
Plan schedule_asynchronous(const SchedulerInput& input, OperationCounts& ops);

}  // namespace mcsim
