// A Plan: what a scheduler hands to the executor. Phases of messages plus the communication
// strategy that says how nodes move from one phase to the next.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mcsim {

// How the executor runs the phases of a plan (see sim/engine/executor.cpp for the node program).
enum class Strategy {
  // Every node finishes phase k, then a global barrier (the machine's barrier cost), then phase k+1.
  phase_synchronous,
  // CMMD style (the CM-5 paper's LP and CGM runs): a node does its own sends and receives of
  // phase k and goes straight on to phase k+1; no global barrier.
  loosely_synchronous,
  // AC: every node posts all its receives, sends all its messages, waits for all. Phases are
  // ignored: the whole plan is one round, sends posted in the plan's order. This is also S2 of
  // Wang and Ranka 1994, sec. 6 ("essentially the scheme described in Section 3, with the
  // modification that the communication ordering is chosen so as to reduce ... contention").
  asynchronous,
  // S1 of Wang and Ranka 1994, sec. 6: in each phase a receiver posts its buffer and sends the
  // sender a 0-byte ready signal; the sender sends its data only once the signal has come. Two
  // nodes that exchange messages in a phase are thereby pairwise synchronised.
  receiver_ready,
};

std::string_view to_string(Strategy strategy);
Strategy strategy_from_string(std::string_view name, std::string_view where);  // throws mcsim::Error
std::vector<Strategy> all_strategies();

// One message of a phase: a whole matrix message, a piece of a split one, or (LP) a dummy.
struct PlannedMessage {
  int src = 0;
  int dst = 0;
  std::uint64_t bytes = 0;
  bool dummy = false;  // LP's filler where COM is 0: carries no matrix data (0 bytes)
};

struct Phase {
  std::vector<PlannedMessage> messages;
  // True when the scheduler promises that no node sends or receives more than one message in
  // this phase (a partial permutation). The validator checks the promise.
  bool partial_permutation = true;
  // True when the scheduler promises that no two messages of this phase share a directed channel
  // (from, to) of their routes (RS_NL, Wang and Ranka 1994 sec. 5). Checked against a route
  // function by validate_link_contention_free.
  bool link_contention_free = false;
};

struct Plan {
  int nodes = 0;
  Strategy strategy = Strategy::loosely_synchronous;
  std::vector<Phase> phases;

  std::size_t message_count() const;
};

}  // namespace mcsim
