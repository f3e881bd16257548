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

void check_link_contention_free(const Phase& phase, const RouteFunction& route, const std::string& where) {
  std::map<std::pair<int, int>, const PlannedMessage*> owner;  // directed channel -> message using it
  for (const auto& m : phase.messages) {
    const std::vector<int> path = route(m.src, m.dst);
    if (path.empty() || path.front() != m.src || path.back() != m.dst)
      throw Error(where, fmt::format("the route of message {} -> {} does not run from {} to {}", m.src, m.dst, m.src,
                                     m.dst));
    for (std::size_t i = 1; i < path.size(); ++i) {
      const auto [it, fresh] = owner.emplace(std::pair{path[i - 1], path[i]}, &m);
      if (!fresh)
        throw Error(where, fmt::format("channel {} -> {} is used by messages {} -> {} and {} -> {}", path[i - 1], path[i],
                                       it->second->src, it->second->dst, m.src, m.dst));
    }
  }
}

void validate_link_contention_free(const Plan& plan, const RouteFunction& route, const std::string& who) {
  const std::string where = "plan of " + who;
  for (std::size_t p = 0; p < plan.phases.size(); ++p) {
    if (!plan.phases[p].link_contention_free) continue;
    const std::string at = fmt::format("{}, phase {}", where, p);
    if (!route) throw Error(at, "claims to be link-contention-free but no route function is given to check it");
    check_link_contention_free(plan.phases[p], route, at + " (link-contention-free)");
  }
}

}  // namespace mcsim
