// Test set 2 of Ranka, Wang, Kumar 1992 (SU-CIS-92-20), section 5.2: "a few processors have a
// small amount of large messages, while other processors have a bulk of small messages, however,
// the amount of data to be sent by every processor is equal".
//   dist[5] = {1, 2, 4, 8, 17}, dense[5] = {1, 2, 4, 8, 16}, length[5] = {16, 8, 4, 2, 1}:
//   the 32 columns (senders) form five sets; set k has dist[k] senders, each sending dense[k]
//   messages of length[k] units, so every sender sends 16 units.
// Readings taken here:
//  - which senders form which set is drawn at random (a shuffle of the node ids);
//  - each sender's destinations are distinct and uniformly random among the other 31 nodes.
// Both change from sample to sample; the paper's 10 matrices are not published.
#include <array>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

CommMatrix skewed_matrix(int nodes, Rng& rng) {
  if (nodes != 32)
    throw Error("workload skewed", fmt::format("test set 2 is defined for 32 nodes, not {}", nodes));
  constexpr std::array<int, 5> dist = {1, 2, 4, 8, 17}, dense = {1, 2, 4, 8, 16}, length = {16, 8, 4, 2, 1};
  std::vector<int> senders(static_cast<std::size_t>(nodes));
  for (int i = 0; i < nodes; ++i) senders[static_cast<std::size_t>(i)] = i;
  rng.shuffle(senders);
  std::vector<MatrixEntry> entries;
  std::size_t next = 0;
  for (std::size_t set = 0; set < dist.size(); ++set)
    for (int c = 0; c < dist[set]; ++c) {
      const int src = senders[next++];
      std::vector<int> others;
      for (int j = 0; j < nodes; ++j)
        if (j != src) others.push_back(j);
      rng.shuffle(others);
      for (int m = 0; m < dense[set]; ++m)
        entries.push_back({src, others[static_cast<std::size_t>(m)], static_cast<std::uint64_t>(length[set])});
    }
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim
