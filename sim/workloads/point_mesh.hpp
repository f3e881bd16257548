// An unstructured 3-D point mesh around a body: the kind of grid the CFD codes behind Ranka, Wang,
// Kumar 1992's test set 3 ran on, built here to make stand-ins for matrices that were never
// published (see cfd_standin.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "../core/random.hpp"

namespace mcsim {

struct SpacePoint {
  double x = 0, y = 0, z = 0;
};

// Mesh connectivity: for each point, its mesh neighbours (ascending, no repeats, never itself).
using MeshGraph = std::vector<std::vector<std::uint32_t>>;

// `count` points of a half-model grid: the half-space z >= 0 (z = 0 is the aircraft's symmetry
// plane) between a body of radius 1 and a far-field boundary of radius `far_field`, both
// hemispheres centred on the origin. Spacing grows in proportion to the distance from the centre,
// as in body-fitted CFD grids: ln r is uniform on [0, ln far_field] and the direction uniform over
// the half sphere, i.e. a Poisson process of density proportional to r^-3.
std::vector<SpacePoint> graded_half_domain_points(std::size_t count, double far_field, Rng& rng);

// Each point joined to its `k` nearest points (found with a k-d tree) and the graph made symmetric.
// Distinct distances (points in general position) make the result independent of the tree's shape.
MeshGraph nearest_neighbour_graph(const std::vector<SpacePoint>& points, int k);

}  // namespace mcsim
