// What a machine's message-passing library does with a message: one value per machine (CMMD on the
// CM-5, NX on the iPSC/860, MPICH's ch_p4 on a workstation cluster, ...), plain named fields, no
// SimGrid. The engine's node runtime (sim/engine/node_runtime.cpp) carries out these rules for
// every node program alike: the Plan interpreter, DRS, two-stage, any future program.
//
// Every number is a Cited value: the value in SI units (the unit is in the field's name: _s
// seconds, _bytes bytes, _Bps bytes per second), where it comes from, and whether it is an
// assumption. `mcsim list machines -v` shows each one with its source (describe_library).
//
// A message of `bytes` payload bytes falls into the first size regime whose limit it does not
// exceed. The regime's protocol says when its data may leave the sender:
//   eager       at once. If the receiver has not posted the matching receive, the data goes into
//               the receiver's buffer of unexpected messages (receive_buffer_bytes, shared by all
//               senders of that node) and is copied out at copy_rate_Bps, charged to the receiving
//               program when it posts the receive. A message that does not fit waits at the
//               sender until there is room or the receive is posted (back-pressure, as a full
//               socket or system buffer holds a sender). With no buffer (0 bytes) data waits for
//               its receive.
//   rendezvous  after a request to the receiver's library and its reply, which the receiver's
//               library sends once the matching receive is posted; the data then goes straight
//               into the posted receive.
//   handshake   after a request and a reply that the receiver's library sends whether or not the
//               receive is posted (NX's long messages); data that finds no posted receive lands in
//               the receiver's buffer and is copied out when the receive is posted.
// The request and the reply are bare messages under the machine's switching model; the library
// spends trip_cpu_s at each end of each. Who spends the receiver's two (rendezvous_receiver):
//   library      the receiver's library, at interrupt level, as the request arrives and once the
//                receive is posted: it delays the reply, not the receiving program (the default).
//   program      the receiving program, inside its library calls: a library without interrupts
//                (MPICH 1.x ch_p4 polls its sockets) answers a request that came before the receive
//                when the program posts it, both receiver times then in the program's time; one
//                that comes after the post finds the program waiting in the library.
//
// Copying an unexpected message out of the buffer at its post (unexpected_copy):
//   whole-messages  all its bytes if all have arrived by the post, none if any are still arriving
//                   (the default, every machine whose transport cannot tell a message's progress).
//   arrived-bytes   the bytes that have arrived (been read) by the post; the rest go straight into
//                   the posted receive, uncopied: MPICH 1.x reads an unexpected message's body into
//                   a buffer of its own (MPID_CH_Eagerb_save, mpid/ch2/chbeager.c) and copies it out
//                   at the post; one not yet read is read into the receive itself (Eagerb_irecv).
// How a node reads the messages arriving at it (reads):
//   interleaved  every message arriving at a node moves at once, sharing the node's link.
//   one-message  the node reads one whole message at a time (MPICH 1.x reads a message's whole body
//                off its channel before it looks at another packet): a message that arrives while another
//                is read moves only read_buffer_bytes (its socket buffer) and its sender then stalls
//                until the node turns to it, in the order messages came.
//
// When a send call returns (sends):
//   posted       at once; waiting for the send waits until its data is at the receiver.
//   local        once its data has left: it is at the receiver, in the posted receive or in the
//                receiver's buffer (ch_p4's blocking writes).
//   synchronous  once its data is in the matching posted receive (CMMD_send_block).
// Receives (receives):
//   posted       a receive counts as posted from the moment the program posts it (irecv).
//   blocking     the library's receive blocks (CMMD_receive_block): a program written for it
//                cannot post ahead, so the Plan interpreter orders each phase's calls (who sends
//                first). A receive a program does post ahead counts from its post (as the
//                library's later non-blocking receive would).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "machine_spec.hpp"

namespace mcsim {

// A value with where it comes from: a publication, or (assumption = true) why it is assumed.
template <class T>
struct Cited {
  T value{};
  std::string source;
  bool assumption = false;
};

template <class T>
Cited<T> cited(T value, std::string source) {
  return {value, std::move(source), false};
}
template <class T>
Cited<T> assumed(T value, std::string reason) {
  return {value, std::move(reason), true};
}

// "No limit" for byte counts, and "no cost" for rates.
inline constexpr double unlimited = std::numeric_limits<double>::infinity();

enum class Protocol { eager, rendezvous, handshake };
enum class SendReturns { posted, local, synchronous };
enum class ReceiveCall { posted, blocking };

// How many transfers a node's interface takes part in at once (circuit and wormhole machines).
enum class RendezvousReceiver { library, program };

enum class UnexpectedCopy { whole_messages, arrived_bytes };
enum class MessageReads { interleaved, one_message };

enum class NodePorts {
  unlimited,  // the node's interface never limits (messages are limited by channels only)
  // One transfer at a time, sending or receiving, except a synchronised pairwise exchange, which
  // runs both directions at once (the iPSC/860: Wang and Ranka 1994, sec. 2.2, observation 1).
  one_shared,
};

std::string to_string(Protocol protocol);
std::string to_string(SendReturns sends);
std::string to_string(ReceiveCall receives);
std::string to_string(NodePorts ports);
std::string to_string(RendezvousReceiver receiver);
std::string to_string(UnexpectedCopy copy);
std::string to_string(MessageReads reads);

// CPU time a node's program spends in the library for one message: at the sender before the data
// leaves, at the receiver once it has arrived.
struct NodeCosts {
  double send_overhead_s = 0;
  double receive_overhead_s = 0;
};

// Library time around the request and the reply of a rendezvous or handshake, spent by the library
// itself (interrupt level) at the two ends.
struct Handshake {
  double request_send_s = 0;     // sender's library, before the request leaves
  double request_receive_s = 0;  // receiver's library, when the request has arrived
  double reply_send_s = 0;       // receiver's library, before the reply leaves
  double reply_receive_s = 0;    // sender's library, when the reply has arrived
};

struct SizeRegime {
  std::string name;                  // "short", "eager", "long", ...
  Cited<double> up_to_bytes;         // largest payload of the regime (unlimited for the last)
  Cited<Protocol> protocol;
  Cited<double> startup_s;           // the message's own library time, split by sender_share
  Cited<double> per_hop_s;           // header time per hop the library's protocol adds (switched machines)
  Cited<double> trip_cpu_s;          // rendezvous, handshake: library time at each end of each trip
};

struct MessageLibrary {
  Cited<std::string> name;               // "CMMD 1992", "MPICH 1.1.2 ch_p4", ...
  std::vector<SizeRegime> regimes;       // by increasing limit; the last one's limit is unlimited
  Cited<SendReturns> sends;
  Cited<ReceiveCall> receives;
  Cited<double> sender_share;            // fraction of each start-up spent at the sender (the rest at the receiver)
  Cited<double> packet_bytes;            // payload bytes per network packet; a message occupies whole packets (0: no packets)
  Cited<double> control_send_s;          // a control (active) message, at its sender
  Cited<double> control_receive_s;       // and at its receiver (the handler's dispatch)
  Cited<NodePorts> node_ports;
  Cited<double> receive_buffer_bytes;    // per node, for data that arrives before its receive (unlimited allowed)
  Cited<double> copy_rate_Bps;           // copying such data out of the buffer (unlimited: no cost)
  Cited<double> barrier_s;               // a barrier of all nodes, beyond waiting for the last one
  // Who spends the receiver's request and reply times of a rendezvous (see above).
  Cited<RendezvousReceiver> rendezvous_receiver{RendezvousReceiver::library, "default: the receiver's library", false};
  // What of an unexpected message is copied out at its post, and how a node reads arriving
  // messages (see above); read_buffer_bytes is what a message moves while it waits to be read.
  Cited<UnexpectedCopy> unexpected_copy{UnexpectedCopy::whole_messages, "default: whole messages", false};
  Cited<MessageReads> reads{MessageReads::interleaved, "default: messages interleave", false};
  Cited<double> read_buffer_bytes{0, "default: none (only with reads = one-message)", false};
  // sends = local over a socket: a write returns once the kernel has taken its bytes, so a message
  // that fits the socket's send buffer returns at once, whatever its receiver does (MPICH 1.x p4:
  // net_send's write() on a non-blocking socket with SO_SNDBUF = 16384). 0: none, every local send
  // waits until its data is at the receiver.
  Cited<double> send_buffer_bytes{0, "default: none (a local send waits until its data is at the receiver)", false};

  // The regime of a message of `bytes` payload bytes.
  const SizeRegime& regime(std::uint64_t bytes) const;
  // The program's library time for a message of `bytes` bytes.
  NodeCosts costs(std::uint64_t bytes) const;
  // The four library times of the regime's request and reply (zero for eager regimes).
  Handshake handshake(std::uint64_t bytes) const;
  // Bytes a message of `payload` bytes occupies in the network (whole packets).
  std::uint64_t wire_bytes(std::uint64_t payload) const;
  // Time to copy `bytes` out of the receive buffer.
  double copy_seconds(std::uint64_t bytes) const;
  // True where data that arrives before its receive waits in an unlimited buffer and costs
  // nothing to copy out: the runtime then needs no bookkeeping of unexpected messages.
  bool buffers_freely() const { return std::isinf(receive_buffer_bytes.value) && std::isinf(copy_rate_Bps.value); }
  bool has_protocol(Protocol protocol) const;
  // True where a send of `payload` bytes returns before its data has left: `posted` sends, and
  // `local` ones whose wire bytes fit the send buffer (see send_buffer_bytes).
  bool send_returns_at_once(std::uint64_t payload) const;

  // Throws mcsim::Error (naming `where`) unless the regimes are in increasing order, the last one
  // unlimited, and every number in its range.
  void check(const std::string& where) const;
};

// One row per cited value, for `mcsim list machines -v` and reports: each value with its unit and
// source; an assumption's source starts with "assumption:".
std::vector<MachineParameter> describe_library(const MessageLibrary& library);

}  // namespace mcsim
