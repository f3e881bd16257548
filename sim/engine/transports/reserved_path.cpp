// circuit and wormhole: a message reserves its whole path before its bytes move.
//
// A transfer actor claims the route's channels one by one in route order (a FIFO lock per
// directed channel; the header takes the machine's per-hop time for each), holding what it has
// while it waits for the next; then the bytes stream over the whole path; then every channel is
// released. Circuit switching (the iPSC/860's Direct-Connect) and wormhole routing (a blocked worm
// keeps its channels) block alike; they differ in the machine's per-hop time and start-up, not here.
//
// With NodePorts::one_shared (the iPSC/860: Wang and Ranka 1994, sec. 2.2, observation 1) a node
// starts its sends one at a time in the order it posted them (a FIFO per sender: a send to a busy
// node holds up the sender's later ones, as a message-passing library's send queue does), and a
// send starts moving only when neither end node takes part in another transfer; it then takes both
// at once. A synchronised pairwise exchange takes both nodes and both routes together.
//
// The receiver is told with a 0-byte message on its mailbox once the data is there (switched
// machines have zero-latency links and account for every delay explicitly, so this costs no time).
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <iterator>

#include "../transport.hpp"
#include "channel_locks.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class ReservedPathTransport final : public Transport {
 public:
  explicit ReservedPathTransport(Machine& machine) : machine_(machine), channels_(machine) {
    if (machine.switching().node_ports() == NodePorts::one_shared) {
      port_busy_.assign(static_cast<std::size_t>(machine.nodes()), 0);
      for (int n = 0; n < machine.nodes(); ++n) port_freed_.push_back(s4u::ConditionVariable::create());
      port_guard_ = s4u::Mutex::create();
      for (int n = 0; n < machine.nodes(); ++n) send_queues_.push_back(s4u::Mutex::create());
    }
  }

  TransferHandle start(const Transfer& t) override {
    return TransferHandle(s4u::Actor::create("transfer", machine_.platform().host(t.src), [this, t] {
      carry(t.src, t.dst, t.bytes);
      t.mailbox->put(t.payload, 0);
    }));
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    std::vector<int> ports;
    if (!port_busy_.empty()) {
      ports = {std::min(src, dst), std::max(src, dst)};
      send_queues_[static_cast<std::size_t>(src)]->lock();
    }
    const std::vector<int> channels = channels_.route_channels(src, dst);
    if (recorder_) recorder_->claim_begins(src);
    claim(ports, channels, machine_.switching().per_hop_seconds(bytes), channels.size());
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    if (bytes > 0) s4u::Comm::sendto(machine_.platform().host(src), machine_.platform().host(dst), bytes);
    if (recorder_) recorder_->stream_ends(src, dst);
    release(ports, channels);
    if (!ports.empty()) send_queues_[static_cast<std::size_t>(src)]->unlock();
  }

  bool exchanges_need_pairing() const override { return !port_busy_.empty(); }
  bool records_streams() const override { return true; }

  TransferHandle start_exchange(const Transfer& there, const Transfer& back) override {
    if (port_busy_.empty()) return Transport::start_exchange(there, back);
    return TransferHandle(
        s4u::Actor::create("exchange", machine_.platform().host(there.src), [this, there, back] { exchange(there, back); }));
  }

 private:
  // Both end nodes at once or not at all: a transfer holding one node while waiting for the other
  // would stall every transfer of the first node behind an unrelated one.
  void take_ports(const std::vector<int>& ports) {
    if (ports.empty()) return;
    port_guard_->lock();
    for (;;) {
      const auto busy =
          std::find_if(ports.begin(), ports.end(), [&](int p) { return port_busy_[static_cast<std::size_t>(p)]; });
      if (busy == ports.end()) break;
      port_freed_[static_cast<std::size_t>(*busy)]->wait(port_guard_);
    }
    for (int p : ports) port_busy_[static_cast<std::size_t>(p)] = 1;
    port_guard_->unlock();
  }

  void give_ports(const std::vector<int>& ports) {
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
  void claim(const std::vector<int>& ports, const std::vector<int>& channels, double per_hop_s,
             std::size_t hops_with_delay) {
    take_ports(ports);
    std::vector<double> claimed_at;
    for (std::size_t i = 0; i < channels.size(); ++i) {
      channels_[channels[i]].acquire();
      if (recorder_) claimed_at.push_back(s4u::Engine::get_clock());
      if (i < hops_with_delay && per_hop_s > 0) s4u::this_actor::sleep_for(per_hop_s);
    }
    // Each channel was held from its claim until the whole path was there, without bytes moving.
    for (std::size_t i = 0; i < claimed_at.size(); ++i)
      recorder_->held_idle(channel_link_name(channels_.routes(), channels[i]), s4u::Engine::get_clock() - claimed_at[i]);
  }

  void release(const std::vector<int>& ports, const std::vector<int>& channels) {
    for (int c : channels) channels_[c].release();
    give_ports(ports);
  }

  void exchange(const Transfer& there, const Transfer& back) {
    const std::vector<int> ports = {std::min(there.src, there.dst), std::max(there.src, there.dst)};
    for (int p : ports) send_queues_[static_cast<std::size_t>(p)]->lock();
    const std::vector<int> forward = channels_.route_channels(there.src, there.dst);
    const std::vector<int> backward = channels_.route_channels(back.src, back.dst);
    std::vector<int> both;
    std::merge(forward.begin(), forward.end(), backward.begin(), backward.end(), std::back_inserter(both));
    // Both headers advance at once: the setup costs one route's hops, not two.
    if (recorder_) recorder_->claim_begins(there.src);
    claim(ports, both, machine_.switching().per_hop_seconds(std::max(there.bytes, back.bytes)), forward.size());
    if (recorder_) {
      recorder_->claim_ends(there.src);
      if (there.bytes > 0) recorder_->stream_begins(there.src, there.dst);
      if (back.bytes > 0) recorder_->stream_begins(back.src, back.dst);
    }
    std::vector<s4u::CommPtr> streams;
    if (there.bytes > 0)
      streams.push_back(s4u::Comm::sendto_async(machine_.platform().host(there.src), machine_.platform().host(there.dst), there.bytes));
    if (back.bytes > 0)
      streams.push_back(s4u::Comm::sendto_async(machine_.platform().host(back.src), machine_.platform().host(back.dst), back.bytes));
    s4u::Comm::wait_all(streams);
    if (recorder_) {
      if (there.bytes > 0) recorder_->stream_ends(there.src, there.dst);
      if (back.bytes > 0) recorder_->stream_ends(back.src, back.dst);
    }
    release(ports, both);
    for (int p : ports) send_queues_[static_cast<std::size_t>(p)]->unlock();
    std::vector<s4u::CommPtr> notices = {there.mailbox->put_async(there.payload, 0),
                                         back.mailbox->put_async(back.payload, 0)};
    s4u::Comm::wait_all(notices);
  }

  Machine& machine_;
  ChannelLocks channels_;
  // Node interfaces (NodePorts::one_shared): busy flags under one lock, a wake-up per node.
  std::vector<char> port_busy_;
  std::vector<s4u::ConditionVariablePtr> port_freed_;
  s4u::MutexPtr port_guard_;
  std::vector<s4u::MutexPtr> send_queues_;  // per sender, held from claim to release
};

}  // namespace

std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine) {
  return std::make_unique<ReservedPathTransport>(machine);
}

}  // namespace mcsim
