// The registry of the bundled reproduction kinds: one line per kind (its file: kinds/NAME.cpp).
#include "reproduction_kind.hpp"

namespace mcsim {

ReproductionKind simulation_kind();       // kinds/simulation.cpp
ReproductionKind permutations_kind();     // kinds/permutations.cpp
ReproductionKind mapping_metrics_kind();  // kinds/mapping_metrics.cpp
ReproductionKind redistribution_kind();   // kinds/redistribution.cpp
ReproductionKind bounded_traffic_kind();  // kinds/bounded_traffic.cpp

std::vector<ReproductionKind> bundled_kinds() {
  return {simulation_kind(), permutations_kind(), mapping_metrics_kind(), redistribution_kind(), bounded_traffic_kind()};
}

}  // namespace mcsim
