// circuit: a message reserves its whole path before its bytes move.
//
// A transfer (a helper actor, helper_actors.hpp) claims the route's channels one by one in route
// order (a FIFO lock per directed channel; the header takes the machine's per-hop time for each),
// holding what it has while it waits for the next; then the bytes stream over the whole path;
// then every channel is released (the iPSC/860's Direct-Connect).
//
// Where node interfaces take part in one transfer at a time (NodePorts::one_shared), the node-port
// send queues (node_ports.hpp) take both end nodes before the circuit claims a channel, and a
// synchronised pairwise exchange claims both routes together (carry_exchange).
//
// A link's own latency (links.latency) is paid by the first byte once the path is set up: the bytes
// arrive h x latency + bytes/bandwidth after the last claim (ChannelLocks::stream), a message of no
// bytes (a handshake's request or reply, a control message) h x latency after it.
//
// The receiver is told with a 0-byte message on its mailbox once the data is there (the SimGrid
// links of switched machines have no latency: the transports account for every delay explicitly,
// so this costs no time).
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <iterator>
#include <memory>

#include "../transport.hpp"
#include "channel_locks.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class ReservedPathTransport final : public Transport {
 public:
  explicit ReservedPathTransport(Machine& machine) : machine_(machine), channels_(machine) {}

  TransferHandle start(const Transfer& t) override {
    return start_carrying(machine_.platform().host(t.src), "transfer", t);
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    Route scratch;
    const Route& channels = channels_.route(src, dst, scratch);
    if (recorder_) recorder_->claim_begins(src);
    const Route taken = claim(channels, machine_.switching().per_hop_seconds(bytes), channels.size());
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    channels_.stream(recorder_, {{channels, bytes}});  // a 0-byte trip still pays the links' latency
    if (recorder_) recorder_->stream_ends(src, dst);
    release(taken);
  }

  // Both routes claimed together, then both directions stream at once.
  void carry_exchange(const Transfer& there, const Transfer& back) override {
    Route forward_scratch, backward_scratch;
    const Route& forward = channels_.route(there.src, there.dst, forward_scratch);
    const Route& backward = channels_.route(back.src, back.dst, backward_scratch);
    // One claim order for both: by channel number, which with one VC per link is the families'
    // increasing link numbers along every route (k_ary_n_cube.hpp), so the merged claims too rise.
    // (With VCs, a torus, the merged order is outside the family's dependency argument; only
    // machines with shared node ports exchange this way, and none of them has VCs.)
    Route both;
    std::merge(forward.begin(), forward.end(), backward.begin(), backward.end(), std::back_inserter(both),
               [this](const RouteChannel& a, const RouteChannel& b) { return channels_.index(a) < channels_.index(b); });
    // Both headers advance at once: the setup costs one route's hops, not two.
    if (recorder_) recorder_->claim_begins(there.src);
    const Route taken = claim(both, machine_.switching().per_hop_seconds(std::max(there.bytes, back.bytes)), forward.size());
    if (recorder_) {
      recorder_->claim_ends(there.src);
      if (there.bytes > 0) recorder_->stream_begins(there.src, there.dst);
      if (back.bytes > 0) recorder_->stream_begins(back.src, back.dst);
    }
    // The two directions use disjoint channels, all held: each streams alone, the longer ends it.
    channels_.stream(recorder_, {{forward, there.bytes}, {backward, back.bytes}});
    if (recorder_) {
      if (there.bytes > 0) recorder_->stream_ends(there.src, there.dst);
      if (back.bytes > 0) recorder_->stream_ends(back.src, back.dst);
    }
    release(taken);
  }

  bool records_streams() const override { return true; }

 private:
  // Channels in route order (increasing number), so no cycle of waits can form. Returns the
  // channels taken: the route's, or where the family has more VCs than classes, a free VC of each
  // hop's class (ChannelLocks::claim).
  Route claim(const Route& channels, double per_hop_s, std::size_t hops_with_delay) {
    Route taken;
    taken.reserve(channels.size());
    std::vector<double> claimed_at;
    for (std::size_t i = 0; i < channels.size(); ++i) {
      taken.push_back(channels_.claim(channels[i]));
      if (recorder_) claimed_at.push_back(s4u::Engine::get_clock());
      if (i < hops_with_delay && per_hop_s > 0) s4u::this_actor::sleep_for(per_hop_s);
    }
    // Each channel was held from its claim until the whole path was there, without bytes moving.
    for (std::size_t i = 0; i < claimed_at.size(); ++i)
      recorder_->held_idle(channels[i].link, s4u::Engine::get_clock() - claimed_at[i]);
    return taken;
  }

  void release(const Route& taken) {
    for (const RouteChannel& c : taken) channels_.release(c);
  }

  Machine& machine_;
  ChannelLocks channels_;
};

}  // namespace

std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine) {
  return std::make_unique<ReservedPathTransport>(machine);
}

}  // namespace mcsim
