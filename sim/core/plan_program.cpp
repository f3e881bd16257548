#include "plan_program.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

PlanProgram::PlanProgram(const Plan& plan, int nodes, ReceiveCall receives) : plan_(plan), receives_(receives) {
  run_.nodes = nodes;
  run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
  const bool one_round = plan.strategy == Strategy::asynchronous;
  round_count_ = one_round ? (plan.phases.empty() ? 0 : 1) : plan.phases.size();
  if (plan.message_count() >= UINT32_MAX)
    throw Error("plan", fmt::format("{} messages: more than a run can index", plan.message_count()));
  rounds_.assign(static_cast<std::size_t>(nodes), NodeRounds{});
  // Rounds are filled in increasing order, so a node's round is busy from its first message on,
  // and starts where the node's lists stand then.
  auto open_round = [](NodeRounds& r, std::size_t round) {
    if (!r.busy.empty() && r.busy.back() == round) return;
    r.busy.push_back(static_cast<std::uint32_t>(round));
    r.send_start.push_back(static_cast<std::uint32_t>(r.sends.size()));
    r.receive_start.push_back(static_cast<std::uint32_t>(r.receives.size()));
  };
  for (std::size_t p = 0; p < plan.phases.size(); ++p) {
    const std::size_t round = one_round ? 0 : p;
    for (const auto& m : plan.phases[p].messages) {
      const auto index = static_cast<std::uint32_t>(run_.messages.size());
      run_.messages.push_back({m.src, m.dst, m.bytes, static_cast<int>(p), m.dummy, 0.0, 0.0});
      NodeRounds& from = rounds_[static_cast<std::size_t>(m.src)];
      open_round(from, round);
      from.sends.push_back(index);
      NodeRounds& to = rounds_[static_cast<std::size_t>(m.dst)];
      open_round(to, round);
      to.receives.push_back(index);
    }
  }
  for (NodeRounds& r : rounds_) {
    r.send_start.push_back(static_cast<std::uint32_t>(r.sends.size()));
    r.receive_start.push_back(static_cast<std::uint32_t>(r.receives.size()));
    r.send_first.assign(r.busy.size(), 1);
  }
  if (receives_ == ReceiveCall::blocking)
    for (std::size_t round = 0; round < round_count_; ++round) mark_send_first(round);
  if (plan.strategy == Strategy::phase_synchronous) count_barrier_members();
}

// A phase-synchronous round ends in a barrier of the whole job (plan.hpp). Its release instant is
// the latest arrival, and only some nodes can be that: a node with nothing in round r or r+1 left
// an earlier barrier no later than everyone in this one left the previous one, and waits for
// nobody. So the barrier that ends round r is joined by the nodes busy in round r or r+1, node 0
// in every round (it carries the release instant and the barrier time through rounds where no
// node is busy) and every node in the last round (every node finishes when the job does); the
// others pass on. Each barrier still releases at the instant a barrier of all nodes would, and
// every node starts its busy rounds at the same instant. Lo et al. 1992's B(14) on 2^14 nodes has
// 14 rounds, round i with 2^i busy nodes: 14 x 2^14 = 229,376 barrier waits become at most 65,543.
void PlanProgram::count_barrier_members() {
  barrier_members_.assign(round_count_, 0);
  for (std::size_t node = 0; node < rounds_.size(); ++node) {
    std::size_t b = 0;
    for (std::size_t r = 0; r < round_count_; ++r) {
      while (b < rounds_[node].busy.size() && rounds_[node].busy[b] < r) ++b;
      if (joins_barrier(node, b, r)) ++barrier_members_[r];
    }
  }
}

bool PlanProgram::joins_barrier(std::size_t node, std::size_t b, std::size_t round) const {
  const std::vector<std::uint32_t>& busy = rounds_[node].busy;
  return node == 0 || round + 1 == round_count_ || (b < busy.size() && busy[b] <= round + 1);
}

PlanProgram::NodeRound PlanProgram::busy_round(std::size_t node, std::size_t b) const {
  const NodeRounds& r = rounds_[node];
  return {std::span(r.sends).subspan(r.send_start[b], r.send_start[b + 1] - r.send_start[b]),
          std::span(r.receives).subspan(r.receive_start[b], r.receive_start[b + 1] - r.receive_start[b]),
          r.send_first[b] != 0};
}

std::ptrdiff_t PlanProgram::busy_index(std::size_t node, std::size_t round) const {
  const std::vector<std::uint32_t>& busy = rounds_[node].busy;
  const auto it = std::lower_bound(busy.begin(), busy.end(), static_cast<std::uint32_t>(round));
  return it != busy.end() && *it == round ? it - busy.begin() : -1;
}

// Blocking receives (ReceiveCall::blocking, the 1992 CMMD: its sends are synchronous too). A phase
// of a loosely synchronous plan is a partial permutation: its messages form paths and cycles, each
// node sending at most one message and receiving at most one. If every node of a cycle sent first,
// each would wait in a rendezvous that nobody answers; if runs of nodes send first, their messages go one after another. So along every
// path (from its first sender) and every cycle (from its lowest node) the nodes alternate: send
// first, receive first, send first... Every node knows the whole phase (a loosely synchronous
// schedule is computed on every node), so it can find its own place. A receive-first node answers
// at once; a send-first node waits at most for its destination's own send, so a phase lasts at most
// about two messages, and LP's pairwise exchange is two rendezvous in turn, the lower node first.
// (Rounds that are not partial permutations are refused in run_blocking_round.)
void PlanProgram::mark_send_first(std::size_t round) {
  const std::size_t n = rounds_.size();
  std::vector<int> next(n, -1), previous(n, -1);
  std::vector<std::ptrdiff_t> busy(n, -1);  // the round's place among each node's busy rounds
  for (std::size_t node = 0; node < n; ++node) {
    busy[node] = busy_index(node, round);
    if (busy[node] < 0) continue;
    const NodeRound r = busy_round(node, static_cast<std::size_t>(busy[node]));
    if (r.sends.size() != 1 || r.receives.size() > 1) continue;
    next[node] = run_.messages[r.sends.front()].dst;
    previous[static_cast<std::size_t>(next[node])] = static_cast<int>(node);
  }
  std::vector<char> placed(n, 0);
  auto walk = [&](std::size_t start) {
    bool send_first = true;
    for (int node = static_cast<int>(start); node >= 0 && !placed[static_cast<std::size_t>(node)];
         node = next[static_cast<std::size_t>(node)]) {
      const auto i = static_cast<std::size_t>(node);
      placed[i] = 1;
      // A node on a path or cycle sends or receives in this round: it is one of its busy rounds.
      rounds_[i].send_first[static_cast<std::size_t>(busy[i])] = send_first ? 1 : 0;
      send_first = !send_first;
    }
  };
  for (std::size_t node = 0; node < n; ++node)  // paths, from the node that receives nothing
    if (next[node] >= 0 && previous[node] < 0) walk(node);
  for (std::size_t node = 0; node < n; ++node)  // cycles, from their lowest node
    if (next[node] >= 0 && !placed[node]) walk(node);
}

// One round per phase (one round in all for the asynchronous strategy). A message's tag is its
// index in run_.messages.
void PlanProgram::run(Node& node) {
  const int me = node.id();
  const Strategy strategy = plan_.strategy;
  const bool ready_signals = strategy == Strategy::receiver_ready;
  const bool pair_exchanges = ready_signals && node.exchanges_need_pairing();

  const bool blocking = receives_ == ReceiveCall::blocking &&
                        (strategy == Strategy::loosely_synchronous || strategy == Strategy::phase_synchronous);

  // Rounds in which this node has no message are skipped where nothing else happens in them (a
  // phase-synchronous round ends in a barrier, which the node may have to join: see
  // count_barrier_members); their phases are still marked, as the node passes through them at that
  // instant.
  const NodeRounds& mine = rounds_[static_cast<std::size_t>(me)];
  const bool barriers = strategy == Strategy::phase_synchronous;
  std::size_t b = 0;  // this node's next busy round
  for (std::size_t r = 0; r < round_count_; ++r) {
    const bool busy = b < mine.busy.size() && mine.busy[b] == r;
    const bool joins = barriers && joins_barrier(static_cast<std::size_t>(me), b, r);
    if (barriers && !busy) {
      node.mark_phase(static_cast<int>(r));
      if (joins) node.barrier(static_cast<std::uint32_t>(r), barrier_members_[r]);
      continue;
    }
    if (!busy) {
      // Nothing to do before the next busy round: pass through the phases up to it.
      const std::size_t next = b < mine.busy.size() ? mine.busy[b] : round_count_;
      if (strategy != Strategy::asynchronous)
        for (std::size_t q = r; q < next; ++q) node.mark_phase(static_cast<int>(q));
      r = next - 1;
      continue;
    }
    const NodeRound round = busy ? busy_round(static_cast<std::size_t>(me), b++) : NodeRound{};
    if (strategy != Strategy::asynchronous) node.mark_phase(static_cast<int>(r));
    if (blocking) {
      run_blocking_round(node, round);
      if (joins) node.barrier(static_cast<std::uint32_t>(r), barrier_members_[r]);
      continue;
    }
    // Post every receive of the round first, so that no ring of rendezvous can deadlock.
    std::vector<ReceiveHandle> receives;
    receives.reserve(round.receives.size());
    for (std::size_t index : round.receives) receives.push_back(node.post_receive(run_.messages[index].src));
    std::vector<SendHandle> sends;
    if (ready_signals) {
      // S1: tell every sender of the round that its receive is posted (a 0-byte ready signal).
      for (std::size_t index : round.receives) {
        node.compute(node.costs(0).send_overhead_s);
        sends.push_back(node.send(run_.messages[index].src, 0, 0, Lane::ready));
      }
    }
    for (std::size_t index : round.sends) {
      auto& m = run_.messages[index];
      if (ready_signals) {
        node.wait(node.post_receive(m.dst, Lane::ready));
        node.compute(node.costs(0).receive_overhead_s);
      }
      m.start_s = node.now();
      const NodeCosts costs = node.costs(m.bytes);
      const auto back = pair_exchanges ? std::find_if(round.receives.begin(), round.receives.end(),
                                                      [&](std::size_t r) { return run_.messages[r].src == m.dst; })
                                       : round.receives.end();
      if (back == round.receives.end()) {
        sends.push_back(node.send(m.dst, m.bytes, index, Lane::data, costs.send_overhead_s));
      } else if (me < m.dst) {
        // The lower node of a synchronised pair moves both messages; the higher one's send is
        // complete when its receive is.
        sends.push_back(node.exchange(m.dst, m.bytes, index, run_.messages[*back].bytes, *back, costs.send_overhead_s));
      }
    }
    // Take messages in the order they arrive; each costs the receiver its overhead.
    while (!receives.empty()) {
      const Arrival arrival = node.wait_any(receives);
      receives.erase(receives.begin() + static_cast<std::ptrdiff_t>(arrival.which));
      auto& m = run_.messages[arrival.tag];
      m.end_s = arrival.arrival_s;
      node.compute(node.costs(m.bytes).receive_overhead_s);
    }
    for (const SendHandle& send : sends) node.wait(send);
    if (joins) node.barrier(static_cast<std::uint32_t>(r), barrier_members_[r]);
  }
  run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
}

// One phase with blocking receives, its calls in the order mark_send_first chose.
void PlanProgram::run_blocking_round(Node& node, const NodeRound& round) {
  if (round.sends.size() > 1 || round.receives.size() > 1)
    throw Error("blocking receives",
                fmt::format("node {} has {} sends and {} receives in one phase; a library with blocking receives "
                            "needs each phase to be a partial permutation (on the CM-5, machine option cmmd = "
                            "overlapped runs it)",
                            node.id(), round.sends.size(), round.receives.size()));
  const bool send_first = !round.sends.empty() && round.send_first;
  if (send_first) send_one(node, round.sends.front());
  if (!round.receives.empty()) receive_one(node, round.receives.front());
  if (!send_first && !round.sends.empty()) send_one(node, round.sends.front());
}

// A send in its place in the phase (CMMD_send_block: the engine runs its rendezvous).
void PlanProgram::send_one(Node& node, std::size_t index) {
  auto& m = run_.messages[index];
  m.start_s = node.now();
  node.wait(node.send(m.dst, m.bytes, index, Lane::data, node.costs(m.bytes).send_overhead_s));
}

// A blocking receive (CMMD_receive_block): posted, waited for, then its receive overhead.
void PlanProgram::receive_one(Node& node, std::size_t index) {
  auto& m = run_.messages[index];
  m.end_s = node.wait(node.post_receive(m.src)).arrival_s;
  node.compute(node.costs(m.bytes).receive_overhead_s);
}

}  // namespace mcsim
