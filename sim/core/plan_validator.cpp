#include "plan_validator.hpp"

#include <map>
#include <vector>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

void validate_plan(const Plan& plan, const CommMatrix& matrix, const std::string& who) {
  const std::string where = "plan of " + who;
  const int n = matrix.nodes();
  if (plan.nodes != n)
    throw Error(where, fmt::format("plan is for {} nodes but the matrix has {}", plan.nodes, n));

  std::map<std::pair<int, int>, std::uint64_t> delivered;
  std::vector<int> sends(n), receives(n);
  for (std::size_t p = 0; p < plan.phases.size(); ++p) {
    const Phase& phase = plan.phases[p];
    const std::string at = fmt::format("{}, phase {}", where, p);
    std::fill(sends.begin(), sends.end(), 0);
    std::fill(receives.begin(), receives.end(), 0);
    for (const auto& m : phase.messages) {
      if (m.src < 0 || m.src >= n || m.dst < 0 || m.dst >= n)
        throw Error(at, fmt::format("message {} -> {} names a node outside 0..{}", m.src, m.dst, n - 1));
      if (m.src == m.dst) throw Error(at, fmt::format("message {} -> {} is sent to itself", m.src, m.dst));
      if (m.dummy && m.bytes != 0)
        throw Error(at, fmt::format("dummy message {} -> {} carries {} bytes", m.src, m.dst, m.bytes));
      if (!m.dummy) {
        if (m.bytes == 0) throw Error(at, fmt::format("message {} -> {} carries 0 bytes", m.src, m.dst));
        delivered[{m.src, m.dst}] += m.bytes;
      }
      if (phase.partial_permutation) {
        if (++sends[m.src] > 1)
          throw Error(at, fmt::format("claims a partial permutation but node {} sends twice", m.src));
        if (++receives[m.dst] > 1)
          throw Error(at, fmt::format("claims a partial permutation but node {} receives twice", m.dst));
      }
    }
  }

  for (const auto& e : matrix.entries()) {
    auto it = delivered.find({e.src, e.dst});
    const std::uint64_t got = it == delivered.end() ? 0 : it->second;
    if (got != e.bytes)
      throw Error(where, fmt::format("message {} -> {} of {} bytes is delivered as {} bytes", e.src, e.dst, e.bytes, got));
    delivered.erase(it);
  }
  if (!delivered.empty()) {
    const auto& [pair, bytes] = *delivered.begin();
    throw Error(where, fmt::format("sends {} bytes {} -> {} where the matrix has no message", bytes, pair.first,
                                   pair.second));
  }
}

}  // namespace mcsim
