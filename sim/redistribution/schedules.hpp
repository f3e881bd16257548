// Communication schedules of a redistribution, as the communication scheduling table CS of Guo and
// Pan 2005, sec. 2.1: CS(i, k) = j when P_i sends to Q_j in step k. A step here may hold several
// messages per sender, sent one after the other without a barrier between them (the "large"
// steps of sec. 4.2); a one-message step is the paper's ordinary step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "communication_table.hpp"

namespace mcsim::redistribution {

struct CommunicationSchedule {
  std::string name;
  int p = 0;
  int q = 0;
  // steps[k][i]: the targets P_i sends to in step k, in sending order; empty when P_i is idle.
  std::vector<std::vector<std::vector<int>>> steps;
  // True when the steps are separated by barriers (or the synchronous exchanges of sec. 2); false
  // for the one asynchronous round of the naive routine.
  bool synchronised_steps = true;
};

// Sec. 2, the template routine ("general"): one round in which every P_i sends to Q_0 .. Q_(q-1) in
// that order, all but itself ("other than me": its own part is a local copy).
CommunicationSchedule general_schedule(const CommunicationTable& m);

// Sec. 2.2, Example 1, Fig. 1(b): step k (0 <= k < q) P_i sends to Q_((i + k) mod q), idle where
// M is 0. Contention-free when p <= q.
CommunicationSchedule contention_free_schedule(const CommunicationTable& m);

// Sec. 4.1, Algorithm 1, for gcd(x, q) = gcd(y, p) = 1 after Lemma 2's reduction by gcd(x, y):
// CS_0 lists P_0's targets in increasing order; P_i with i = (y k) mod p sends in step l to
// (CS_0[l] + x k) mod q. Theorem 1 makes every message of a step the same length, and gcd(x, q) = 1
// makes every step a permutation. Throws mcsim::Error when gcd(y, p) != 1 (rows the algorithm never
// reaches); with gcd(x, q) != 1 it still runs (steps of equal lengths that are not permutations).
CommunicationSchedule algorithm1_schedule(const Redistribution& r, const CommunicationTable& m);
// The paper's condition for Algorithm 1 (reduced x, y): gcd(x, q) = 1 and gcd(y, p) = 1.
bool algorithm1_applies(const Redistribution& r);

// Sec. 4.2, Algorithm 2, for gcd(x, q) = t != 1 or gcd(y, p) = s != 1: M is p/s x q/t identical
// s x t blocks (Theorem 2); a large step gives every sender one block along a block diagonal, its
// small steps filled largest message first so that no target receives twice in a small step;
// large step n is the first shifted by t n (mod q). Steps are the large steps. Where M is not made
// of Theorem 2's s x t identical blocks (it is not for every redistribution: cyclic(20) -> cyclic(30)
// on 12 has 6 x 4 blocks), the blocks are M's smallest row and column periods instead.
CommunicationSchedule algorithm2_schedule(const Redistribution& r, const CommunicationTable& m);
// Algorithm 2's table with a barrier after every small step (Example 2, Fig. 2(b): what the
// contention-free schedule of sec. 2.2 costs there).
CommunicationSchedule algorithm2_stepwise_schedule(const Redistribution& r, const CommunicationTable& m);
// Theorem 2's block sizes (s, t) = (gcd(y, p), gcd(x, q)) for the reduced redistribution.
std::pair<int, int> block_shape(const Redistribution& r);
// The blocks Algorithm 2 uses: Theorem 2's where M is made of them, else M's smallest periods
// (rows, columns): the smallest identical blocks M is made of.
std::pair<int, int> algorithm2_block_shape(const Redistribution& r, const CommunicationTable& m);
// True when M(i, j) = M(i mod s, j mod t) for all i, j (Theorem 2's identical blocks).
bool has_identical_blocks(const Redistribution& r, const CommunicationTable& m);
bool has_identical_blocks(const CommunicationTable& m, int s, int t);

// The schedule by name: general, contention-free, align-message (Algorithm 1 where it applies,
// else Algorithm 2), algorithm1, algorithm2, algorithm2-stepwise. Throws mcsim::Error naming the
// known ones.
CommunicationSchedule schedule_by_name(const std::string& name, const Redistribution& r, const CommunicationTable& m,
                                       const std::string& where);
std::vector<std::string> schedule_names();

// The unit cost of sec. 2.2's examples: a node sends one unit and receives one unit per time unit
// (self copies count, as the figures draw them); a step lasts as long as its busiest node's sends
// or receives; steps add up. Example 2: 9 units (Fig. 2(b)) -> 6 units (Fig. 2(c)).
std::int64_t unit_cost(const CommunicationSchedule& schedule, const CommunicationTable& m);

// Empty when every non-zero M(i, j) is sent exactly once and nothing else is; else what is wrong.
std::string delivery_problem(const CommunicationSchedule& schedule, const CommunicationTable& m);

// True when no target appears twice in any step's k-th position (every small step a partial
// permutation) and each sender has at most one message per step.
bool steps_are_permutations(const CommunicationSchedule& schedule);

// True when the messages of every small step (a step's k-th position) have one length M(i, j):
// Theorem 1's property of Algorithm 1, which makes a step's senders finish together.
bool steps_have_equal_lengths(const CommunicationSchedule& schedule, const CommunicationTable& m);

}  // namespace mcsim::redistribution
