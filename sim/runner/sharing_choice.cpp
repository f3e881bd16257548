#include "sharing_choice.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

JobShape shape_of(const Job& job) {
  if (job.program) return {true, 0, 0};
  std::size_t carrying = 0;
  for (const Phase& phase : job.plan.phases)
    carrying += static_cast<std::size_t>(std::count_if(phase.messages.begin(), phase.messages.end(),
                                                       [](const PlannedMessage& m) { return m.bytes > 0; }));
  const auto phases = static_cast<double>(job.plan.phases.size());
  return {false, static_cast<double>(job.plan.message_count()),
          job.plan.phases.empty() ? 0 : static_cast<double>(carrying) / phases};
}

bool rendezvous_library(const Machine& machine) {
  const auto& regimes = machine.library().regimes;
  return std::all_of(regimes.begin(), regimes.end(),
                     [](const SizeRegime& r) { return r.protocol.value == Protocol::rendezvous; });
}

SharingDecision choose_sharing(const Machine& machine, const std::vector<JobShape>& jobs, SharingRequest request) {
  if (!machine.switching().traits().shares_links_as_flows) return {Sharing::simgrid, SharingReason::not_flows};
  switch (request) {
    case SharingRequest::simgrid:
      return {Sharing::simgrid, SharingReason::asked};
    case SharingRequest::fluid:
      if (machine.switching().link_latency_s() > 0)
        throw Error("--sharing fluid", fmt::format("{}'s links have latency ({:g} s each), which the fluid sharing "
                                                   "leaves out: use --sharing simgrid",
                                                   machine.name(), machine.switching().link_latency_s()));
      if (!rendezvous_library(machine))
        throw Error("--sharing fluid", fmt::format("{}'s message library sends some messages before their receive "
                                                   "is posted (not a rendezvous), which the fluid sharing cannot time",
                                                   machine.name()));
      return {Sharing::fluid, SharingReason::asked};
    case SharingRequest::automatic:
      break;
  }
  if (machine.switching().link_latency_s() > 0) return {Sharing::simgrid, SharingReason::link_latency};
  if (!rendezvous_library(machine)) return {Sharing::simgrid, SharingReason::not_rendezvous};
  if (std::any_of(jobs.begin(), jobs.end(), [](const JobShape& job) { return job.program; }))
    return {Sharing::simgrid, SharingReason::node_programs};
  const bool pays = !jobs.empty() && std::all_of(jobs.begin(), jobs.end(), [](const JobShape& job) {
    return fluid_pays(job.messages, job.flows_per_phase);
  });
  return pays ? SharingDecision{Sharing::fluid, SharingReason::many_flows}
              : SharingDecision{Sharing::simgrid, SharingReason::few_flows};
}

SharingDecision choose_sharing(const Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options) {
  std::vector<JobShape> shapes;
  shapes.reserve(jobs.size());
  for (const Job& job : jobs) shapes.push_back(shape_of(job));
  return choose_sharing(machine, shapes, options.sharing_request);
}

}  // namespace mcsim
