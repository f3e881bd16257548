#include "plan_validator.hpp"

#include <algorithm>
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

  // Bytes delivered per (src, dst), as (src * n + dst, bytes) sorted by pair: a sorted vector
  // rather than a map, because plans of dense matrices hold hundreds of thousands of messages.
  struct Delivered {
    std::uint64_t pair;
    std::uint64_t bytes;
    bool matched;
  };
  std::vector<Delivered> delivered;
  const auto pair_of = [n](int src, int dst) {
    return static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(dst);
  };
  std::vector<int> sends(n), receives(n);
  for (std::size_t p = 0; p < plan.phases.size(); ++p) {
    const Phase& phase = plan.phases[p];
    const auto at = [&] { return fmt::format("{}, phase {}", where, p); };
    std::fill(sends.begin(), sends.end(), 0);
    std::fill(receives.begin(), receives.end(), 0);
    for (const auto& m : phase.messages) {
      if (m.src < 0 || m.src >= n || m.dst < 0 || m.dst >= n)
        throw Error(at(), fmt::format("message {} -> {} names a node outside 0..{}", m.src, m.dst, n - 1));
      if (m.src == m.dst) throw Error(at(), fmt::format("message {} -> {} is sent to itself", m.src, m.dst));
      if (m.dummy && m.bytes != 0)
        throw Error(at(), fmt::format("dummy message {} -> {} carries {} bytes", m.src, m.dst, m.bytes));
      if (!m.dummy) {
        if (m.bytes == 0) throw Error(at(), fmt::format("message {} -> {} carries 0 bytes", m.src, m.dst));
        delivered.push_back({pair_of(m.src, m.dst), m.bytes, false});
      }
      if (phase.partial_permutation) {
        if (++sends[m.src] > 1)
          throw Error(at(), fmt::format("claims a partial permutation but node {} sends twice", m.src));
        if (++receives[m.dst] > 1)
          throw Error(at(), fmt::format("claims a partial permutation but node {} receives twice", m.dst));
      }
    }
  }
  std::sort(delivered.begin(), delivered.end(), [](const Delivered& a, const Delivered& b) { return a.pair < b.pair; });
  std::size_t kept = 0;  // merge the pieces of each pair
  for (std::size_t i = 0; i < delivered.size(); ++i) {
    if (kept > 0 && delivered[kept - 1].pair == delivered[i].pair)
      delivered[kept - 1].bytes += delivered[i].bytes;
    else
      delivered[kept++] = delivered[i];
  }
  delivered.resize(kept);

  for (const auto& e : matrix.entries()) {
    const std::uint64_t pair = pair_of(e.src, e.dst);
    auto it = std::lower_bound(delivered.begin(), delivered.end(), pair,
                               [](const Delivered& d, std::uint64_t key) { return d.pair < key; });
    const bool found = it != delivered.end() && it->pair == pair && !it->matched;
    const std::uint64_t got = found ? it->bytes : 0;
    if (got != e.bytes)
      throw Error(where, fmt::format("message {} -> {} of {} bytes is delivered as {} bytes", e.src, e.dst, e.bytes, got));
    if (found) it->matched = true;
  }
  const auto extra = std::find_if(delivered.begin(), delivered.end(), [](const Delivered& d) { return !d.matched; });
  if (extra != delivered.end())
    throw Error(where, fmt::format("sends {} bytes {} -> {} where the matrix has no message", extra->bytes,
                                   extra->pair / static_cast<std::uint64_t>(n), extra->pair % static_cast<std::uint64_t>(n)));
}

void check_link_contention_free(const Phase& phase, const TopologyFamily& routes, const std::string& where) {
  std::map<int, const PlannedMessage*> owner;  // directed link -> message claiming it
  for (const auto& m : phase.messages) {
    const Route route = routes.route(m.src, m.dst);
    int at = m.src;
    for (const RouteChannel& c : route) {
      const auto [from, to] = routes.link_ends(c.link);
      if (from != at) break;
      at = to;
    }
    if (route.empty() || at != m.dst)
      throw Error(where, fmt::format("the route of message {} -> {} does not run from {} to {}", m.src, m.dst, m.src,
                                     m.dst));
    for (const RouteChannel& c : route) {
      const auto [it, fresh] = owner.emplace(c.link, &m);
      if (!fresh) {
        const auto [from, to] = routes.link_ends(c.link);
        throw Error(where, fmt::format("link {} ({} -> {}) is claimed by messages {} -> {} and {} -> {}", c.link, from,
                                       to, it->second->src, it->second->dst, m.src, m.dst));
      }
    }
  }
}

void validate_link_contention_free(const Plan& plan, const TopologyFamily* routes, const std::string& who) {
  const std::string where = "plan of " + who;
  for (std::size_t p = 0; p < plan.phases.size(); ++p) {
    if (!plan.phases[p].link_contention_free) continue;
    const std::string at = fmt::format("{}, phase {}", where, p);
    if (!routes) throw Error(at, "claims to be link-contention-free but the machine gives no routes to check it");
    check_link_contention_free(plan.phases[p], *routes, at + " (link-contention-free)");
  }
}

}  // namespace mcsim
