// The test set of Wang and Ranka 1994 (sec. 6): "50 random generated samples for each density d",
// "equal message size", where density d is "the number of messages sent or received by every
// processor" (sec. 2.1 item 2) and the analysis of RS_N assumes "each node is sending d messages to
// random destinations and receives d messages from different sources" (sec. 4.2).
//
// Readings taken here:
//  - Exactly d sends and d receives per node, no message to itself, at most one message per
//    ordered pair, every message 1 length unit (the experiment multiplies by msg_unit).
//  - "Random" is read as a random d-regular directed graph without loops: start from d shifted
//    diagonals P_j -> P_(j+s) mod n, s = 1..d, under a random relabelling of the nodes, then apply
//    many random degree-preserving switches (a->b, c->e) => (a->e, c->b), refused when they would make
//    a self message or a repeated pair. Switches keep every row and column count at d.
#include <fmt/format.h>

#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

CommMatrix uniform_density_matrix(int nodes, int density, Rng& rng) {
  if (density < 1 || density >= nodes)
    throw Error("workload uniform-density",
                fmt::format("density d = {} must be in 1..{} for {} nodes (no self messages)", density, nodes - 1, nodes));
  const auto n = static_cast<std::size_t>(nodes);
  std::vector<int> label(n);
  for (std::size_t i = 0; i < n; ++i) label[i] = static_cast<int>(i);
  rng.shuffle(label);

  struct Edge {
    int src, dst;
  };
  std::vector<Edge> edges;
  edges.reserve(n * static_cast<std::size_t>(density));
  std::vector<char> present(n * n, 0);
  for (int s = 1; s <= density; ++s)
    for (int j = 0; j < nodes; ++j) {
      const int src = label[static_cast<std::size_t>(j)], dst = label[static_cast<std::size_t>((j + s) % nodes)];
      edges.push_back({src, dst});
      present[static_cast<std::size_t>(src) * n + static_cast<std::size_t>(dst)] = 1;
    }

  // 10 switch attempts per message: enough to forget the diagonal start (an assumption; the
  // paper does not say how its samples were drawn).
  const std::size_t attempts = 10 * edges.size();
  const auto at = [n](int a, int b) { return static_cast<std::size_t>(a) * n + static_cast<std::size_t>(b); };
  for (std::size_t t = 0; t < attempts; ++t) {
    Edge& p = edges[rng.below(std::uint64_t{edges.size()})];
    Edge& q = edges[rng.below(std::uint64_t{edges.size()})];
    if (p.src == q.src || p.dst == q.dst) continue;
    if (p.src == q.dst || q.src == p.dst) continue;  // would be a self message
    if (present[at(p.src, q.dst)] || present[at(q.src, p.dst)]) continue;
    present[at(p.src, p.dst)] = present[at(q.src, q.dst)] = 0;
    std::swap(p.dst, q.dst);
    present[at(p.src, p.dst)] = present[at(q.src, q.dst)] = 1;
  }

  std::vector<MatrixEntry> entries;
  entries.reserve(edges.size());
  for (const auto& e : edges) entries.push_back({e.src, e.dst, 1});
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim
