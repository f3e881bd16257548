#include "switching.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

void TransferHandle::wait() {
  if (comm_) comm_->wait();
  if (actor_) actor_->join();
}

MessageTransport::MessageTransport(Machine& machine) : machine_(machine), switching_(machine.switching()) {
  if (switching_ == Switching::flow) return;
  channel_locks_.reserve(static_cast<std::size_t>(machine.channel_count()));
  for (int c = 0; c < machine.channel_count(); ++c) channel_locks_.push_back(s4u::Mutex::create());
  if (machine.node_ports() == NodePorts::one_shared) {
    port_busy_.assign(static_cast<std::size_t>(machine.nodes()), 0);
    for (int n = 0; n < machine.nodes(); ++n) port_freed_.push_back(s4u::ConditionVariable::create());
    port_guard_ = s4u::Mutex::create();
    for (int n = 0; n < machine.nodes(); ++n) send_queues_.push_back(s4u::Mutex::create());
  }
}

std::vector<int> MessageTransport::channels_of(int src, int dst) const {
  const std::vector<int> path = machine_.route_path(src, dst);
  std::vector<int> channels;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int c = machine_.channel_index(path[i - 1], path[i]);
    if (c < 0 || c >= machine_.channel_count() || (!channels.empty() && c <= channels.back()))
      throw Error(machine_.name(), fmt::format("route {} -> {} does not claim increasing channel numbers at hop {} "
                                               "(channel {}): the claim order could deadlock",
                                               src, dst, i, c));
    channels.push_back(c);
  }
  return channels;
}

// Both end nodes at once or not at all: a transfer holding one node while waiting for the other
// would stall every transfer of the first node behind an unrelated one.
void MessageTransport::take_ports(const std::vector<int>& ports) {
  if (ports.empty()) return;
  port_guard_->lock();
  for (;;) {
    const auto busy = std::find_if(ports.begin(), ports.end(), [&](int p) { return port_busy_[static_cast<std::size_t>(p)]; });
    if (busy == ports.end()) break;
    port_freed_[static_cast<std::size_t>(*busy)]->wait(port_guard_);
  }
  for (int p : ports) port_busy_[static_cast<std::size_t>(p)] = 1;
  port_guard_->unlock();
}

void MessageTransport::give_ports(const std::vector<int>& ports) {
  if (ports.empty()) return;
  port_guard_->lock();
  for (int p : ports) {
    port_busy_[static_cast<std::size_t>(p)] = 0;
    port_freed_[static_cast<std::size_t>(p)]->notify_all();
  }
  port_guard_->unlock();
}

// Node interfaces first, then channels in increasing number: transfers that hold channels never
// wait for a node, and channels are taken in one global order, so no cycle of waits can form.
void MessageTransport::claim(const std::vector<int>& ports, const std::vector<int>& channels, double per_hop_s,
                             std::size_t hops_with_delay) {
  take_ports(ports);
  for (std::size_t i = 0; i < channels.size(); ++i) {
    channel_locks_[static_cast<std::size_t>(channels[i])]->lock();
    if (i < hops_with_delay && per_hop_s > 0) s4u::this_actor::sleep_for(per_hop_s);
  }
}

void MessageTransport::release(const std::vector<int>& ports, const std::vector<int>& channels) {
  for (int c : channels) channel_locks_[static_cast<std::size_t>(c)]->unlock();
  give_ports(ports);
}

void MessageTransport::reserved_path(int src, int dst, std::uint64_t bytes) {
  std::vector<int> ports;
  if (!port_busy_.empty()) {
    ports = {std::min(src, dst), std::max(src, dst)};
    send_queues_[static_cast<std::size_t>(src)]->lock();
  }
  const std::vector<int> channels = channels_of(src, dst);
  claim(ports, channels, machine_.per_hop_seconds(bytes), channels.size());
  if (bytes > 0) s4u::Comm::sendto(machine_.host(src), machine_.host(dst), bytes);
  release(ports, channels);
  if (!ports.empty()) send_queues_[static_cast<std::size_t>(src)]->unlock();
}

void MessageTransport::hop_by_hop(int src, int dst, std::uint64_t bytes) {
  const std::vector<int> path = machine_.route_path(src, dst);
  const double startup_s = machine_.per_hop_seconds(bytes);
  for (std::size_t i = 1; i < path.size(); ++i) {
    auto& lock = channel_locks_[static_cast<std::size_t>(machine_.channel_index(path[i - 1], path[i]))];
    lock->lock();
    if (startup_s > 0) s4u::this_actor::sleep_for(startup_s);
    if (bytes > 0) s4u::Comm::sendto(machine_.host(path[i - 1]), machine_.host(path[i]), bytes);
    lock->unlock();
  }
}

void MessageTransport::exchange(const Transfer& there, const Transfer& back) {
  const std::vector<int> ports = {std::min(there.src, there.dst), std::max(there.src, there.dst)};
  for (int p : ports) send_queues_[static_cast<std::size_t>(p)]->lock();
  const std::vector<int> forward = channels_of(there.src, there.dst);
  const std::vector<int> backward = channels_of(back.src, back.dst);
  std::vector<int> both;
  std::merge(forward.begin(), forward.end(), backward.begin(), backward.end(), std::back_inserter(both));
  // Both headers advance at once: the setup costs one route's hops, not two.
  claim(ports, both, machine_.per_hop_seconds(std::max(there.bytes, back.bytes)), forward.size());
  std::vector<s4u::CommPtr> streams;
  if (there.bytes > 0)
    streams.push_back(s4u::Comm::sendto_async(machine_.host(there.src), machine_.host(there.dst), there.bytes));
  if (back.bytes > 0)
    streams.push_back(s4u::Comm::sendto_async(machine_.host(back.src), machine_.host(back.dst), back.bytes));
  s4u::Comm::wait_all(streams);
  release(ports, both);
  for (int p : ports) send_queues_[static_cast<std::size_t>(p)]->unlock();
  std::vector<s4u::CommPtr> notices = {there.mailbox->put_async(there.payload, 0),
                                       back.mailbox->put_async(back.payload, 0)};
  s4u::Comm::wait_all(notices);
}

TransferHandle MessageTransport::start(const Transfer& t) {
  switch (switching_) {
    case Switching::flow: return TransferHandle(t.mailbox->put_async(t.payload, t.bytes));
    case Switching::circuit:
    case Switching::wormhole:
      return TransferHandle(s4u::Actor::create("transfer", machine_.host(t.src), [this, t] {
        reserved_path(t.src, t.dst, t.bytes);
        t.mailbox->put(t.payload, 0);
      }));
    case Switching::store_and_forward:
      return TransferHandle(s4u::Actor::create("transfer", machine_.host(t.src), [this, t] {
        hop_by_hop(t.src, t.dst, t.bytes);
        t.mailbox->put(t.payload, 0);
      }));
  }
  return {};
}

void MessageTransport::carry(int src, int dst, std::uint64_t bytes) {
  switch (switching_) {
    case Switching::flow: s4u::Comm::sendto(machine_.host(src), machine_.host(dst), bytes); return;
    case Switching::circuit:
    case Switching::wormhole: reserved_path(src, dst, bytes); return;
    case Switching::store_and_forward: hop_by_hop(src, dst, bytes); return;
  }
}

TransferHandle MessageTransport::start_exchange(const Transfer& there, const Transfer& back) {
  if (port_busy_.empty())
    throw Error(machine_.name(), "a synchronised pairwise exchange needs a machine whose node interfaces are shared "
                                 "(exchanges_need_pairing)");
  return TransferHandle(
      s4u::Actor::create("exchange", machine_.host(there.src), [this, there, back] { exchange(there, back); }));
}

}  // namespace mcsim
