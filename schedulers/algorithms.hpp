// The scheduling algorithms, one file per family; each opens by citing the paper section it
// implements. builtin_schedulers.cpp registers them under the papers' names.
#pragma once

#include "../sim/core/scheduler.hpp"

namespace mcsim {

Plan schedule_linear_permutation_xor(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_linear_permutation_shift(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_sorted(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_asynchronous(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_compact_global_masking_heaps(const SchedulerInput& input, const SchedulerParams& params,
                                           OperationCounts& ops);
// Reads CGMH's parameters as the scheduler does: a bad value is refused when the spec is parsed.
void check_compact_global_masking_heaps_parameters(const SchedulerParams& params);
Plan schedule_random_node(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);
Plan schedule_random_node_link(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops);

}  // namespace mcsim
