#include "node_runtime.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "actor_errors.hpp"
#include "handshake.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

namespace {

// A message's tag travels as SimGrid's payload pointer, which SimGrid hands over without reading it
// (and which may not be null).
void* payload_of(Tag tag) { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(tag) + 1); }
Tag tag_of(void* payload) { return static_cast<Tag>(reinterpret_cast<std::uintptr_t>(payload) - 1); }

// What a handler sees: the node it runs at. Its sends are spent by the handler's own actor.
using HandlerContext = OnNode<ControlContext>;

}  // namespace

Network::Network(Machine& machine)
    : transport(make_transport(machine)),
      data(machine.nodes(), 'm'),
      ready(machine.nodes(), 'r'),
      direct_signals(transport->delivers_ready_signals()),
      signals(machine.nodes()) {
  const auto n = static_cast<std::size_t>(machine.nodes());
  handlers.busy.reserve(n);
  handlers.wake_lock.reserve(n);
  handlers.wake.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    handlers.busy.push_back(s4u::Mutex::create());
    handlers.wake_lock.push_back(s4u::Mutex::create());
    handlers.wake.push_back(s4u::ConditionVariable::create());
  }
}

JobRuntime::JobRuntime(Machine& machine, Network& net) : machine_(machine), net_(net) {
  const auto n = static_cast<std::size_t>(machine.nodes());
  barrier_ = s4u::Barrier::create(static_cast<unsigned>(n));
  flags_.resize(n);
  drained_lock_ = s4u::Mutex::create();
  drained_ = s4u::ConditionVariable::create();
}

void JobRuntime::barrier() {
  barrier_->wait();
  const double cost = machine_.protocol().barrier_seconds();
  if (cost > 0) s4u::this_actor::sleep_for(cost);
}

int& JobRuntime::flag(int node, int index) {
  if (index < 0) throw Error("node program", fmt::format("flag index {} is negative", index));
  auto& flags = flags_.at(static_cast<std::size_t>(node));
  if (static_cast<std::size_t>(index) >= flags.size()) flags.resize(static_cast<std::size_t>(index) + 1, 0);
  return flags[static_cast<std::size_t>(index)];
}

// The message is carried by a helper actor (it needs no posted receive); at the receiver it
// waits for the node's handler to be free, spends the receive overhead there, runs the handler and
// wakes the node's program if it is waiting for a handler.
void JobRuntime::send_control(int from, int to, ControlHandler handler) {
  if (to < 0 || to >= machine_.nodes())
    throw Error("node program", fmt::format("control message from node {} to node {}, which does not exist", from, to));
  const NodeCosts costs = machine_.protocol().control_costs(control_message_bytes);
  if (costs.send_overhead_s > 0) s4u::this_actor::sleep_for(costs.send_overhead_s);
  ++open_control_messages_;
  net_.transport->helpers().run(machine_.platform().host(to), "control", [this, from, to, handler = std::move(handler)] {
      net_.transport->carry(from, to, machine_.protocol().wire_bytes(control_message_bytes));
      const auto node = static_cast<std::size_t>(to);
      HandlerSignals& signals = net_.handlers;
      signals.busy[node]->lock();
      const double overhead = machine_.protocol().control_costs(control_message_bytes).receive_overhead_s;
      if (overhead > 0) s4u::this_actor::sleep_for(overhead);
      HandlerContext here(*this, to);
      handler(here);
      signals.wake_lock[node]->lock();
      signals.wake[node]->notify_all();
      signals.wake_lock[node]->unlock();
      signals.busy[node]->unlock();
      if (--open_control_messages_ == 0) {
        drained_lock_->lock();
        drained_->notify_all();
        drained_lock_->unlock();
      }
  });
}

void JobRuntime::wait_until(int node, const std::function<bool()>& condition) {
  const auto i = static_cast<std::size_t>(node);
  HandlerSignals& signals = net_.handlers;
  signals.wake_lock[i]->lock();
  while (!condition()) signals.wake[i]->wait(signals.wake_lock[i]);
  signals.wake_lock[i]->unlock();
}

void JobRuntime::drain() {
  // Handlers may send more control messages while we wait: a message's count is taken before its
  // sender's handler ends, so the count reaches 0 only when the last one has been handled.
  drained_lock_->lock();
  while (open_control_messages_ > 0) drained_->wait(drained_lock_);
  drained_lock_->unlock();
}

void SimulatedNode::compute(double seconds) {
  if (seconds <= 0) return;
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "cpu");
  s4u::this_actor::sleep_for(seconds);
}

void SimulatedNode::barrier() {
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "barrier");
  job_.barrier();
}

void SimulatedNode::mark_phase(int phase) {
  if (job_.net().recorder) job_.net().recorder->phase(id_, phase);
}

void SimulatedNode::wait_until(const std::function<bool()>& condition) {
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-lock");
  job_.wait_until(id_, condition);
}

PairMailboxes& SimulatedNode::mailboxes(Lane lane) { return lane == Lane::data ? job_.net().data : job_.net().ready; }

// Where the transport delivers ready signals, every message on the ready lane is one.
bool SimulatedNode::direct_signal(Lane lane) const { return lane == Lane::ready && job_.net().direct_signals; }

ReceiveHandle SimulatedNode::post_receive(int from, Lane lane) {
  const bool signal = direct_signal(lane);
  s4u::Mailbox* box = signal ? nullptr : mailboxes(lane).take(from, id_);
  std::uint32_t slot;
  if (free_receives_.empty()) {
    slot = static_cast<std::uint32_t>(receives_.size());
    receives_.emplace_back();
  } else {
    slot = free_receives_.back();
    free_receives_.pop_back();
  }
  PostedReceive& posted = receives_[slot];
  posted.payload = nullptr;
  posted.from = from;
  posted.lane = lane;
  posted.signal = signal;
  posted.open = true;
  if (!signal) posted.comm = box->get_async<void>(&posted.payload);
  return {slot};
}

SimulatedNode::PostedReceive& SimulatedNode::receive_slot(ReceiveHandle handle) {
  if (handle.id >= receives_.size() || !receives_[handle.id].open)
    throw Error("node program", fmt::format("node {} waits for a receive it has not posted (or waited for already)", id_));
  return receives_[handle.id];
}

Arrival SimulatedNode::finish(ReceiveHandle handle, std::size_t which, double arrival_s) {
  PostedReceive& posted = receives_[handle.id];
  const Arrival arrival{which, posted.signal ? Tag{0} : tag_of(posted.payload), arrival_s - job_.start_s()};
  ActivityRecorder* recorder = job_.net().recorder;
  if (recorder && posted.lane == Lane::data && !job_.net().transport->records_streams())
    recorder->stream(posted.from, id_, posted.comm->get_start_time(), posted.comm->get_finish_time());
  posted.comm = nullptr;
  posted.open = false;
  if (!posted.signal) mailboxes(posted.lane).give(posted.from, id_);
  free_receives_.push_back(handle.id);
  return arrival;
}

Arrival SimulatedNode::wait(ReceiveHandle receive) {
  PostedReceive& posted = receive_slot(receive);
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, posted.lane == Lane::data ? "wait-message" : "wait-partner");
    if (posted.signal)
      job_.net().signals.wait(posted.from, id_);
    else
      posted.comm->wait();
  }
  return finish(receive, 0, posted.signal ? s4u::Engine::get_clock() : posted.comm->get_finish_time());
}

Arrival SimulatedNode::wait_any(const std::vector<ReceiveHandle>& receives) {
  if (receives.empty()) throw Error("node program", fmt::format("node {} waits for any of no receives", id_));
  waiting_.clear();
  for (const ReceiveHandle& r : receives) {
    const PostedReceive& posted = receive_slot(r);
    if (posted.signal)
      throw Error("node program", fmt::format("node {} waits for a ready signal among other receives: wait for it alone",
                                              id_));
    waiting_.push_back(posted.comm);
  }
  std::size_t k = 0;
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-message");
    k = static_cast<std::size_t>(s4u::Comm::wait_any(waiting_));
  }
  waiting_.clear();
  return finish(receives[k], k, receive_slot(receives[k]).comm->get_finish_time());
}

SendHandle SimulatedNode::keep(StartedSend send) {
  if (free_sends_.empty()) {
    sends_.push_back(std::move(send));
    return {static_cast<std::uint32_t>(sends_.size() - 1)};
  }
  const std::uint32_t slot = free_sends_.back();
  free_sends_.pop_back();
  sends_[slot] = std::move(send);
  return {slot};
}

SendHandle SimulatedNode::send(int to, std::uint64_t bytes, Tag tag, Lane lane, double cpu_s) {
  Network& net = job_.net();
  // The mailbox first, then the CPU time: the order of simulation events the Plan interpreter has
  // always had (a first lookup of a mailbox is itself an event).
  if (direct_signal(lane)) {
    if (bytes != 0 || tag != 0)
      throw Error("node program", fmt::format("node {} sends a ready signal of {} bytes with tag {}: on {} ready "
                                              "signals carry neither",
                                              id_, bytes, tag, job_.machine().name()));
    compute(cpu_s);
    Transfer signal{id_, to, 0, payload_of(tag), nullptr};
    signal.signals = &net.signals;
    return keep({net.transport->start(signal), to, lane, false, true});
  }
  s4u::Mailbox* box = mailboxes(lane).take(id_, to);
  compute(cpu_s);
  const NodeProtocol& protocol = job_.machine().protocol();
  const std::uint64_t wire = lane == Lane::data ? protocol.wire_bytes(bytes) : bytes;
  const Transfer transfer{id_, to, wire, payload_of(tag), box};
  if (lane == Lane::data)
    if (const auto handshake = protocol.handshake(bytes))
      return keep({net.transport->start_after_handshake(job_.machine(), transfer, *handshake), to, lane});
  return keep({net.transport->start(transfer), to, lane});
}

SendHandle SimulatedNode::exchange(int partner, std::uint64_t bytes, Tag tag, std::uint64_t back_bytes, Tag back_tag,
                                   double cpu_s) {
  Network& net = job_.net();
  if (!net.transport->exchanges_need_pairing())
    throw Error(job_.machine().name(), "this machine has no synchronised pairwise exchanges");
  Machine& machine = job_.machine();
  const Transfer there{id_, partner, machine.protocol().wire_bytes(bytes), payload_of(tag), net.data.take(id_, partner)};
  const Transfer back{partner, id_, machine.protocol().wire_bytes(back_bytes), payload_of(back_tag),
                      net.data.take(partner, id_)};
  compute(cpu_s);
  const auto there_handshake = machine.protocol().handshake(bytes);
  const auto back_handshake = machine.protocol().handshake(back_bytes);
  if (there_handshake || back_handshake)
    return keep({net.transport->start_exchange_after_handshakes(machine, there, there_handshake, back, back_handshake),
                 partner, Lane::data, true});
  return keep({net.transport->start_exchange(there, back), partner, Lane::data, true});
}

void SimulatedNode::wait(SendHandle send) {
  if (send.id >= sends_.size())
    throw Error("node program", fmt::format("node {} waits for a send it has not started", id_));
  StartedSend started = std::move(sends_[send.id]);
  if (!started.transfer.started())
    throw Error("node program", fmt::format("node {} waits for a send it has waited for already", id_));
  sends_[send.id] = {};
  free_sends_.push_back(send.id);
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-send");
    started.transfer.wait();
  }
  if (!started.signal) mailboxes(started.lane).give(id_, started.to);
  if (started.exchange) mailboxes(started.lane).give(started.to, id_);
}

int SimulatedNode::test_and_set(int owner, int index) {
  if (owner == id_) {
    int& flag = job_.flag(id_, index);
    const int old = flag;
    flag = 1;
    return old;
  }
  int old = -1;  // written by the reply's handler, here; this frame outlives it (we wait for it)
  const int me = id_;
  JobRuntime& job = job_;
  job_.send_control(id_, owner, [&job, &old, me, owner, index](ControlContext& at_owner) {
    int& flag = job.flag(owner, index);
    const int value = flag;
    flag = 1;
    at_owner.send_control(me, [&old, value](ControlContext&) { old = value; });
  });
  job_.wait_until(id_, [&old] { return old >= 0; });
  return old;
}

void SimulatedNode::clear_flag(int owner, int index) {
  if (owner == id_) {
    job_.flag(id_, index) = 0;
    return;
  }
  JobRuntime& job = job_;
  job_.send_control(id_, owner, [&job, owner, index](ControlContext&) { job.flag(owner, index) = 0; });
}

}  // namespace mcsim
