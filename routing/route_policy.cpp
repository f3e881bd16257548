#include "route_policy.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"

namespace mcsim {

namespace {

std::vector<CubeHop> in_dimension_order(const CubeGeometry& cube, int src, int dst, bool dateline) {
  return dimension_order_hops(cube, src, dst, dateline);
}

const std::vector<RoutePolicy>& policies() {
  static const std::vector<RoutePolicy> registry = {
      {.name = "dimension-order",
       .family = RoutedFamily::k_ary_n_cube,
       .what = "dimension 0 first, then 1, ...; the dateline's VC classes on a torus (Dally and Seitz 1987)",
       .refuses = [](const CubeGeometry&) { return std::string(); },
       .hops = in_dimension_order},
      {.name = "xy",
       .family = RoutedFamily::k_ary_n_cube,
       .what = "x, then y, on a 2-D mesh or torus (Lo, Rajopadhye, Telle, Zhong 1992, sec. 3)",
       .refuses =
           [](const CubeGeometry& cube) {
             return cube.sides.size() == 2 ? std::string()
                                           : fmt::format("XY routing needs 2 dimensions, the shape has {}",
                                                         cube.sides.size());
           },
       .hops = in_dimension_order},
      {.name = "e-cube",
       .family = RoutedFamily::k_ary_n_cube,
       .what = "the lowest differing address bit first, on a binary hypercube (Wang and Ranka 1994, sec. 2.2)",
       .refuses =
           [](const CubeGeometry& cube) {
             return std::all_of(cube.sides.begin(), cube.sides.end(), [](int s) { return s == 2; })
                        ? std::string()
                        : std::string("e-cube routing needs a binary hypercube (k = 2)");
           },
       .hops = in_dimension_order},
      {.name = "random",
       .family = RoutedFamily::fat_tree,
       .what = "an up-link drawn per message at every level (Leiserson et al. 1992)",
       .draws_per_message = true,
       .uplinks = [](const FatTreeShape&, int, Rng* rng) -> UplinkChooser {
         return [rng](int, int parents) { return rng->below(parents); };
       }},
      {.name = "d-mod-k",
       .family = RoutedFamily::fat_tree,
       .what = "a fixed up-link per destination (Zahavi 2010)",
       .uplinks = [](const FatTreeShape& shape, int dst, Rng*) { return d_mod_k_uplinks(shape, dst); }},
  };
  return registry;
}

}  // namespace

const RoutePolicy& find_route_policy(const std::string& name, RoutedFamily family, const std::string& where) {
  for (const RoutePolicy& policy : policies())
    if (policy.family == family && policy.name == name) return policy;
  throw Error(where, fmt::format("unknown routing \"{}\" (known: {})", name, fmt::join(route_policy_names(family), ", ")));
}

std::vector<std::string> route_policy_names(RoutedFamily family) {
  std::vector<std::string> names;
  for (const RoutePolicy& policy : policies())
    if (policy.family == family) names.push_back(policy.name);
  return names;
}

}  // namespace mcsim
