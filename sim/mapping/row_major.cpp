#include "row_major.hpp"

#include <fmt/format.h>

#include "binomial_tree.hpp"
#include "sim/core/error.hpp"

namespace mcsim {

MeshMapping row_major_mapping(int tasks) {
  if (tasks < 1 || tasks > (1 << max_binomial_order))
    throw Error("row-major mapping", fmt::format("{} tasks is outside 1 .. 2^{}", tasks, max_binomial_order));
  int m = 0;
  while ((1 << m) < tasks) ++m;
  MeshMapping mapping{"row-major", binomial_mesh(m), {}};
  for (int t = 0; t < tasks; ++t) mapping.node_of_task.push_back(t);
  return mapping;
}

}  // namespace mcsim
