#include "mesh_mapping.hpp"

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

MeshShape binomial_mesh(int n) { return MeshShape{1 << (n / 2), 1 << ((n + 1) / 2)}; }

MeshMapping mapping_from_points(std::string name, MeshShape mesh, const std::vector<MeshPoint>& points) {
  MeshMapping m{std::move(name), mesh, {}};
  std::vector<int> task_on(static_cast<std::size_t>(mesh.nodes()), -1);
  for (std::size_t task = 0; task < points.size(); ++task) {
    const auto [x, y] = points[task];
    if (x < 0 || y < 0 || x >= mesh.cols || y >= mesh.rows)
      throw Error(m.name + " mapping",
                  fmt::format("task {} lands at [{}, {}], off the {} x {} mesh", task, x, y, mesh.rows, mesh.cols));
    const int node = mesh.index(y, x);
    if (task_on[static_cast<std::size_t>(node)] >= 0)
      throw Error(m.name + " mapping", fmt::format("tasks {} and {} both land at [{}, {}]",
                                                   task_on[static_cast<std::size_t>(node)], task, x, y));
    task_on[static_cast<std::size_t>(node)] = static_cast<int>(task);
    m.node_of_task.push_back(node);
  }
  return m;
}

}  // namespace mcsim
