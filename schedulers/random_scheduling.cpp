// Randomized scheduling: Wang and Ranka 1994, RS_N (sec. 4.2, Figure 3) and RS_NL (sec. 5,
// Figure 4). One file for both: Figure 4 is Figure 3 with one more condition on the entry chosen in
// step 3(c)i (Check_Path) and one more action in 3(c)ii (Mark_Path), so both run the same loop.
//
// Figure 3, per iteration (one partial permutation): Tsend = Trecv = -1; x = random(0..n-1); for
// k = 0..n-1, along row x of CCOM find an entry y with Trecv(y) = -1, take it (Tsend(x) = y,
// Trecv(y) = x), move the row's last active entry CCOM(x, prt(x)) into its slot and decrement
// prt(x); x = (x + 1) mod n. Repeat until all messages are sent.
//
// Readings taken here:
//  - CCOM row x lists the destinations of sender x, "randomly swapped" once by the compressing
//    procedure (sec. 4.2): each row is shuffled once before scheduling, as CGM does with columns.
//  - Every processor runs the loop "in parallel" on the same CCOM and must draw the same x; mcsim
//    runs it once and hands the phases to all nodes.
//  - "The first column j" (sec. 4.2): a row is scanned from its first slot; the first entry that
//    qualifies is taken.
//  - PATHS (RS_NL) is set to -1 once, in step 2, outside the Repeat loop, yet it records "all
//    claimed paths in one communication phase" (sec. 5). Coherent reading: Mark_Path writes the
//    iteration number into PATHS(a, b) and Check_Path treats a channel as claimed only when it
//    holds the current iteration's number, which is the figure's single initialisation and a fresh
//    PATHS in every phase.
//  - PATHS(a, b) is indexed by the ordered pair: a channel is directed. With undirected links a
//    pairwise exchange between hypercube neighbours would collide with itself, and sec. 4.1 says
//    LP's exchanges have no link contention.
//  - "Priority is given to entries that can result in pairwise exchange" (sec. 5; the details are
//    in [15], not available). Reading: among the entries of row x that pass Trecv(y) = -1 and
//    Check_Path(x, y), take the first one that completes an exchange (y already sends to x in this
//    iteration), else the first that can still become one (y has a message for x not yet sent,
//    y's row not yet visited, x not yet receiving), else the first that qualifies.
//  - Check_Path uses the machine's routes (SchedulingHints::routes: the topology family's, the
//    links the transports claim); each message's channels are looked up once when CCOM is built.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "algorithms.hpp"

namespace mcsim {

namespace {

struct RowEntry {
  int dst = 0;
  std::uint64_t bytes = 0;
  std::vector<int> channels;  // RS_NL: the directed links of the route x -> dst (route_channels)
};

// The array PATHS of Figure 4 (one entry per directed channel) with the iteration stamp reading (see above).
class ClaimedChannels {
 public:
  explicit ClaimedChannels(int channels) : stamp_(static_cast<std::size_t>(channels), -1) {}
  bool free(const std::vector<int>& channels, int iteration, std::uint64_t& checked) const {  // Check_Path
    for (int c : channels) {
      ++checked;
      if (stamp_[static_cast<std::size_t>(c)] == iteration) return false;
    }
    return true;
  }
  void mark(const std::vector<int>& channels, int iteration) {  // Mark_Path
    for (int c : channels) stamp_[static_cast<std::size_t>(c)] = iteration;
  }

 private:
  std::vector<int> stamp_;
};

// The directed links of the machine's route src -> dst (the family's links, which the transports
// claim), each as a dense number given in order of first use (`numbers`): the numbers only tell
// channels apart, and keep PATHS as small as the links the matrix's routes use.
std::vector<int> route_channels(const SchedulingHints& hints, std::unordered_map<int, int>& numbers, int src, int dst) {
  const Route route = hints.routes->route(src, dst);
  if (route.empty() || hints.routes->link_ends(route.back().link).second != dst)
    throw Error("scheduler RS_NL", fmt::format("the machine's route for {} -> {} does not run from {} to {}", src, dst,
                                               src, dst));
  std::vector<int> channels;
  channels.reserve(route.size());
  for (const RouteChannel& c : route)
    channels.push_back(numbers.try_emplace(c.link, static_cast<int>(numbers.size())).first->second);
  return channels;
}

Plan random_scheduling(const SchedulerInput& input, bool avoid_links, OperationCounts& ops) {
  const CommMatrix& matrix = input.matrix;
  const int n = matrix.nodes();
  const auto at = [](int i) { return static_cast<std::size_t>(i); };

  // Step 1: CCOM, row x = the messages P_x sends, randomly swapped; prt(x) = row size.
  std::vector<std::vector<RowEntry>> ccom(at(n));
  std::unordered_map<int, int> channel_numbers;
  for (const auto& e : matrix.entries()) {
    RowEntry entry{e.dst, e.bytes, {}};
    if (avoid_links) entry.channels = route_channels(input.hints, channel_numbers, e.src, e.dst);
    ccom[at(e.src)].push_back(std::move(entry));
  }
  for (auto& row : ccom) input.rng.shuffle(row);
  // unsent[y * n + x]: P_y still has a message for P_x (RS_NL's pairwise-exchange priority).
  std::vector<char> unsent;
  if (avoid_links) {
    unsent.assign(at(n) * at(n), 0);
    for (const auto& e : matrix.entries()) unsent[at(e.src) * at(n) + at(e.dst)] = 1;
  }

  ClaimedChannels paths(avoid_links ? static_cast<int>(channel_numbers.size()) : 0);  // step 2
  std::vector<int> tsend(at(n)), trecv(at(n));
  std::size_t remaining = matrix.size();
  std::uint64_t probes = 0, paths_checked = 0, channels_checked = 0, exchanges = 0;
  Plan plan;
  for (int iteration = 0; remaining > 0; ++iteration) {
    std::fill(tsend.begin(), tsend.end(), -1);  // (a)
    std::fill(trecv.begin(), trecv.end(), -1);
    Phase phase;
    phase.link_contention_free = avoid_links;
    const int start = input.rng.below(n);  // (b)
    for (int k = 0; k < n; ++k) {          // (c)
      const int x = (start + k) % n;
      auto& row = ccom[at(x)];
      // i. the entry to take: RS_N the first that qualifies; RS_NL the best rank (see above).
      std::size_t chosen = row.size();
      int chosen_rank = 3;
      for (std::size_t z = 0; z < row.size() && chosen_rank > 0; ++z) {
        ++probes;
        const int y = row[z].dst;
        if (trecv[at(y)] != -1) continue;
        if (!avoid_links) {
          chosen = z;
          break;
        }
        // Ranking first is cheaper than checking the path of an entry that cannot win.
        int rank = 2;
        if (tsend[at(y)] == x)
          rank = 0;
        else if (tsend[at(y)] == -1 && trecv[at(x)] == -1 && unsent[at(y) * at(n) + at(x)])
          rank = 1;
        if (rank >= chosen_rank) continue;
        ++paths_checked;
        if (!paths.free(row[z].channels, iteration, channels_checked)) continue;
        chosen = z;
        chosen_rank = rank;
      }
      if (chosen == row.size()) continue;
      // ii. take it: Tsend, Trecv, Mark_Path, and the row's last active entry moves into its slot.
      const int y = row[chosen].dst;
      tsend[at(x)] = y;
      trecv[at(y)] = x;
      if (avoid_links) {
        paths.mark(row[chosen].channels, iteration);
        unsent[at(x) * at(n) + at(y)] = 0;
        if (chosen_rank == 0) ++exchanges;
      }
      phase.messages.push_back({x, y, row[chosen].bytes, false});
      row[chosen] = std::move(row.back());
      row.pop_back();
      --remaining;
    }
    plan.phases.push_back(std::move(phase));
  }
  ops["probes"] += probes;
  ops["iterations"] += plan.phases.size();
  if (avoid_links) {
    ops["paths_checked"] += paths_checked;
    ops["channels_checked"] += channels_checked;
    ops["pairwise_exchanges"] += exchanges;
  }
  return plan;
}

}  // namespace

Plan schedule_random_node(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  return random_scheduling(input, false, ops);
}

Plan schedule_random_node_link(const SchedulerInput& input, const SchedulerParams&, OperationCounts& ops) {
  if (!input.hints.routes)
    throw Error("scheduler RS_NL",
                "needs the machine's fixed routes (SchedulingHints::routes) to avoid link contention, and this "
                "machine gives none");
  return random_scheduling(input, true, ops);
}

}  // namespace mcsim
