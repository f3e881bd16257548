#include "binomial_tree.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

int trailing_ones(int label) {
  int t = 0;
  while (label & (1 << t)) ++t;
  return t;
}

int binomial_parent(int label, int n) {
  const int t = trailing_ones(label);
  return t >= n ? -1 : label | (1 << t);
}

int binomial_phase(int label, int n) { return n - trailing_ones(label); }

PhasedTaskGraph binomial_tree(int n, double alpha) {
  if (n < 0 || n > max_binomial_order)
    throw Error("binomial tree", fmt::format("B({}) is outside B(0) .. B({})", n, max_binomial_order));
  if (!(alpha > 0 && alpha <= 1)) throw Error("binomial tree", fmt::format("alpha = {} is outside (0, 1]", alpha));
  PhasedTaskGraph g;
  g.name = fmt::format("B({})", n);
  g.tasks = 1 << n;
  g.alpha = alpha;
  g.phases.resize(static_cast<std::size_t>(n));
  for (int b = 0; b + 1 < g.tasks; ++b) {
    const int i = binomial_phase(b, n);
    g.phases[static_cast<std::size_t>(i - 1)].push_back(TaskEdge{binomial_parent(b, n), b, std::pow(alpha, i)});
  }
  return g;
}

}  // namespace mcsim
