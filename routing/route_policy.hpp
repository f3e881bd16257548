// The route policies, registered by the name a machine file gives: `[topology.shape] routing` on a
// k-ary n-cube, `[topology.shape] up_links` on a fat tree. A family takes its policy from here
// (topologies/k_ary_n_cube.cpp, topologies/fat_tree_family.cpp); an unknown name, or a policy that
// cannot route the file's shape, is refused at the key's place naming the known policies.
//
// The policies are the ones the bundled machines use, each with its source:
//  - k-ary n-cube: "dimension-order" (any cube, the dateline's VC classes on a torus), "xy" (the
//    same on a 2-D mesh or torus: Lo et al. 1992 sec. 3), "e-cube" (the same on a binary
//    hypercube: Wang and Ranka 1994 sec. 2.2); routing/dimension_order.hpp.
//  - fat tree: "random" (an up-link drawn per message and level: Leiserson et al. 1992) and
//    "d-mod-k" (a fixed up-link per destination: Zahavi 2010); routing/fat_tree_route.hpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "../sim/core/random.hpp"
#include "dimension_order.hpp"
#include "fat_tree_route.hpp"

namespace mcsim {

enum class RoutedFamily { k_ary_n_cube, fat_tree };

struct RoutePolicy {
  std::string name;
  RoutedFamily family = RoutedFamily::k_ary_n_cube;
  std::string what;  // one line: what it does and its source, for errors and docs
  // k-ary n-cube: why the policy cannot route this cube ("" when it can), and its hops.
  std::function<std::string(const CubeGeometry&)> refuses;
  std::function<std::vector<CubeHop>(const CubeGeometry&, int src, int dst, bool dateline)> hops;
  // fat tree: whether every message draws its own up-links (then `rng` is the message's draw),
  // and the up-link chooser of a message to dst.
  bool draws_per_message = false;
  std::function<UplinkChooser(const FatTreeShape&, int dst, Rng* rng)> uplinks;
};

// The policy `name` of `family`; throws mcsim::Error at `where` ("unknown routing \"x\" (known:
// ...)") for any other name.
const RoutePolicy& find_route_policy(const std::string& name, RoutedFamily family, const std::string& where);
std::vector<std::string> route_policy_names(RoutedFamily family);

}  // namespace mcsim
