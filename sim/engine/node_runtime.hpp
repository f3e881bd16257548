// The engine's side of node programs (sim/core/node_program.hpp): one SimulatedNode per node of a
// job, each used by that node's SimGrid actor, and the job-wide state they share (barrier, flags,
// control-message handlers, the message library's bookkeeping). SimulatedNode carries out the
// machine's message library (sim/core/message_library.hpp) for every program: protocols by size,
// the receiver's buffer and its copies, and when a send returns.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "../core/node_program.hpp"
#include "library_state.hpp"
#include "machine.hpp"
#include "pair_mailboxes.hpp"
#include "ready_signals.hpp"
#include "transport.hpp"

namespace mcsim {

// Per node, what control-message handlers synchronise on: one handler at a time, and a wake-up for
// a program waiting in wait_until. Free again when a job has drained, so every job reuses them.
struct HandlerSignals {
  std::vector<simgrid::s4u::MutexPtr> busy;              // per node: one handler at a time
  std::vector<simgrid::s4u::MutexPtr> wake_lock;         // per node, with wake
  std::vector<simgrid::s4u::ConditionVariablePtr> wake;  // per node: a handler has run
};

// What lives as long as the simulation, made once and shared by every job: the transport, the
// mailboxes (data and ready signals have separate sets) and the handler signals.
struct Network {
  explicit Network(Machine& machine);
  std::unique_ptr<Transport> transport;
  PairMailboxes data;
  PairMailboxes ready;
  // Where the transport delivers ready signals (Transport::delivers_ready_signals), they go here;
  // the replies of the library's rendezvous go to `replies` (a program's own signals stay apart).
  bool direct_signals = false;
  ReadySignals signals;
  ReadySignals replies;
  // Where the transport tells data messages' arrivals (Transport::delivers_notices), they go here.
  bool direct_notices = false;
  Notices notices;
  HandlerSignals handlers;
  ActivityRecorder* recorder = nullptr;  // set when the run is recorded
};

// What the nodes of one job share. Create it in the orchestrating actor before the nodes start.
class JobRuntime {
 public:
  JobRuntime(Machine& machine, Network& net);

  Machine& machine() { return machine_; }
  Network& net() { return net_; }
  double start_s() const { return start_s_; }
  void start_clock() { start_s_ = simgrid::s4u::Engine::get_clock(); }
  double now() const { return simgrid::s4u::Engine::get_clock() - start_s_; }

  // The message library's bookkeeping, or null where the library needs none (see node_runtime.cpp).
  LibraryState* library_state() { return library_state_.get(); }

  void barrier();
  void barrier(int node, std::uint32_t group, int members);  // Node::barrier(group, members)
  // Spends the send overhead in the calling actor, then starts the control message.
  void send_control(int from, int to, ControlHandler handler);
  int& flag(int node, int index);
  // Blocks the calling actor until condition() holds, re-checked after each handler at `node`.
  void wait_until(int node, const std::function<bool()>& condition);
  // Waits until every control message of the job has been handled (handlers may send more).
  void drain();

 private:
  Machine& machine_;
  Network& net_;
  double start_s_ = 0;
  simgrid::s4u::BarrierPtr barrier_;
  // The group barriers under way: made by a group's first node, dropped when its last has left.
  struct GroupBarrier {
    simgrid::s4u::BarrierPtr barrier;
    int members = 0;
    int to_leave = 0;
  };
  std::unordered_map<std::uint32_t, GroupBarrier> groups_;
  std::unique_ptr<LibraryState> library_state_;
  std::vector<std::vector<int>> flags_;                   // [node][index], 0 when the job starts
  // Control messages in flight (one actor each, not kept: a finished actor's stack is released at
  // once, so a protocol of many active messages does not run out of memory mappings), and the
  // signal drain() waits on.
  std::size_t open_control_messages_ = 0;
  simgrid::s4u::MutexPtr drained_lock_;
  simgrid::s4u::ConditionVariablePtr drained_;
};

// A node as its program sees it. Only the node's own actor may call it.
// What every code running at node `id` shares, whether a program (SimulatedNode) or a
// control-message handler (Interface = ControlContext).
template <class Interface>
class OnNode : public Interface {
 public:
  OnNode(JobRuntime& job, int id) : job_(job), id_(id) {}

  int id() const override { return id_; }
  int nodes() const override { return job_.machine().nodes(); }
  double now() const override { return job_.now(); }
  const MessageLibrary& library() const override { return job_.machine().library(); }
  void send_control(int to, ControlHandler handler) override { job_.send_control(id_, to, std::move(handler)); }
  int flag(int index) const override { return job_.flag(id_, index); }

 protected:
  JobRuntime& job_;
  int id_;
};

class SimulatedNode final : public OnNode<Node> {
 public:
  using OnNode::OnNode;

  double barrier_seconds() const override { return library().barrier_s.value; }
  void compute(double seconds) override;
  ReceiveHandle post_receive(int from, Lane lane) override;
  SendHandle send(int to, std::uint64_t bytes, Tag tag, Lane lane, double cpu_s) override;
  Arrival wait(ReceiveHandle receive) override;
  Arrival wait_any(const std::vector<ReceiveHandle>& receives) override;
  void wait(SendHandle send) override;
  bool exchanges_need_pairing() const override { return job_.net().transport->exchanges_need_pairing(); }
  SendHandle exchange(int partner, std::uint64_t bytes, Tag tag, std::uint64_t back_bytes, Tag back_tag,
                      double cpu_s) override;
  void barrier() override;
  void barrier(std::uint32_t group, int members) override;
  void mark_phase(int phase) override;
  int test_and_set(int owner, int index) override;
  void clear_flag(int owner, int index) override;
  void wait_until(const std::function<bool()>& condition) override;

 private:
  struct PostedReceive {
    simgrid::s4u::CommPtr comm;
    void* payload = nullptr;  // written by SimGrid when the message arrives: keep its address stable
    int from = 0;
    Lane lane = Lane::data;
    bool signal = false;  // a ready signal taken from ReadySignals, not a SimGrid communication
    bool notice = false;  // a data message told through Notices, not a SimGrid communication
    std::uint32_t notice_slot = 0;
    bool open = false;    // posted and not yet waited for
  };
  // A send under way, and the pairs whose mailboxes it uses (an exchange uses both directions').
  struct StartedSend {
    TransferHandle transfer;
    int to = 0;
    Lane lane = Lane::data;
    bool exchange = false;
    bool signal = false;  // a ready signal (no mailbox)
  };
  bool direct_signal(Lane lane) const;
  bool direct_notice(Lane lane) const;
  // Where a data message's arrival is told: the transport's notices, or the pair's mailbox.
  void address(Transfer& transfer);
  // The library's side of a data message (node_runtime.cpp explains each).
  SendHandle send_data(int to, std::uint64_t bytes, Tag tag, double cpu_s);
  TransferHandle start_eager(const Transfer& transfer, std::uint64_t bytes, Ticket ticket);
  void rendezvous(int to, Ticket ticket, const Handshake& handshake);
  SendHandle returned(TransferHandle moving, int to, std::optional<Ticket> ticket, std::uint64_t bytes);
  PairMailboxes& mailboxes(Lane lane);
  PostedReceive& receive_slot(ReceiveHandle handle);
  SendHandle keep(StartedSend send);
  Arrival finish(ReceiveHandle handle, std::size_t which, double arrival_s);

  std::deque<PostedReceive> receives_;  // a deque: addresses stay put as it grows
  std::vector<std::uint32_t> free_receives_;
  std::vector<StartedSend> sends_;
  std::vector<std::uint32_t> free_sends_;
  std::vector<simgrid::s4u::CommPtr> waiting_;  // wait_any's list, kept to reuse its memory
  std::vector<std::uint32_t> waiting_notices_;  // the same where arrivals come as notices
};

}  // namespace mcsim
