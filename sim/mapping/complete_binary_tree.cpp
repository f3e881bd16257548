#include "complete_binary_tree.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

PhasedTaskGraph complete_binary_tree(int m, double alpha) {
  if (m < 1 || m > 24) throw Error("complete binary tree", fmt::format("CBT({}) is outside CBT(1) .. CBT(24)", m));
  if (!(alpha > 0 && alpha <= 1))
    throw Error("complete binary tree", fmt::format("alpha = {} is outside (0, 1]", alpha));
  PhasedTaskGraph g;
  g.name = fmt::format("CBT({})", m);
  g.tasks = (1 << m) - 1;
  g.alpha = alpha;
  for (int i = 1; i < m; ++i) {
    auto& phase = g.phases.emplace_back();
    for (int parent = (1 << (i - 1)) - 1; parent < (1 << i) - 1; ++parent)
      for (int child : {2 * parent + 1, 2 * parent + 2}) phase.push_back(TaskEdge{parent, child, std::pow(alpha, i)});
  }
  return g;
}

}  // namespace mcsim
