#include "growing.hpp"

#include <fmt/format.h>

#include "binomial_tree.hpp"
#include "reflecting.hpp"
#include "sim/core/error.hpp"

namespace mcsim {

MeshMapping growing_mapping(int n) {
  if (n < 0 || n > max_binomial_order)
    throw Error("growing mapping", fmt::format("B({}) is outside B(0) .. B({})", n, max_binomial_order));
  const MeshMapping base = reflecting_mapping(n < 2 ? n : 2);
  std::vector<MeshPoint> points;
  for (int task = 0; task < base.mesh.nodes(); ++task) points.push_back(base.point_of_task(task));
  MeshShape mesh = base.mesh;
  for (int m = 3; m <= n; ++m) {
    const bool horizontal = m % 2 == 1;  // n = 2k - 1 grows East/West, n = 2k North/South
    const int extent = horizontal ? mesh.cols : mesh.rows;
    const int reach = extent / 2;  // 2^(k-2): the old image is shifted by it, leaves grow by it
    std::vector<MeshPoint> grown(points.size() * 2);
    for (std::size_t old = 0; old < points.size(); ++old) {
      MeshPoint parent = points[old];
      int& along = horizontal ? parent.x : parent.y;
      const int direction = along >= extent / 2 ? 1 : -1;  // East/South half, or West/North half
      along += reach;
      MeshPoint leaf = parent;
      (horizontal ? leaf.x : leaf.y) += direction * reach;
      grown[2 * old + 1] = parent;  // non-leaf: label b = 2 * old + 1
      grown[2 * old] = leaf;        // its new leaf: b - 1
    }
    points = std::move(grown);
    (horizontal ? mesh.cols : mesh.rows) *= 2;
  }
  return mapping_from_points("growing", binomial_mesh(n), points);
}

}  // namespace mcsim
