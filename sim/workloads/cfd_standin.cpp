// STAND-INS for test set 3 of Ranka, Wang, Kumar 1992 (SU-CIS-92-20), section 5.2: matrices from
// fluid-dynamics grids of "a part of a airplane" (Figure 7; grids and matrices from Das, Saltz and
// Mavriplis at ICASE, partitioned over 32 processors by the load balancers of Mansour and Fox [13]).
// The matrices are not published; the paper gives their statistics (d = messages a processor sends,
// lengths in units):
//   2800-point:  max_d 15, min_d 3, ave_d 9.25;  lengths 2..36,  average 14.12
//   53961-point: max_d 18, min_d 6, ave_d 10.81; lengths 1..276, average 93.21
//
// A stand-in is built the way such a matrix was made, from first principles, nothing fitted:
//  1. a grid of that many points (point_mesh.hpp): a 3-D half-model grid around a body on the
//     symmetry plane, spacing growing in proportion to the distance from the body's centre, out
//     to a far field 20 body radii away;
//  2. connectivity: each point joined to its 13 nearest, symmetrically, which gives the ~15
//     neighbours per point of a 3-D tetrahedral mesh (a Delaunay tetrahedralisation of random
//     points averages 2 + 48 pi^2 / 35 = 15.5);
//  3. 32 parts by recursive inertial bisection (partition.hpp; Simon [17]);
//  4. length(p -> q) = the points of part p with a mesh neighbour in part q: the ghost values p
//     sends q in every iteration of the solver.
// Readings taken here:
//  - the grids were 3-D, not 2-D. In a 2-D mesh, contiguous parts have a planar adjacency graph,
//    at most 3 x 32 - 6 = 90 pairs of neighbours, so ave_d <= 5.6 (a 2-D Delaunay mesh of these
//    sizes cut the same way gives ave_d 5.0 and average lengths 7.7 and 32); the published 9.25
//    and 10.81 are what compact 3-D parts have. So is the growth of the ghost values a part sends
//    (14.12 x 9.25 = 131 for 87.5 points a part, 93.21 x 10.81 = 1008 for 1686): as the 0.69th
//    power of the part's size, near a surface's 2/3 in 3-D, far from a perimeter's 1/2 in 2-D.
//  - the load balancer: [13]'s genetic algorithms minimised the communication of parts of equal
//    load; inertial bisection gives such compact, balanced parts directly.
//  - the body is a hemisphere on the symmetry plane: the statistics depend on the body's shape far
//    less than on the dimension, and the shape of "a part of an airplane" is not given.
//  - a point sends its value once to each other part it borders (not once per mesh edge).
// Achieved (max_d, min_d, ave_d; lengths min..max, average), against the published values above:
//   2800-point:  18, 5, 10.00; 1..48,  14.34  (10 ms to build, Release)
//   53961-point: 18, 5,  9.88; 1..339, 91.46  (0.2 s)
// The matrix is the same in every sample (the paper had one matrix per grid): its randomness comes
// from a fixed seed per variant, not from the sample's generator.
#include <array>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "partition.hpp"
#include "point_mesh.hpp"
#include "workloads.hpp"

namespace mcsim {

namespace {
constexpr double far_field = 20.0;  // body radii
constexpr int nearest = 13;         // neighbours each point picks; ~15 after symmetry
constexpr int processors = 32;
}  // namespace

CommMatrix cfd_standin_matrix(const std::string& variant, int nodes) {
  constexpr std::array<std::size_t, 2> sizes = {2800, 53961};
  std::size_t points = 0;
  for (std::size_t size : sizes)
    if (variant == std::to_string(size)) points = size;
  if (points == 0)
    throw Error("workload cfd-standin", fmt::format("unknown variant '{}' (allowed: 2800, 53961)", variant));
  if (nodes != processors)
    throw Error("workload cfd-standin",
                fmt::format("the CFD matrices were partitioned for {} nodes, not {}", processors, nodes));
  Rng rng(derive_seed(0x1992, "cfd-standin", points));
  const auto grid = graded_half_domain_points(points, far_field, rng);
  const auto graph = nearest_neighbour_graph(grid, nearest);
  const auto part = inertial_bisection(grid, processors);

  std::vector<std::uint64_t> ghosts(static_cast<std::size_t>(processors * processors), 0);  // [p * n + q]
  std::array<bool, processors> borders{};
  for (std::size_t i = 0; i < grid.size(); ++i) {
    borders.fill(false);
    for (auto j : graph[i]) borders[static_cast<std::size_t>(part[j])] = true;
    borders[static_cast<std::size_t>(part[i])] = false;
    for (std::size_t q = 0; q < borders.size(); ++q)
      if (borders[q]) ++ghosts[static_cast<std::size_t>(part[i]) * processors + q];
  }
  std::vector<MatrixEntry> entries;
  for (int p = 0; p < processors; ++p)
    for (int q = 0; q < processors; ++q)
      if (const auto count = ghosts[static_cast<std::size_t>(p * processors + q)]) entries.push_back({p, q, count});
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim
