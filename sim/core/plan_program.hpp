// The Plan interpreter as a node program: how every node walks the phases of a precomputed Plan
// under the plan's communication strategy (sim/core/plan.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "node_program.hpp"
#include "plan.hpp"

namespace mcsim {

class PlanProgram : public Program {
 public:
  // `plan` must outlive the program (the engine keeps the job's plan for the job's duration).
  // Where the machine's library has only blocking receives (CMMD_receive_block), the phases of
  // loosely and phase-synchronous plans run as blocking calls in an order that cannot deadlock
  // (see run_blocking_round); the other strategies post their receives ahead. How each call
  // behaves (a synchronous send waiting for its receiver, ...) is the library's, carried out by
  // the engine: the program only chooses the order.
  PlanProgram(const Plan& plan, int nodes, ReceiveCall receives = ReceiveCall::posted);

  void run(Node& node) override;
  // Every message of the plan in plan order (phase by phase), with its send start and arrival.
  Run result() override { return std::move(run_); }

 private:
  // Messages of one node in one round (a phase; the whole plan for the asynchronous strategy).
  struct NodeRound {
    std::span<const std::uint32_t> sends;     // indices into run_.messages
    std::span<const std::uint32_t> receives;  // indices into run_.messages
    bool send_first = true;                   // blocking receives: send before receiving (see mark_send_first)
  };
  // One node's messages, each list in one array, and the rounds in which the node has any
  // (increasing), with where each such round's messages start beside it. Rounds without a message
  // of the node are not stored: Wang and Ranka's LP on 4,096 nodes has 4,095 rounds and about 32
  // busy ones per node, and a start per round and node was 150 MB. (LP on 1,024 nodes has a
  // million (node, round) pairs of one message each, and two small vectors for each were 180 MB.)
  struct NodeRounds {
    std::vector<std::uint32_t> sends, receives;
    std::vector<std::uint32_t> busy;                       // round numbers, increasing
    std::vector<std::uint32_t> send_start, receive_start;  // per busy round, and one past the last
    std::vector<char> send_first;                          // per busy round
  };
  // Busy round `b` of `node` (b < rounds_[node].busy.size()).
  NodeRound busy_round(std::size_t node, std::size_t b) const;
  // Where round `round` is among `node`'s busy rounds, or -1 if the node has nothing in it.
  std::ptrdiff_t busy_index(std::size_t node, std::size_t round) const;
  void mark_send_first(std::size_t round);
  void count_barrier_members();
  // Whether `node`, whose next busy round is its b-th, joins the barrier that ends `round`.
  bool joins_barrier(std::size_t node, std::size_t b, std::size_t round) const;

  void run_blocking_round(Node& node, const NodeRound& round);
  void send_one(Node& node, std::size_t index);
  void receive_one(Node& node, std::size_t index);

  const Plan& plan_;
  ReceiveCall receives_;
  Run run_;
  std::size_t round_count_ = 0;
  std::vector<NodeRounds> rounds_;  // [node]
  // Phase-synchronous plans: how many nodes join the barrier that ends each round (see
  // count_barrier_members).
  std::vector<int> barrier_members_;  // [round]
};

}  // namespace mcsim
