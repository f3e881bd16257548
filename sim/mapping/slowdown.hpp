// Communication time and slowdown S of a mapped phased computation (Lo et al. 1992, sec. 3.1-3.3,
// Definition 6, equations 1, 2, 4, 6, 7), from the metrics of metrics.hpp.
//
// One message of volume W on a route of d links costs (c + bW) d with store-and-forward and
// c + bW with wormhole switching (sec. 3.1, 3.2); every edge of its interference set delays it by
// that edge's single-link time c + bW(e'). As in the paper, a phase's time is bounded by the sum of
// the two maxima (the last line of the derivation before equation 2, and equation 3):
//   store-and-forward  T(E_i) = max_e (c + bW(e)) D(e) + max_e sum_{I(e,i)} (c + bW(e'))
//   wormhole           T(E_i) = max_e (c + bW(e))      + max_e sum_{I(e,i)} (c + bW(e'))
// and the perfect mapping's is max_e (c + bW(e)) (equation 1). S = sum T / sum T_perfect.
// c = 0, b = 1 gives equations 2 and 4 (large volumes); c = 1, b = 0 equations 6 and 7 (small).
#pragma once

#include <string_view>

#include "metrics.hpp"

namespace mcsim {

// The paper's time formulas per switching model (the simulated ones are the transports of sim/engine/transport.hpp).
enum class SwitchingFormula { store_and_forward, wormhole };
std::string_view to_string(SwitchingFormula switching);

// Startup c and time per unit of volume b (dimensionless: the root's problem has volume 1).
struct CostModel {
  double startup_c = 0;
  double per_volume_b = 1;
};
inline constexpr CostModel large_volumes{0, 1};  // c << bW: equations 2 and 4
inline constexpr CostModel small_volumes{1, 0};  // c >> bW: equations 6 and 7

double phase_time(const PhaseMetrics& phase, SwitchingFormula switching, CostModel cost);
double perfect_phase_time(const PhaseMetrics& phase, CostModel cost);
double total_time(const MappingMetrics& metrics, SwitchingFormula switching, CostModel cost);
double perfect_total_time(const MappingMetrics& metrics, CostModel cost);

// Definition 6. Throws mcsim::Error when the perfect time is 0 (no phases, or c = b = 0).
double slowdown(const MappingMetrics& metrics, SwitchingFormula switching, CostModel cost);

}  // namespace mcsim
