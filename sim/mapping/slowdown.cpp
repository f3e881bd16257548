#include "slowdown.hpp"

#include <algorithm>

#include "sim/core/error.hpp"

namespace mcsim {

std::string_view to_string(SwitchingFormula switching) {
  return switching == SwitchingFormula::store_and_forward ? "store-and-forward" : "wormhole";
}

double phase_time(const PhaseMetrics& phase, SwitchingFormula switching, CostModel cost) {
  const auto [c, b] = cost;
  double natural = 0, delay = 0;
  for (const EdgeMetrics& e : phase.edges) {
    const double hop = c + b * e.edge.volume;
    natural = std::max(natural, switching == SwitchingFormula::store_and_forward ? hop * e.dilation : hop);
    delay = std::max(delay, c * static_cast<double>(e.interference.size()) + b * e.interference_weight);
  }
  return natural + delay;
}

double perfect_phase_time(const PhaseMetrics& phase, CostModel cost) {
  double time = 0;
  for (const EdgeMetrics& e : phase.edges) time = std::max(time, cost.startup_c + cost.per_volume_b * e.edge.volume);
  return time;
}

double total_time(const MappingMetrics& metrics, SwitchingFormula switching, CostModel cost) {
  double total = 0;
  for (const auto& phase : metrics.phases) total += phase_time(phase, switching, cost);
  return total;
}

double perfect_total_time(const MappingMetrics& metrics, CostModel cost) {
  double total = 0;
  for (const auto& phase : metrics.phases) total += perfect_phase_time(phase, cost);
  return total;
}

double slowdown(const MappingMetrics& metrics, SwitchingFormula switching, CostModel cost) {
  const double perfect = perfect_total_time(metrics, cost);
  if (!(perfect > 0)) throw Error("slowdown", "the perfect mapping takes no time (no phases, or c = b = 0)");
  return total_time(metrics, switching, cost) / perfect;
}

}  // namespace mcsim
