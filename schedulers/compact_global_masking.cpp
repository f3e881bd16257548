// Compact Global Masking (CGM): Ranka, Wang, Fox 1992 ([16] of Ranka, Wang, Kumar 1992), as
// Ranka, Wang, Kumar describe it in sections 3.2 (the scan of Figure 3 without heaps), 5.1 and 5.3.2.
//
// Each iteration builds one partial permutation: send(.) = receive(.) = -1; a random start column
// x; for every column j = (x + y) mod n in turn, take the first active entry whose destination has
// not yet been claimed in this iteration (receive(k) = -1), and remove it from the column. Repeat
// until every column is empty.
//
// Readings taken here:
//  - "Compact": a used entry is removed by moving the column's last active entry into its slot and
//    decrementing prt(j), O(1) per removal (the compressed columns stay dense).
//  - CGM "randomly swaps entries in one column to break the order in order to even the success
//    probability in every column" (sec. 5.3.2): each column is shuffled once before scheduling.
//  - CGM+sort (sec. 5.1 item 6) sorts each column once by size, largest first, and makes "no effort
//    to maintain the sort sequences during the scheduling": removals use the same O(1) swap.
#include <algorithm>

#include "compressed_matrix.hpp"
#include "algorithms.hpp"

namespace mcsim {

namespace {
Plan compact_global_masking(std::vector<std::vector<PendingMessage>> columns, int n, Rng& rng, OperationCounts& ops) {
  Plan plan;
  std::vector<int> receive(static_cast<std::size_t>(n));
  std::size_t remaining = 0;
  for (const auto& column : columns) remaining += column.size();
  std::uint64_t probes = 0;
  while (remaining > 0) {
    std::fill(receive.begin(), receive.end(), -1);
    Phase phase;
    const int x = rng.below(n);
    for (int y = 0; y < n; ++y) {
      const int j = (x + y) % n;
      auto& column = columns[static_cast<std::size_t>(j)];
      for (std::size_t i = 0; i < column.size(); ++i) {
        ++probes;
        const int k = column[i].dst;
        if (receive[static_cast<std::size_t>(k)] != -1) continue;
        receive[static_cast<std::size_t>(k)] = j;
        phase.messages.push_back({j, k, column[i].bytes, false});
        column[i] = column.back();
        column.pop_back();
        --remaining;
        break;
      }
    }
    plan.phases.push_back(std::move(phase));
  }
  ops["probes"] += probes;
  ops["iterations"] += plan.phases.size();
  return plan;
}
}  // namespace

Plan schedule_compact_global_masking(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  auto columns = compress_matrix(input.matrix);
  for (auto& column : columns) input.rng.shuffle(column);
  return compact_global_masking(std::move(columns), input.matrix.nodes(), input.rng, ops);
}

Plan schedule_compact_global_masking_sorted(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  auto columns = compress_matrix(input.matrix);
  for (auto& column : columns)
    std::stable_sort(column.begin(), column.end(),
                     [](const PendingMessage& a, const PendingMessage& b) { return a.bytes > b.bytes; });
  return compact_global_masking(std::move(columns), input.matrix.nodes(), input.rng, ops);
}

}  // namespace mcsim
