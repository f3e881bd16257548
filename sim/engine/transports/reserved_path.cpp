// circuit and wormhole: a message reserves its whole path before its bytes move.
//
// A transfer (a helper actor, helper_actors.hpp, or its node's send queue, below) claims the
// route's channels one by one in route order (a FIFO lock per directed channel; the header takes
// the machine's per-hop time for each), holding what it has while it waits for the next; then the
// bytes stream over the whole path; then every channel is released. Circuit switching (the iPSC/860's
// Direct-Connect) and wormhole routing (a blocked worm keeps its channels) block alike; they
// differ in the machine's per-hop time and start-up, not here.
//
// With NodePorts::one_shared (the iPSC/860: Wang and Ranka 1994, sec. 2.2, observation 1) a node
// starts its sends one at a time in the order it posted them (a FIFO per sender: a send to a busy
// node holds up the sender's later ones, as a message-passing library's send queue does), and a
// send starts moving only when neither end node takes part in another transfer; it then takes both
// at once. A synchronised pairwise exchange takes both nodes and both routes together.
//
// There one actor per node, its send queue, moves that node's messages (and its replies to other
// nodes' handshakes) one after another, in the order they became ready; a message waits in the
// queue as a few words, not as an actor with a stack. (With an actor per message, 65,536 messages
// in flight on a 4096-node hypercube held 6 GiB of stacks.) A handshake's reply waits in the
// receiver's queue; an exchange is one entry of the lower node's queue. Control messages still run
// in helper actors and take a node's queue lock as the queue's actor does. A queued send is
// complete once its bytes are at the receiver (its notice is left in the receiver's mailbox); both
// strategies post receives before the sends start, so that is also when the receiver takes it.
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
#include <array>
#include <iterator>
#include <memory>
#include <optional>
#include <utility>

#include "../actor_errors.hpp"
#include "../transport.hpp"
#include "channel_locks.hpp"
#include "fifo_lock.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class ReservedPathTransport final : public Transport {
 public:
  explicit ReservedPathTransport(Machine& machine) : machine_(machine), channels_(machine) {
    if (machine.library().node_ports.value == NodePorts::one_shared) {
      const auto nodes = static_cast<std::size_t>(machine.nodes());
      port_busy_.assign(nodes, 0);
      port_waiters_.resize(nodes);
      sender_busy_ = std::vector<FifoLock>(nodes);
      queued_.resize(nodes);
      for (int n = 0; n < machine.nodes(); ++n)
        queued_[static_cast<std::size_t>(n)].server =
            s4u::Actor::create("send-queue", machine.platform().host(n), guarded([this, n] { serve(n); }));
    }
  }

  // The queues' actors wait for more work until told to stop; they end before their locks go.
  ~ReservedPathTransport() override {
    stopping_ = true;
    for (QueuedLegs& q : queued_) q.wake->release();
    for (QueuedLegs& q : queued_) q.server->join();
  }

  TransferHandle start(const Transfer& t) override {
    if (shares_node_ports()) return queue(std::make_shared<Message>(Message{t}));
    return start_carrying(machine_.platform().host(t.src), "transfer", t);
  }

  // The request leaves after the sender library's time for it; each trip then waits in its
  // sender's queue (the reply in the receiver's), as the helper actor's trips wait for the lock.
  TransferHandle start_after_handshake(Machine& machine, const Transfer& t, const Handshake& h) override {
    if (!shares_node_ports()) return Transport::start_after_handshake(machine, t, h);
    return queue(std::make_shared<Message>(Message{t, h}));
  }

  // Both handshakes run at once; the exchange waits for the later one.
  TransferHandle start_exchange_after_handshakes(Machine& machine, const Transfer& there,
                                                 const std::optional<Handshake>& there_handshake, const Transfer& back,
                                                 const std::optional<Handshake>& back_handshake) override {
    if (!shares_node_ports())
      return Transport::start_exchange_after_handshakes(machine, there, there_handshake, back, back_handshake);
    return queue(std::make_shared<Message>(Message{there, there_handshake, back, back_handshake}));
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    const EndPorts ports = shares_node_ports() ? EndPorts::of(src, dst) : EndPorts{};
    if (ports.count > 0) sender_busy_[static_cast<std::size_t>(src)].acquire();
    Route scratch;
    const Route& channels = channels_.route(src, dst, scratch);
    if (recorder_) recorder_->claim_begins(src);
    const Route taken = claim(ports, channels, machine_.switching().per_hop_seconds(bytes), channels.size());
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    channels_.stream(recorder_, {{channels, bytes}});  // a 0-byte trip still pays the links' latency
    if (recorder_) recorder_->stream_ends(src, dst);
    release(ports, taken);
    if (ports.count > 0) sender_busy_[static_cast<std::size_t>(src)].release();
  }

  bool exchanges_need_pairing() const override { return shares_node_ports(); }
  // The send queues' ready signals (S1) wait for their senders' receives, often for long.
  bool delivers_ready_signals() const override { return shares_node_ports(); }
  bool records_streams() const override { return true; }

  TransferHandle start_exchange(const Transfer& there, const Transfer& back) override {
    if (!shares_node_ports()) return Transport::start_exchange(there, back);
    return queue(std::make_shared<Message>(Message{there, std::nullopt, back}));
  }

 private:
  bool shares_node_ports() const { return !queued_.empty(); }

  // The two end nodes' interfaces a transfer takes where they are shared, lower node first (the
  // order take_ports looks at them); none where they are not.
  struct EndPorts {
    std::array<int, 2> node{};
    std::size_t count = 0;
    static EndPorts of(int a, int b) { return {{std::min(a, b), std::max(a, b)}, 2}; }
    const int* begin() const { return node.data(); }
    const int* end() const { return node.data() + count; }
  };

  // A message moved by the send queues, and one trip of it: its handshake's request (src -> dst)
  // and reply (dst -> src), then its data (src -> dst).
  struct Message {
    Transfer transfer;  // for an exchange: its first direction ("there")
    std::optional<Handshake> handshake;
    std::optional<Transfer> back;  // an exchange's second direction
    std::optional<Handshake> back_handshake;
    TransferDone done;  // the sender's handle shares the message (one allocation for both)
    int handshakes_open = 0;  // the data waits for these (an exchange may run two at once)
    double data_ready_s = 0;  // the latest handshake's end
  };
  struct Leg {
    enum Kind { request, reply, data };
    double ready_s;
    std::uint64_t order;  // ties at one instant: the order the legs were queued
    Kind kind;
    std::shared_ptr<Message> message;
    bool of_back = false;  // a trip of the back direction's handshake
  };
  // Heap order: `a` comes after `b` (ready later, or at the same instant queued later).
  static bool later(const Leg& a, const Leg& b) {
    return a.ready_s != b.ready_s ? a.ready_s > b.ready_s : a.order > b.order;
  }
  struct QueuedLegs {
    // A heap, earliest (ready time, order) first (no tree node per leg, as a map had).
    std::vector<Leg> legs;
    s4u::SemaphorePtr wake = s4u::Semaphore::create(0);     // released by enqueue() while the actor sleeps
    bool asleep = false;
    s4u::ActorPtr server;
  };

  static const Transfer& leg_transfer(const Leg& leg) {
    return leg.of_back ? *leg.message->back : leg.message->transfer;
  }
  static const Handshake& leg_handshake(const Leg& leg) {
    return leg.of_back ? *leg.message->back_handshake : *leg.message->handshake;
  }
  static int leg_source(const Leg& leg) {
    return leg.kind == Leg::reply ? leg_transfer(leg).dst : leg_transfer(leg).src;
  }

  void enqueue(Leg leg) {
    leg.order = next_order_++;
    QueuedLegs& q = queued_[static_cast<std::size_t>(leg_source(leg))];
    q.legs.push_back(std::move(leg));
    std::push_heap(q.legs.begin(), q.legs.end(), later);
    if (q.asleep) {
      q.asleep = false;
      q.wake->release();
    }
  }

  // A node's send queue: the earliest ready leg, one at a time. It sleeps until its first leg is
  // ready or a new one comes (a wake-up that finds nothing ready just sleeps again).
  void serve(int node) {
    QueuedLegs& q = queued_[static_cast<std::size_t>(node)];
    while (!stopping_) {
      if (q.legs.empty()) {
        q.asleep = true;
        q.wake->acquire();
        continue;
      }
      const Leg& first = q.legs.front();
      const double now = s4u::Engine::get_clock();
      if (first.ready_s > now) {
        q.asleep = true;
        if (q.wake->acquire_timeout(first.ready_s - now)) q.asleep = false;  // timed out
        continue;
      }
      std::pop_heap(q.legs.begin(), q.legs.end(), later);
      Leg leg = std::move(q.legs.back());
      q.legs.pop_back();
      move(leg);
    }
  }

  // One trip, then what it lets go next.
  void move(const Leg& leg) {
    Message& m = *leg.message;
    const Transfer& t = leg_transfer(leg);
    switch (leg.kind) {
      case Leg::request:
        carry(t.src, t.dst, 0);
        enqueue({s4u::Engine::get_clock() +
                     std::max(0.0, leg_handshake(leg).request_receive_s + leg_handshake(leg).reply_send_s),
                 0, Leg::reply, leg.message, leg.of_back});
        break;
      case Leg::reply:
        carry(t.dst, t.src, 0);
        m.data_ready_s =
            std::max(m.data_ready_s, s4u::Engine::get_clock() + std::max(0.0, leg_handshake(leg).reply_receive_s));
        if (--m.handshakes_open == 0) enqueue({m.data_ready_s, 0, Leg::data, leg.message});
        break;
      case Leg::data:
        if (m.back) {
          exchange(m.transfer, *m.back);
        } else {
          carry(t.src, t.dst, t.bytes);
          if (t.signals)
            t.signals->post(t.src, t.dst);
          else
            t.mailbox->put_init(t.payload, 0)->detach();
        }
        // The sender's send is complete once its bytes are there; the receivers' receives post
        // before their senders send (both strategies), so the notices are taken at once.
        m.done.moved->release();
        break;
    }
  }

  // A message (or exchange) moved by the send queues: its handshakes' requests first, else its data.
  TransferHandle queue(std::shared_ptr<Message> message) {
    const double now = s4u::Engine::get_clock();
    std::shared_ptr<TransferDone> done(message, &message->done);
    message->handshakes_open = (message->handshake ? 1 : 0) + (message->back_handshake ? 1 : 0);
    if (message->handshakes_open == 0) {
      enqueue({now, 0, Leg::data, std::move(message)});
      return TransferHandle(done);
    }
    if (message->back_handshake)
      enqueue({now + std::max(0.0, message->back_handshake->request_send_s), 0, Leg::request, message, true});
    if (message->handshake)
      enqueue({now + std::max(0.0, message->handshake->request_send_s), 0, Leg::request, message});
    return TransferHandle(done);
  }

  // Both end nodes at once or not at all: a transfer holding one node while waiting for the other
  // would stall every transfer of the first node behind an unrelated one.
  // (Plain state between simcalls, as in fifo_lock.hpp: a wait blocks on a semaphore of its own.)
  void take_ports(const EndPorts& ports) {
    for (;;) {
      const auto busy =
          std::find_if(ports.begin(), ports.end(), [&](int p) { return port_busy_[static_cast<std::size_t>(p)]; });
      if (busy == ports.end()) break;
      const auto freed = s4u::Semaphore::create(0);
      port_waiters_[static_cast<std::size_t>(*busy)].push_back(freed);
      freed->acquire();  // then look again: another waiter may have taken it first
    }
    for (int p : ports) port_busy_[static_cast<std::size_t>(p)] = 1;
  }

  void give_ports(const EndPorts& ports) {
    for (int p : ports) {
      port_busy_[static_cast<std::size_t>(p)] = 0;
      std::vector<s4u::SemaphorePtr> waiting;
      waiting.swap(port_waiters_[static_cast<std::size_t>(p)]);
      for (const auto& w : waiting) w->release();
    }
  }

  // Node interfaces first, then channels in increasing number: transfers that hold channels never
  // wait for a node, and channels are taken in one global order, so no cycle of waits can form.
  // Returns the channels taken: the route's, or where the family has more VCs than classes, a
  // free VC of each hop's class (ChannelLocks::claim).
  Route claim(const EndPorts& ports, const Route& channels, double per_hop_s, std::size_t hops_with_delay) {
    take_ports(ports);
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

  void release(const EndPorts& ports, const Route& taken) {
    for (const RouteChannel& c : taken) channels_.release(c);
    give_ports(ports);
  }

  void exchange(const Transfer& there, const Transfer& back) {
    const EndPorts ports = EndPorts::of(there.src, there.dst);
    for (int p : ports) sender_busy_[static_cast<std::size_t>(p)].acquire();
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
    const Route taken = claim(ports, both, machine_.switching().per_hop_seconds(std::max(there.bytes, back.bytes)), forward.size());
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
    release(ports, taken);
    for (int p : ports) sender_busy_[static_cast<std::size_t>(p)].release();
    there.mailbox->put_init(there.payload, 0)->detach();
    back.mailbox->put_init(back.payload, 0)->detach();
  }

  Machine& machine_;
  ChannelLocks channels_;
  // Node interfaces (NodePorts::one_shared): busy flags, and who waits for each to be free.
  std::vector<char> port_busy_;
  std::vector<std::vector<s4u::SemaphorePtr>> port_waiters_;
  // Per sender, held from its claim to its release: a node's transfers (queued or control) go one
  // at a time, in the order they asked.
  std::vector<FifoLock> sender_busy_;
  std::vector<QueuedLegs> queued_;            // per node, when node interfaces are shared
  std::uint64_t next_order_ = 0;
  bool stopping_ = false;
};

}  // namespace

std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine) {
  return std::make_unique<ReservedPathTransport>(machine);
}

}  // namespace mcsim
