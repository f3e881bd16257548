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

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <iterator>
#include <memory>
#include <vector>

#include "../timed_wait.hpp"
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
    const Taken taken = claim(channels, machine_.switching().per_hop_seconds(bytes), channels.size());
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
    const Taken taken = claim(both, machine_.switching().per_hop_seconds(std::max(there.bytes, back.bytes)), forward.size());
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
  // A claim's channels and due times stay on the actor's stack up to this many hops (a hypercube's
  // route has at most its dimension, 12 on the 4,096-node iPSC/860): a claim per trip allocated
  // both before.
  static constexpr std::size_t kHopsInline = 16;
  using Taken = boost::container::small_vector<RouteChannel, kHopsInline>;

  // Channels in route order (increasing number), so no cycle of waits can form. Returns the
  // channels taken: the route's, or where the family has more VCs than classes, a free VC of each
  // hop's class (ChannelLocks::claim).
  //
  // The header reaches channel i at due[i] (one per-hop time after the previous claim, for the
  // first hops_with_delay channels). Rather than one sleep per hop, it takes at once every free
  // channel ahead of it, each "ahead" (held from now, but its own only from due[i] on), and waits
  // once, until it reaches the first channel it could not take or the path's end. A header that
  // asks for a channel held ahead no later than its due time came first, as it would have found it
  // free with one sleep per hop: it takes the channel from the holder (bump), which gives back what
  // it held ahead from there on, wakes, and goes on hop by hop from its time at that channel. At the
  // due time itself the asking header wins, the order the sleeps per hop gave: with the holder
  // winning instead, the CP-PACS goldens moved by up to 19% (guo05-fig5-text "general": every
  // value), with this rule guo05-fig5-text stays byte-identical. A run then has one
  // SimGrid wait per trip instead of one sleep per hop (the iPSC/860 at 4,096 nodes: 6 hops a trip
  // on average, three trips per NX long message).
  Taken claim(const Route& channels, double per_hop_s, std::size_t hops_with_delay) {
    const std::size_t n = channels.size();
    Taken taken(channels.begin(), channels.end());
    boost::container::small_vector<double, kHopsInline + 1> due(n + 1);
    Header me{&channels};
    due[0] = s4u::Engine::get_clock();
    std::size_t ahead_from = 0;  // channels [ahead_from, me.next) are held ahead of their due time
    auto hop_s = [&](std::size_t i) { return i < hops_with_delay && per_hop_s > 0 ? per_hop_s : 0.0; };
    for (;;) {
      double now = s4u::Engine::get_clock();
      while (me.next < n) {
        const std::size_t i = me.next;
        if (due[i] <= now) {  // the header is there: claim as always (may wait in line)
          forget_ahead(me, ahead_from, i);  // due by now: the header's for good, before it may wait
          ahead_from = i + 1;
          taken[i] = take(channels[i]);
          now = s4u::Engine::get_clock();
          due[i] = now;
        } else if (channels_.free_as_routed(channels[i])) {
          taken[i] = channels_.claim(channels[i]);  // free: taken without waiting
          ahead_[channels_.index(channels[i])] = {&me, due[i], i};
        } else {
          break;
        }
        due[i + 1] = due[i] + hop_s(i);
        me.next = i + 1;
      }
      const double until = due[me.next];
      if (until > now) {
        if (ahead_from == me.next) {
          wait_for(until - now);  // nothing held ahead: nobody can bump
        } else {
          if (!me.wake) me.wake = s4u::Semaphore::create(0);  // only a header holding ahead is bumped
          const bool timed_out = acquire_for(me.wake, until - now);
          if (me.woken && timed_out) me.wake->acquire();  // bumped at the instant the wait ended: take its token
          if (me.woken) {  // bumped: the bumper set me.next back
            me.woken = false;
            continue;
          }
        }
      }
      forget_ahead(me, ahead_from, me.next);
      ahead_from = me.next;
      if (me.next == n) break;
    }
    if (recorder_)  // each channel was held from the header's arrival until the whole path was there
      for (std::size_t i = 0; i < n; ++i)
        recorder_->held_idle(channels[i].link, s4u::Engine::get_clock() - due[i]);
    return taken;
  }

  // A header holding channels ahead of its due time at them (see claim).
  struct Header {
    const Route* route;
    std::size_t next = 0;  // the first channel of route it holds neither for good nor ahead
    bool woken = false;
    s4u::SemaphorePtr wake;  // made when it first waits holding channels ahead
  };
  struct Ahead {
    Header* header = nullptr;
    double due_s = 0;
    std::size_t at = 0;  // its place in the header's route
  };

  // Claims one channel for a header that has reached it: from a header holding it ahead of its due
  // time (that one gives it up, and whatever it holds ahead past it), else through the lock.
  RouteChannel take(const RouteChannel& wanted) {
    Ahead& ahead = ahead_[channels_.index(wanted)];
    if (ahead.header && ahead.due_s >= s4u::Engine::get_clock()) {
      Header& holder = *ahead.header;
      const std::size_t from = ahead.at;
      ahead = {};  // the lock stays held: now the caller's
      for (std::size_t j = from + 1; j < holder.next; ++j) {
        ahead_[channels_.index((*holder.route)[j])] = {};
        channels_.release((*holder.route)[j]);  // held ahead, so nobody waits for it
      }
      holder.next = from;
      if (!holder.woken) {
        holder.woken = true;
        holder.wake->release();
      }
      return wanted;
    }
    if (ahead.header) ahead = {};  // due: its holder's for good; wait in line behind it
    return channels_.claim(wanted);
  }

  void forget_ahead(const Header& h, std::size_t from, std::size_t to) {
    for (std::size_t j = from; j < to; ++j) {
      Ahead& ahead = ahead_[channels_.index((*h.route)[j])];
      if (ahead.header == &h) ahead = {};
    }
  }

  void release(const Taken& taken) {
    for (const RouteChannel& c : taken) channels_.release(c);
  }

  Machine& machine_;
  ChannelLocks channels_;
  std::vector<Ahead> ahead_ = std::vector<Ahead>(channels_.channel_count());  // per channel
};

}  // namespace

std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine) {
  return std::make_unique<ReservedPathTransport>(machine);
}

}  // namespace mcsim
