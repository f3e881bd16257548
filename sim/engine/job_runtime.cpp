// The job's shared state in the engine (node_runtime.hpp): the network a job's nodes share, and
// the job's barrier, flags, control messages and their drain.
#include "node_runtime.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "library_state.hpp"
#include "spend.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

namespace {

// What a handler sees: the node it runs at. Its sends are spent by the handler's own actor.
using HandlerContext = OnNode<ControlContext>;

// Whether the library's rules need the runtime to count messages and receives per pair: for a
// rendezvous (its reply waits for the receive), and wherever the transport alone would not do
// what the library says with data that finds no posted receive. Flow transports hold such data
// until the receive is there, the others move it at once and leave its notice waiting: the first
// is a library without a buffer, the second one whose buffer is unlimited and free to copy out of.
bool library_needs_state(const MessageLibrary& library, const Transport& transport) {
  if (library.has_protocol(Protocol::rendezvous)) return true;
  if (library.buffers_freely()) return transport.holds_data_until_received();
  if (library.receive_buffer_bytes.value == 0) return !transport.holds_data_until_received();
  return true;  // a bounded buffer, or copies to charge
}

}  // namespace

Network::Network(Machine& machine)
    : transport(make_transport(machine)),
      data(machine.nodes(), 'm'),
      ready(machine.nodes(), 'r'),
      direct_signals(transport->delivers_ready_signals()),
      signals(machine.nodes()),
      replies(machine.nodes()),
      direct_notices(transport->delivers_notices()),
      notices(machine.nodes()) {
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
  if (library_needs_state(machine.library(), *net.transport))
    library_state_ = std::make_unique<LibraryState>(machine.nodes(), machine.library().receive_buffer_bytes.value);
  flags_.resize(n);
  drained_lock_ = s4u::Mutex::create();
  drained_ = s4u::ConditionVariable::create();
}

void JobRuntime::barrier() {
  barrier_->wait();
  spend(machine_.library().barrier_s.value);
}

void JobRuntime::barrier(int id, std::uint32_t group, int members) {
  if (members < 1 || members > machine_.nodes())
    throw Error("node program", fmt::format("barrier group {} of {} nodes on a machine of {}", group, members,
                                            machine_.nodes()));
  auto [it, made] = groups_.try_emplace(group);
  if (made) it->second = {s4u::Barrier::create(static_cast<unsigned>(members)), members, members};
  if (it->second.members != members)
    throw Error("node program", fmt::format("node {} joins barrier group {} of {} nodes as one of {}", id,
                                            group, it->second.members, members));
  const s4u::BarrierPtr held = it->second.barrier;  // the entry may move while this node waits
  held->wait();
  if (--groups_.at(group).to_leave == 0) groups_.erase(group);
  spend(machine_.library().barrier_s.value);
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
  const MessageLibrary& library = machine_.library();
  spend(library.control_send_s.value);
  ++open_control_messages_;
  net_.transport->helpers().run(machine_.platform().host(to), "control", [this, from, to, handler = std::move(handler)] {
      net_.transport->carry(from, to, machine_.library().wire_bytes(control_message_bytes));
      const auto node = static_cast<std::size_t>(to);
      HandlerSignals& signals = net_.handlers;
      signals.busy[node]->lock();
      spend(machine_.library().control_receive_s.value);
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

}  // namespace mcsim
