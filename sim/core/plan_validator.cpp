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

  // Bytes delivered per entry of the matrix, in linear time: the plan's data messages are grouped by
  // sender (a counting sort), then each sender's matrix row is spread over an array indexed by
  // receiver, and each of its messages finds its entry there. Sorting the messages by pair, then a
  // binary search per message, was a third of ranka92-table2's CPU (plans of 512 nodes with up to
  // 262,144 messages, checked for every scheduler and sample).
  struct Piece {
    int dst;
    std::uint64_t bytes;
  };
  std::vector<std::size_t> from_start(static_cast<std::size_t>(n) + 1, 0);  // per sender, into `pieces`
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
        ++from_start[static_cast<std::size_t>(m.src) + 1];
      }
      if (phase.partial_permutation) {
        if (++sends[m.src] > 1)
          throw Error(at(), fmt::format("claims a partial permutation but node {} sends twice", m.src));
        if (++receives[m.dst] > 1)
          throw Error(at(), fmt::format("claims a partial permutation but node {} receives twice", m.dst));
      }
    }
  }
  for (std::size_t src = 0; src < static_cast<std::size_t>(n); ++src) from_start[src + 1] += from_start[src];
  std::vector<Piece> pieces(from_start.back());
  {
    std::vector<std::size_t> next(from_start.begin(), from_start.end() - 1);
    for (const Phase& phase : plan.phases)
      for (const auto& m : phase.messages)
        if (!m.dummy) pieces[next[static_cast<std::size_t>(m.src)]++] = {m.dst, m.bytes};
  }

  const std::vector<MatrixEntry>& entries = matrix.entries();  // sorted by (src, dst), one per pair
  std::vector<std::uint64_t> got(entries.size(), 0);
  struct Extra {  // bytes sent to a pair the matrix has no message for
    std::uint64_t pair;
    std::uint64_t bytes;
  };
  std::vector<Extra> extras;
  std::vector<std::ptrdiff_t> entry_to(static_cast<std::size_t>(n), -1);  // the current sender's row, by receiver
  std::size_t row = 0;
  for (std::size_t src = 0; src < static_cast<std::size_t>(n); ++src) {
    const std::size_t row_begin = row;
    for (; row < entries.size() && static_cast<std::size_t>(entries[row].src) == src; ++row)
      entry_to[static_cast<std::size_t>(entries[row].dst)] = static_cast<std::ptrdiff_t>(row);
    for (std::size_t i = from_start[src]; i < from_start[src + 1]; ++i) {
      const std::ptrdiff_t e = entry_to[static_cast<std::size_t>(pieces[i].dst)];
      if (e >= 0)
        got[static_cast<std::size_t>(e)] += pieces[i].bytes;
      else
        extras.push_back({static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(n) +
                              static_cast<std::uint64_t>(pieces[i].dst),
                          pieces[i].bytes});
    }
    for (std::size_t r = row_begin; r < row; ++r) entry_to[static_cast<std::size_t>(entries[r].dst)] = -1;
  }

  for (std::size_t i = 0; i < entries.size(); ++i)
    if (got[i] != entries[i].bytes)
      throw Error(where, fmt::format("message {} -> {} of {} bytes is delivered as {} bytes", entries[i].src,
                                     entries[i].dst, entries[i].bytes, got[i]));
  if (!extras.empty()) {  // the first such pair, with all its pieces
    const std::uint64_t first =
        std::min_element(extras.begin(), extras.end(), [](const Extra& a, const Extra& b) { return a.pair < b.pair; })->pair;
    std::uint64_t bytes = 0;
    for (const Extra& e : extras)
      if (e.pair == first) bytes += e.bytes;
    throw Error(where, fmt::format("sends {} bytes {} -> {} where the matrix has no message", bytes,
                                   first / static_cast<std::uint64_t>(n), first % static_cast<std::uint64_t>(n)));
  }
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
