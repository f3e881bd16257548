// An unstructured 2-D point mesh and its partition into parts: the pieces a CFD code of the early
// 1990s handed to a load balancer, built here to make stand-ins for matrices that are not published.
#pragma once

#include <cstdint>
#include <vector>

#include "../core/random.hpp"

namespace mcsim {

struct MeshPoint {
  double x = 0, y = 0;
};

// `count` points around an airfoil-like body (an ellipse in the middle of the unit square), denser
// close to the body, as the grids of such codes are.
std::vector<MeshPoint> airfoil_point_cloud(std::size_t count, Rng& rng);

// Each point joined to its `k` nearest neighbours, made symmetric: a triangulation-like graph.
std::vector<std::vector<std::uint32_t>> nearest_neighbour_graph(const std::vector<MeshPoint>& points, int k);

// Recursive bisection into `parts` (a power of two) parts of equal size. Each cut is at the median
// along a direction drawn at random (recursive coordinate bisection cuts along x or y only; random
// directions give the irregular part shapes of the partitioners of the time).
std::vector<int> random_direction_bisection(const std::vector<MeshPoint>& points, int parts, Rng& rng);

}  // namespace mcsim
