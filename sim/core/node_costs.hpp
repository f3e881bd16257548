// What a node's message-passing library costs its processor, and how many bytes a message
// occupies in the network: the node protocol of a machine, plain values, no SimGrid.
#pragma once

#include <cstdint>
#include <optional>

namespace mcsim {

// CPU time a node spends in the message-passing library for each message it sends or receives.
struct NodeCosts {
  double send_overhead_s = 0;
  double receive_overhead_s = 0;
  // True where the library's non-blocking send is in fact blocking: it returns only once the
  // message has gone (MPICH 1.1.2's ch_p4 device has no non-blocking send path). The Plan
  // interpreter then waits for each send before starting the next.
  bool blocking_send = false;
};

// How a node's send and receive calls behave, as its message-passing library defines them.
enum class MessageCalls {
  // Receives are posted ahead and a send returns once its message has left (buffered or
  // non-blocking calls: NX, MPI, CMMD's later asynchronous calls). Both directions of a pairwise
  // exchange move at once.
  posted,
  // A blocking synchronous send, which completes only once the receiver has posted the matching
  // receive and taken the message (a rendezvous), and a blocking receive: CMMD_send_block and
  // CMMD_receive_block, all the 1992 CMMD offered (Ranka, Wang, Kumar 1992, sec. 3.3 footnote;
  // Dongarra, "The Performance of PVM on MPP Systems", 1995, on the CMMD Reference Manual).
  rendezvous,
};

// A handshake the message library runs before it sends a message's bytes (NX's long-message
// protocol on the iPSC/860): a request from the sender's library to the receiver's, a reply back,
// then the data. Each trip is a message of its own (no payload) under the machine's switching
// model; the four times are library time spent at the two ends around the trips, by the library
// itself (interrupt level), not by the node's program.
struct Handshake {
  double request_send_s = 0;     // sender's library, before the request leaves
  double request_receive_s = 0;  // receiver's library, when the request has arrived
  double reply_send_s = 0;       // receiver's library, before the reply leaves
  double reply_receive_s = 0;    // sender's library, when the reply has arrived
};

// A machine's node protocol: CMMD on the CM-5, NX on the iPSC/860, ...
class NodeProtocol {
 public:
  virtual ~NodeProtocol() = default;
  virtual MessageCalls message_calls() const { return MessageCalls::posted; }
  // Costs of a message of `bytes` bytes (machines with several protocols charge by size).
  virtual NodeCosts costs(std::uint64_t bytes) const = 0;
  // Costs of a control (active) message of `bytes` bytes (Node::send_control). Machines whose
  // active-message layer is cheaper than their message-passing library say so here.
  virtual NodeCosts control_costs(std::uint64_t bytes) const { return costs(bytes); }
  // A barrier of all nodes (the CM-5's control network); 0 where the machine has none of its own.
  virtual double barrier_seconds() const = 0;
  // The handshake a data message of `bytes` bytes needs before its bytes move; none by default.
  virtual std::optional<Handshake> handshake(std::uint64_t /*bytes*/) const { return std::nullopt; }
  // Bytes that a message of `payload` bytes occupies in the network (packet rounding).
  virtual std::uint64_t wire_bytes(std::uint64_t payload) const { return payload; }
};

}  // namespace mcsim
