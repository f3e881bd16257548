// How a message crosses the network once its sender lets it go: the switching models of
// design.md ("Switching models") on top of SimGrid's flows.
//
// - flow: one SimGrid communication from sender to receiver (the receiver's posted get matches it).
// - circuit / wormhole: a transfer actor claims the route's channels one by one in route order
//   (a FIFO s4u::Mutex per directed channel; the header takes the machine's per-hop delay for each),
//   holding what it has while it waits; then the bytes stream over the whole path; then every
//   channel is released. With NodePorts::one_shared a node starts its sends one at a time in the
//   order it posted them (a FIFO per sender: a send to a busy node holds up the sender's later
//   ones, as a message-passing library's send queue does), and a send starts moving only when
//   neither end node takes part in another transfer; it then takes both at once.
//   Channels are numbered by the machine so that routes claim increasing numbers: claims
//   follow one global order and cannot deadlock.
// - store_and_forward: a transfer actor moves the whole message one hop at a time, holding that
//   hop's channel for the per-hop start-up plus bytes/bandwidth.
// Switched transfers tell the receiver with a 0-byte message on its mailbox once the data is there
// (switched machines have zero-latency links and account for every delay explicitly, so this costs
// no simulated time).
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <vector>

#include "machine.hpp"

namespace mcsim {

// Something a sending node can wait for: a SimGrid communication or a transfer actor.
class TransferHandle {
 public:
  TransferHandle() = default;
  explicit TransferHandle(simgrid::s4u::CommPtr comm) : comm_(std::move(comm)) {}
  explicit TransferHandle(simgrid::s4u::ActorPtr actor) : actor_(std::move(actor)) {}
  void wait();

 private:
  simgrid::s4u::CommPtr comm_;
  simgrid::s4u::ActorPtr actor_;
};

// One message to move: `payload` is what the receiver's get on `mailbox` delivers (never null).
struct Transfer {
  int src = 0;
  int dst = 0;
  std::uint64_t bytes = 0;  // on the wire (after the machine's packet rounding)
  void* payload = nullptr;
  simgrid::s4u::Mailbox* mailbox = nullptr;
};

class MessageTransport {
 public:
  // Creates the channel and port locks of a switched machine; call inside the running engine.
  explicit MessageTransport(Machine& machine);

  // Starts moving one message; the caller has already paid its send overhead.
  TransferHandle start(const Transfer& transfer);

  // Moves `bytes` from src to dst in the calling actor, under the same rules, and returns when they
  // have arrived; no receiver takes part (control messages).
  void carry(int src, int dst, std::uint64_t bytes);

  // A synchronised pairwise exchange `there` (a -> b) and `back` (b -> a): both node interfaces
  // and both routes are claimed together, then both directions stream at once (Wang and Ranka
  // 1994, sec. 2.2, observation 1). Only meaningful with NodePorts::one_shared.
  TransferHandle start_exchange(const Transfer& there, const Transfer& back);

  bool exchanges_need_pairing() const { return machine_.node_ports() == NodePorts::one_shared; }

 private:
  std::vector<int> channels_of(int src, int dst) const;  // validated increasing
  void take_ports(const std::vector<int>& ports);
  void give_ports(const std::vector<int>& ports);
  void claim(const std::vector<int>& ports, const std::vector<int>& channels, double per_hop_s,
             std::size_t hops_with_delay);
  void release(const std::vector<int>& ports, const std::vector<int>& channels);
  void reserved_path(int src, int dst, std::uint64_t bytes);
  void hop_by_hop(int src, int dst, std::uint64_t bytes);
  void exchange(const Transfer& there, const Transfer& back);

  Machine& machine_;
  Switching switching_;
  std::vector<simgrid::s4u::MutexPtr> channel_locks_;
  // Node interfaces (NodePorts::one_shared): busy flags under one lock, a wake-up per node.
  std::vector<char> port_busy_;
  std::vector<simgrid::s4u::ConditionVariablePtr> port_freed_;
  simgrid::s4u::MutexPtr port_guard_;
  std::vector<simgrid::s4u::MutexPtr> send_queues_;  // per sender, held from claim to release
};

}  // namespace mcsim
