// Stand-ins for test set 3 of Ranka, Wang, Kumar 1992 (SU-CIS-92-20), section 5.2: matrices from
// fluid-dynamics meshes of "a part of an airplane" partitioned over 32 processors by a genetic
// load balancer (Mansour and Fox [13]). The matrices are not published; the paper gives their
// statistics (d = messages a processor sends, lengths in units):
//   2800-point:  max_d 15, min_d 3, ave_d 9.25;  lengths 2..36,  average 14.12
//   53961-point: max_d 18, min_d 6, ave_d 10.81; lengths 1..276, average 93.21
// A STAND-IN, built as such matrices were made: a point mesh of the same size around a body
// (point_mesh.hpp), 6-nearest-neighbour connectivity, 64 equal pieces by recursive bisection along
// random directions given two at a time to the 32 processors at random, and length(p -> q) = the points of part p with a neighbour in part q (the
// ghost values p must send q). The generator's constants are chosen from that picture, not fitted
// to the tables; how close its statistics come is reported by `mcsim list workloads -v`.
// The matrix is the same in every sample (the paper had one matrix per mesh): its randomness comes
// from a fixed seed per variant, not from the sample's generator.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "point_mesh.hpp"
#include "workloads.hpp"

namespace mcsim {

CommMatrix cfd_standin_matrix(const std::string& variant, int nodes) {
  const std::map<std::string, std::size_t> sizes = {{"2800", 2800}, {"53961", 53961}};
  const auto it = sizes.find(variant);
  if (it == sizes.end())
    throw Error("workload cfd-standin", fmt::format("unknown variant '{}' (2800 or 53961)", variant));
  if (nodes != 32)
    throw Error("workload cfd-standin", fmt::format("the CFD matrices were partitioned for 32 nodes, not {}", nodes));
  Rng rng(derive_seed(0x1992, "cfd-standin", it->second));
  const auto points = airfoil_point_cloud(it->second, rng);
  const auto graph = nearest_neighbour_graph(points, 6);
  // Two pieces per processor, paired at random: the genetic balancer's parts were balanced in load
  // but not contiguous, which is what gives each processor 9-11 partners rather than the 4-6 of
  // contiguous parts in a plane.
  const auto piece = random_direction_bisection(points, 2 * nodes, rng);
  std::vector<int> owner(static_cast<std::size_t>(2 * nodes));
  for (int p = 0; p < 2 * nodes; ++p) owner[static_cast<std::size_t>(p)] = p / 2;
  rng.shuffle(owner);
  std::vector<int> part(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) part[i] = owner[static_cast<std::size_t>(piece[i])];
  std::map<std::pair<int, int>, std::uint64_t> ghosts;
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::vector<int> sent_to;
    for (auto j : graph[i]) {
      const int q = part[j];
      if (q != part[i] && std::find(sent_to.begin(), sent_to.end(), q) == sent_to.end()) {
        sent_to.push_back(q);
        ++ghosts[{part[i], q}];
      }
    }
  }
  std::vector<MatrixEntry> entries;
  for (const auto& [pair, count] : ghosts) entries.push_back({pair.first, pair.second, count});
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim
