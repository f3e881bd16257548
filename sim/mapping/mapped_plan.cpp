#include "mapped_plan.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

Plan mapped_plan(const PhasedTaskGraph& graph, const MeshMapping& mapping, double unit_bytes) {
  const std::string where = mapping.name + " mapping of " + graph.name;
  if (!(unit_bytes > 0)) throw Error(where, fmt::format("unit_bytes = {} must be positive", unit_bytes));
  if (mapping.node_of_task.size() != static_cast<std::size_t>(graph.tasks))
    throw Error(where, fmt::format("places {} tasks, the graph has {}", mapping.node_of_task.size(), graph.tasks));
  Plan plan;
  plan.nodes = mapping.mesh.nodes();
  plan.strategy = Strategy::phase_synchronous;
  for (const auto& edges : graph.phases) {
    Phase phase;
    std::vector<int> sends(static_cast<std::size_t>(plan.nodes), 0), receives(sends.size(), 0);
    for (const TaskEdge& e : edges) {
      const int src = mapping.node_of_task.at(static_cast<std::size_t>(e.sender));
      const int dst = mapping.node_of_task.at(static_cast<std::size_t>(e.receiver));
      if (src == dst) continue;  // dropped: see the header
      const auto bytes = static_cast<std::uint64_t>(std::llround(e.volume * unit_bytes));
      phase.messages.push_back(PlannedMessage{src, dst, bytes, false});
      if (++sends[static_cast<std::size_t>(src)] > 1 || ++receives[static_cast<std::size_t>(dst)] > 1)
        phase.partial_permutation = false;
    }
    plan.phases.push_back(std::move(phase));
  }
  return plan;
}

}  // namespace mcsim
