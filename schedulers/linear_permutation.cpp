// Linear Permutation (LP): Ranka, Wang, Kumar 1992, section 3.1 and Figure 1.
// In iteration k (0 < k < n) every P_i exchanges with P_(i xor k): it sends its message to that
// node, or a dummy message when COM has none, and receives from it. The paper also ran the
// variant "send to P_((i+k) mod n), receive from P_((i-k) mod n)" and found it slightly slower on
// the CM-5. Both give exactly n-1 phases, each a full permutation.
#include <bit>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "algorithms.hpp"

namespace mcsim {

namespace {
template <class Partner>
Plan linear_permutation(const SchedulerInput& input, OperationCounts& ops, Partner partner) {
  const CommMatrix& m = input.matrix;
  const int n = m.nodes();
  Plan plan;
  plan.phases.resize(static_cast<std::size_t>(n - 1));
  std::uint64_t lookups = 0, dummies = 0;
  for (int k = 1; k < n; ++k) {
    Phase& phase = plan.phases[static_cast<std::size_t>(k - 1)];
    phase.messages.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const int j = partner(i, k, n);
      const std::uint64_t bytes = m.bytes(i, j);
      ++lookups;
      if (bytes == 0) ++dummies;
      phase.messages.push_back({i, j, bytes, bytes == 0});
    }
  }
  ops["lookups"] += lookups;
  ops["dummies"] += dummies;
  return plan;
}
}  // namespace

Plan schedule_linear_permutation_xor(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  const int n = input.matrix.nodes();
  if (!std::has_single_bit(static_cast<unsigned>(n)))
    throw Error("scheduler LP", fmt::format("P(i xor k) needs a power-of-two node count, got {}; use LP-shift", n));
  return linear_permutation(input, ops, [](int i, int k, int) { return i ^ k; });
}

Plan schedule_linear_permutation_shift(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  return linear_permutation(input, ops, [](int i, int k, int n) { return (i + k) % n; });
}

}  // namespace mcsim
