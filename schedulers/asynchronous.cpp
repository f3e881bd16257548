// Asynchronous Communication (AC): Ranka, Wang, Kumar 1992, section 3.3 and Figure 5. No
// schedule at all: every processor sends all its messages and receives all its messages, in one
// round. The paper could not run it on the CM-5 (CMMD then had no asynchronous messages); mcsim can.
#include "algorithms.hpp"

namespace mcsim {

Plan schedule_asynchronous(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  Plan plan;
  Phase all;
  all.partial_permutation = false;
  for (const auto& e : input.matrix.entries()) all.messages.push_back({e.src, e.dst, e.bytes, false});
  ops["messages"] = all.messages.size();
  plan.phases.push_back(std::move(all));
  return plan;
}

}  // namespace mcsim
