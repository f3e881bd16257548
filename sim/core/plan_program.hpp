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
  // With MessageCalls::rendezvous, the phases of loosely and phase-synchronous plans run as
  // blocking calls (see run_blocking_round); the other strategies post their receives ahead.
  PlanProgram(const Plan& plan, int nodes, MessageCalls calls = MessageCalls::posted);

  void run(Node& node) override;
  // Every message of the plan in plan order (phase by phase), with its send start and arrival.
  Run result() override { return std::move(run_); }

 private:
  // Messages of one node in one round (a phase; the whole plan for the asynchronous strategy).
  struct NodeRound {
    std::span<const std::uint32_t> sends;     // indices into run_.messages
    std::span<const std::uint32_t> receives;  // indices into run_.messages
    bool send_first = true;                   // blocking calls: send before receiving (see mark_send_first)
  };
  // One node's messages of every round, each list in one array with the rounds' starts beside it:
  // LP on 1,024 nodes has a million (node, round) pairs of one message each, and two small
  // vectors for each were 180 MB.
  struct NodeRounds {
    std::vector<std::uint32_t> sends, receives;
    std::vector<std::uint32_t> send_start, receive_start;  // per round, and one past the last
    std::vector<char> send_first;                          // per round
  };
  NodeRound round_of(std::size_t node, std::size_t round) const;
  void mark_send_first(std::size_t round);

  void run_blocking_round(Node& node, const NodeRound& round);
  void send_blocking(Node& node, std::size_t index);
  void receive_blocking(Node& node, std::size_t index);

  const Plan& plan_;
  MessageCalls calls_;
  Run run_;
  std::size_t round_count_ = 0;
  std::vector<NodeRounds> rounds_;  // [node]
};

}  // namespace mcsim
