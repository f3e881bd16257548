// Node programs: what runs on each node of a simulated machine, written without SimGrid.
//
// A job is one Program object. The engine (sim/engine/) calls Program::run(node) once per node,
// each call in that node's own simulated process, all starting at the job's time 0; when every
// call has returned and every control message of the job has been handled, it asks the program
// for the job's Run. A program acts on its node only through the Node interface below, which the
// engine implements on top of the machine's platform, node costs and switching model; so a
// run-time protocol (a scheduler that decides while the messages move) is written in plain C++.
//
// The Plan interpreter (sim/core/plan_program.hpp) is one such program; tests/test_node_programs.cpp
// has small ones (a token ring, an active message, a remote test-and-set race).
//
// The message library. Every send and receive of every program follows the machine's message
// library (sim/core/message_library.hpp): which protocol a message's size takes (eager,
// rendezvous, handshake), whether data that arrives before its receive waits in the receiver's
// buffer and is copied out when the receive is posted, and when a send call returns (posted,
// local, synchronous). The engine's node runtime carries the rules out; a program only calls.
//
// Costs. A program pays its message library's own CPU time per message with
// compute(costs(bytes).send_overhead_s) and the like, or through the cpu_s argument of send();
// the library's further costs (the copy of an unexpected message at its post, the request and
// reply of a rendezvous) the runtime charges. Waiting for a message costs no CPU time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "message_library.hpp"
#include "run.hpp"

namespace mcsim {

// A small integer a message carries to its receiver (a message index, a sequence number...).
// Any value below 2^63.
using Tag = std::uint64_t;

// Messages between two nodes are matched in the order they were sent, per (sender, receiver, lane):
// the k-th receive a node posts from a sender on a lane gets the k-th message that sender sent it
// on that lane.
enum class Lane : std::uint8_t {
  data,   // the program's messages; their bytes are rounded up to the machine's packets
  ready,  // control/ready signals; their bytes travel as given, so a 0-byte signal costs only latency.
          // Where the transport delivers ready signals itself (the CM-5, the iPSC/860's send queues), a
          // ready message carries no bytes and no tag, and its receive is waited for alone (not in wait_any).
};

// What a wait returns.
struct Arrival {
  std::size_t which = 0;  // wait_any: the position of the completed receive in the list passed
  Tag tag = 0;            // the tag the sender gave
  double arrival_s = 0;   // when the last byte arrived, in seconds since the job started
};

// Handles of posted receives and started sends; each is waited for exactly once.
struct ReceiveHandle {
  std::uint32_t id = 0;
};
struct SendHandle {
  std::uint32_t id = 0;
};

// The size of a control message (an active message: a handler and a few words of arguments, one
// 16-byte data packet on the CM-5: von Eicken, Culler, Goldstein, Schauser, "Active Messages",
// ISCA 1992). It costs the message library's control_send_s and control_receive_s and occupies
// the machine's packets for this many bytes (wire bytes).
inline constexpr std::uint64_t control_message_bytes = 16;

class ControlContext;
// Runs at the receiving node when a control message arrives (see Node::send_control).
using ControlHandler = std::function<void(ControlContext&)>;

// What a node offers everywhere code runs on it: in its program and in control-message handlers.
class ControlContext {
 public:
  virtual int id() const = 0;     // this node, 0..nodes()-1
  virtual int nodes() const = 0;  // nodes of the job (all nodes of the machine)
  virtual double now() const = 0;  // seconds since the job started
  // The machine's message library, and its per-message CPU costs for a message of `bytes` bytes.
  virtual const MessageLibrary& library() const = 0;
  NodeCosts costs(std::uint64_t bytes) const { return library().costs(bytes); }

  // Sends a control message (an active message): the caller first spends the library's
  // control_send_s, then the message crosses the network under the machine's
  // switching model like any other (it does not wait for a receive to be posted); at `to`, once
  // its last byte has arrived, the receiver's message handler spends control_receive_s and then
  // runs `handler` at `to`. Handlers of one node run one at a time, in the order their messages
  // arrived, like an interrupt handler running beside the node's program: their time is NOT
  // charged to the receiving program, which goes on computing or waiting meanwhile. A handler may
  // touch the receiving program's state (the program object is shared by all nodes) and may send
  // further control messages; their send overhead is spent by the handler, delaying later
  // handlers of that node. Returns once the message has left (after the send overhead).
  virtual void send_control(int to, ControlHandler handler) = 0;

  // This node's flag `index` (see Node::test_and_set). Flags are 0 when a job starts.
  virtual int flag(int index) const = 0;

 protected:
  ~ControlContext() = default;
};

// What a node program can do on its node. Only the program's own process may call these.
class Node : public ControlContext {
 public:
  // The machine's barrier time (the control network's, on the CM-5), as barrier() charges it.
  virtual double barrier_seconds() const = 0;

  // Computes (or spends library time) for `seconds`; nothing happens for seconds <= 0.
  virtual void compute(double seconds) = 0;

  // Posts a receive of the next message from `from` on `lane`. Post receives before waiting for
  // anything that depends on their senders: a ring of nodes each waiting to send cannot deadlock
  // if every node posted its receives first. A message of `from` that arrived before (in the
  // library's buffer) is copied out now, at the library's copy rate, in this node's CPU time.
  virtual ReceiveHandle post_receive(int from, Lane lane = Lane::data) = 0;

  // Sends `bytes` bytes (payload; the engine applies the machine's packet rounding on the data
  // lane) carrying `tag`. The caller first spends `cpu_s` of CPU time (usually
  // costs(bytes).send_overhead_s), then the message goes under its size regime's protocol and the
  // call returns when the library's `sends` rule says: at once (posted), once the data is at the
  // receiver (local), or once it is in the matching posted receive (synchronous). Wait for the
  // handle before relying on the message having arrived. Messages on the ready lane are bare
  // signals: no protocol, no buffer.
  virtual SendHandle send(int to, std::uint64_t bytes, Tag tag, Lane lane = Lane::data, double cpu_s = 0) = 0;

  // Waits for one posted receive. Receive overhead is not charged: spend it with compute().
  virtual Arrival wait(ReceiveHandle receive) = 0;
  // Waits until one of `receives` has completed and returns which (the first in the list if several
  // completed at the same time). The others stay posted: pass them again (without the completed one).
  virtual Arrival wait_any(const std::vector<ReceiveHandle>& receives) = 0;
  // Waits until a send is complete: its data is at the receiver (in the posted receive, or in the
  // receiver's buffer where the library has one).
  virtual void wait(SendHandle send) = 0;

  // Synchronised pairwise exchanges (the iPSC/860: Wang and Ranka 1994, sec. 2.2, observation 1):
  // true when the machine lets a node take part in only one transfer at a time except such an
  // exchange. Then exchange(partner, ...) moves this node's message to `partner` and the partner's
  // message back at once, claiming both node interfaces and both routes together; only one of the
  // two nodes calls it (the partner neither sends its message nor waits for it: both only post and
  // wait for their receives). The caller spends `cpu_s` first. Throws mcsim::Error where the
  // machine has no such exchanges.
  virtual bool exchanges_need_pairing() const = 0;
  virtual SendHandle exchange(int partner, std::uint64_t bytes, Tag tag, std::uint64_t back_bytes, Tag back_tag,
                              double cpu_s) = 0;

  // Waits until every node of the job has called barrier(), then spends the machine's barrier time.
  virtual void barrier() = 0;
  // The same barrier joined by a group of the job's nodes: waits until `members` nodes have called
  // it with `group` (each group number used by one set of nodes once a job), then spends the
  // machine's barrier time. A program that knows which nodes can be the last to arrive leaves the
  // others out and gets the whole job's barrier's instant (PlanProgram's phase-synchronous rounds).
  virtual void barrier(std::uint32_t group, int members) = 0;

  // Says that this node's program enters phase `phase` (drawn in timelines and Paje traces when a
  // run is recorded; nothing else happens, and it costs no time).
  virtual void mark_phase(int /*phase*/) {}

  // Remote test-and-set of flag `index` owned by node `owner`: a request control message to the
  // owner, whose handler tests and sets the flag (the instant the request is handled there, so
  // concurrent requests are serialised by the owner's handler order) and answers with a reply
  // control message; returns the flag's old value (0: this caller set it) once the reply's handler
  // has run here. Both messages cost as send_control() says. On an idle network:
  //   return time = 2 x (send overhead + network time + receive overhead) of a control message.
  // With owner == id() the flag is tested and set locally, at once and at no cost.
  virtual int test_and_set(int owner, int index) = 0;
  // Clears flag `index` of node `owner`: one control message (fire and forget; the flag is 0 once
  // its handler has run at the owner). Local and immediate with owner == id().
  virtual void clear_flag(int owner, int index) = 0;

  // Blocks until `condition()` holds; it is checked now and again after every control-message
  // handler that runs at this node (the way to wait for something a handler does).
  virtual void wait_until(const std::function<bool()>& condition) = 0;

 protected:
  ~Node() = default;
};

// One job's program: run() is called once per node, each in that node's own simulated process;
// result() once, after every run() has returned and every control message has been handled. A
// program object is made afresh for each run of a job; it may be made in a child process (the
// simulation runs in one; see sim/runner/isolated.hpp), so its results come back through the Run.
class Program {
 public:
  virtual ~Program() = default;
  virtual void run(Node& node) = 0;
  virtual Run result() = 0;
};

// Makes a job's program for a machine of `nodes` nodes.
using ProgramFactory = std::function<std::unique_ptr<Program>(int nodes)>;

}  // namespace mcsim
