// The scheduling algorithms, one file per family; each opens by citing the paper section it
// implements. builtin_schedulers.cpp registers them under the papers' names.
#pragma once

#include "../sim/core/scheduler.hpp"

namespace mcsim {

Plan schedule_linear_permutation_xor(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_linear_permutation_shift(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_linear_permutation_no_dummies(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_sorted(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_asynchronous(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_heaps(const SchedulerInput& input, const SchedulerParams& params,
                                           OperationCounts& ops);
// CGMH's parameters as its settings (SchedulerEntry::read_settings): a bad value is refused when
// the spec is parsed.
std::shared_ptr<const SchedulerSettings> read_compact_global_masking_heaps_settings(const SchedulerParams& params);
Plan schedule_random_node(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_random_node_link(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);

// `entry` exchanging `messages` with every other node whatever the matrix (LP's dummies):
// SchedulerEntry::messages_per_pair, which the work estimate counts.
inline SchedulerEntry with_every_pair(SchedulerEntry entry, double messages) {
  entry.messages_per_pair = messages;
  return entry;
}

// Array redistribution (Guo and Pan 2005), redistribution_schedules.cpp: general, contention-free,
// algorithm1, algorithm2, algorithm2-stepwise, MPI_Alltoallv, MPI_Alltoallv-1.2.5.
void register_redistribution_schedulers(SchedulerRegistry& registry);

}  // namespace mcsim
