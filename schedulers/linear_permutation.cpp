// Linear Permutation (LP), as each of two papers defines it. Both run n-1 iterations in which
// every P_i is paired with one partner; they differ in what a node does when COM has no message.
//
// Ranka, Wang, Kumar 1992 (the CM-5), sec. 3.1 and Figure 1, scheduler "LP": in iteration k
// (0 < k < n) every P_i sends to P_(i xor k) and receives from it. "When COM(i, j) = 0, processor
// P_j will send a dummy message to processor P_i": every phase is a full permutation of pairwise
// exchanges. The paper also ran the variant "send to P_((i+k) mod n), receive from P_((i-k) mod n)"
// ("LP-shift") and found it slightly slower on the CM-5.
//
// Wang and Ranka 1994 (the iPSC/860), sec. 4.1 and Figure 2, scheduler "LP-no-dummies": the same
// iterations with P_(i xor k), but "if COM(i,j) = 0, processor Pi will not send message to
// processor Pj (but will receive message from Pj if COM(j,i) > 0)". Phase k holds only the
// matrix's messages between the partners i and i xor k: a partial permutation in which a node may
// exchange, only send, only receive, or do nothing. Every node holds COM (sec. 4: the sending
// vectors are concatenated on every processor), so a receiver knows in which iterations a message
// comes, which the paper's S1 needs (sec. 6: the receiver posts its buffer and signals the sender).
// Phases left empty are kept: the paper's LP "needs to go through n iterations even when the
// value d is very small" (sec. 7).
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "algorithms.hpp"
#include "compressed_matrix.hpp"

namespace mcsim {

namespace {
enum class WhereComIsZero { dummy_message, no_message };

// Iteration k of every node in turn, phase k-1 of the plan; com(i, j) is COM's entry for i -> j.
template <class Partner, class Com>
Plan linear_permutation(int n, OperationCounts& ops, WhereComIsZero zero, Partner partner, Com com) {
  Plan plan;
  plan.phases.resize(static_cast<std::size_t>(n - 1));
  std::uint64_t lookups = 0, dummies = 0;
  for (int k = 1; k < n; ++k) {
    Phase& phase = plan.phases[static_cast<std::size_t>(k - 1)];
    if (zero == WhereComIsZero::dummy_message) phase.messages.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const int j = partner(i, k, n);
      const std::uint64_t bytes = com(i, j);
      ++lookups;
      if (bytes == 0 && zero == WhereComIsZero::no_message) continue;
      if (bytes == 0) ++dummies;
      phase.messages.push_back({i, j, bytes, bytes == 0});
    }
  }
  ops["lookups"] += lookups;
  ops["dummies"] += dummies;
  return plan;
}

// The CM-5 LP searches the whole matrix for each entry, as it always has: its host time is what the
// ranka92 tables set the other schedulers against (comp_vs_LP).
template <class Partner>
Plan cm5_linear_permutation(const CommMatrix& m, OperationCounts& ops, Partner partner) {
  return linear_permutation(m.nodes(), ops, WhereComIsZero::dummy_message, partner,
                            [&m](int i, int j) { return m.bytes(i, j); });
}

void require_power_of_two(int n, const char* scheduler, const char* alternative) {
  if (!std::has_single_bit(static_cast<unsigned>(n)))
    throw Error(fmt::format("scheduler {}", scheduler),
                fmt::format("P(i xor k) needs a power-of-two node count, got {}{}", n, alternative));
}

constexpr auto xor_partner = [](int i, int k, int) { return i ^ k; };
constexpr auto shift_partner = [](int i, int k, int n) { return (i + k) % n; };
}  // namespace

Plan schedule_linear_permutation_xor(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  require_power_of_two(input.matrix.nodes(), "LP", "; use LP-shift");
  return cm5_linear_permutation(input.matrix, ops, xor_partner);
}

Plan schedule_linear_permutation_shift(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  return cm5_linear_permutation(input.matrix, ops, shift_partner);
}

// Each node looks in its own sending vector (CCOM's column, sorted by destination): at 4,096 nodes
// the n(n-1) = 16.8 M looks are a binary search over d entries each, not over the whole matrix.
Plan schedule_linear_permutation_no_dummies(const SchedulerInput& input, const SchedulerParams&,
                                            OperationCounts& ops) {
  require_power_of_two(input.matrix.nodes(), "LP-no-dummies", "");
  const auto sending = compress_matrix(input.matrix);
  const auto com = [&sending](int i, int j) -> std::uint64_t {
    const auto& row = sending[static_cast<std::size_t>(i)];
    const auto it = std::lower_bound(row.begin(), row.end(), j,
                                     [](const PendingMessage& p, int dst) { return p.dst < dst; });
    return it != row.end() && it->dst == j ? it->bytes : 0;
  };
  return linear_permutation(input.matrix.nodes(), ops, WhereComIsZero::no_message, xor_partner, com);
}

}  // namespace mcsim
