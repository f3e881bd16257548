// Ranka, Wang, Kumar, "All-to-many communication avoiding node contention" (SU-CIS-92-20, 1992),
// Appendix D "COM Random Generator":
//   for i = 0..d-1, j = 0..n-1: COM(j, (i + j) mod n) = 1   (d diagonals: every row and column has d)
//   ManyTimes: swap two random rows (or two random columns)
//   Msg_len(i, j) = random() mod Msg_Range, Msg_Range = n
// Readings taken here:
//  - "ManyTimes" random swaps are taken to their limit: a uniformly random permutation of the rows
//    and an independent one of the columns (Fisher-Yates), which is what many swaps converge to.
//  - lengths are 1 + (random mod n): the tables' captions give the smallest message as msg_unit and
//    the largest as n * msg_unit (32 x msg_unit on 32 nodes), which "random() mod n" alone (0..n-1)
//    would contradict.
//  - COM(i, j) = 1 means P_j sends to P_i. An entry on the diagonal after the shuffles is a node's
//    message to itself: a local copy, never a network message (LP has no phase k = 0 for it), so it
//    is dropped; rows and columns keep "approximately d" entries, as section 5.2 says.
#include <fmt/format.h>

#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

CommMatrix random_density_matrix(int nodes, int density, Rng& rng) {
  if (density < 1 || density > nodes)
    throw Error("workload random-density", fmt::format("density d = {} must be in 1..{} for {} nodes", density, nodes,
                                                       nodes));
  std::vector<int> row(static_cast<std::size_t>(nodes)), column(static_cast<std::size_t>(nodes));
  for (int i = 0; i < nodes; ++i) row[static_cast<std::size_t>(i)] = column[static_cast<std::size_t>(i)] = i;
  rng.shuffle(row);
  rng.shuffle(column);
  std::vector<MatrixEntry> entries;
  entries.reserve(static_cast<std::size_t>(nodes) * static_cast<std::size_t>(density));
  for (int i = 0; i < density; ++i)
    for (int j = 0; j < nodes; ++j) {
      const int receiver = row[static_cast<std::size_t>(j)];
      const int sender = column[static_cast<std::size_t>((i + j) % nodes)];
      const std::uint64_t length = 1 + rng.below(static_cast<std::uint64_t>(nodes));
      if (receiver != sender) entries.push_back({sender, receiver, length});
    }
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim
