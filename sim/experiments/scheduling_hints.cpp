#include "scheduling_hints.hpp"

#include <bit>

#include <fmt/format.h>

#include "../../routing/hypercube_route.hpp"
#include "../../topologies/machines.hpp"
#include "../core/error.hpp"

namespace mcsim {

SchedulingHints hypercube_hints(int nodes) {
  if (nodes < 2 || !std::has_single_bit(static_cast<unsigned>(nodes)))
    throw Error("machine ipsc860", fmt::format("a hypercube needs a power-of-two node count >= 2, got {}", nodes));
  const int dimensions = std::countr_zero(static_cast<unsigned>(nodes));
  SchedulingHints hints;
  hints.route_path = [dimensions](int src, int dst) { return ecube_path(dimensions, src, dst); };
  return hints;
}

SchedulingHints scheduling_hints(const MachineSpec& spec) {
  for (const auto& entry : machine_registry())
    if (entry.name == spec.name) return entry.make(spec)->hints();
  if (spec.name == "ipsc860") return hypercube_hints(spec.nodes);
  return make_machine(spec)->hints();  // throws: unknown machine
}

}  // namespace mcsim
