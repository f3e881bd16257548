#include "node_ports.hpp"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "../actor_errors.hpp"
#include "../timed_wait.hpp"
#include "fifo_lock.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class SharedNodePorts final : public Transport {
 public:
  SharedNodePorts(Machine& machine, std::unique_ptr<Transport> network) : network_(std::move(network)) {
    const auto nodes = static_cast<std::size_t>(machine.nodes());
    port_busy_.assign(nodes, 0);
    port_waiters_.resize(nodes);
    sender_busy_ = std::vector<FifoLock>(nodes);
    queued_.resize(nodes);
    for (int n = 0; n < machine.nodes(); ++n)
      queued_[static_cast<std::size_t>(n)].server =
          s4u::Actor::create("send-queue", machine.platform().host(n), guarded([this, n] { serve(n); }));
  }

  // The queues' actors wait for more work until told to stop; they end before their locks go.
  ~SharedNodePorts() override {
    stopping_ = true;
    for (QueuedLegs& q : queued_) q.wake->release();
    for (QueuedLegs& q : queued_) q.server->join();
  }

  void attach(const TransportServices& services) override {
    Transport::attach(services);
    network_->attach(services);
  }

  TransferHandle start(const Transfer& t) override { return queue(std::make_shared<Message>(Message{t})); }

  // The request leaves after the sender library's time for it; each trip then waits in its
  // sender's queue (the reply in the receiver's).
  TransferHandle start_after_handshake(Machine& /*machine*/, const Transfer& t, const Handshake& h) override {
    return queue(std::make_shared<Message>(Message{t, h}));
  }

  // Both handshakes run at once; the exchange waits for the later one.
  TransferHandle start_exchange_after_handshakes(Machine& /*machine*/, const Transfer& there,
                                                 const std::optional<Handshake>& there_handshake, const Transfer& back,
                                                 const std::optional<Handshake>& back_handshake) override {
    return queue(std::make_shared<Message>(Message{there, there_handshake, back, back_handshake}));
  }

  TransferHandle start_exchange(const Transfer& there, const Transfer& back) override {
    return queue(std::make_shared<Message>(Message{there, std::nullopt, back}));
  }

  // A trip with both end nodes held, the sender's trips one at a time in the order they asked.
  void carry(int src, int dst, std::uint64_t bytes) override {
    const EndPorts ports = EndPorts::of(src, dst);
    sender_busy_[static_cast<std::size_t>(src)].acquire();
    take_ports(ports);
    network_->carry(src, dst, bytes);
    give_ports(ports);
    sender_busy_[static_cast<std::size_t>(src)].release();
  }

  bool exchanges_need_pairing() const override { return true; }
  // The send queues' ready signals (S1) wait for their senders' receives, often for long.
  bool delivers_ready_signals() const override { return true; }
  // Every data message's bytes move in a send queue, which tells its arrival.
  bool delivers_notices() const override { return true; }
  bool records_streams() const override { return network_->records_streams(); }

 private:
  // The two end nodes' interfaces a transfer takes, lower node first (the order take_ports looks
  // at them).
  struct EndPorts {
    std::array<int, 2> node{};
    static EndPorts of(int a, int b) { return {{std::min(a, b), std::max(a, b)}}; }
    const int* begin() const { return node.data(); }
    const int* end() const { return node.data() + node.size(); }
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
    s4u::SemaphorePtr wake = s4u::Semaphore::create(0);  // released by enqueue() while the actor sleeps
    // Until when the actor sleeps by itself: the end of its timed wait, infinity for a wait without
    // one, -infinity while it is awake. A leg ready before it wakes the actor; one ready no earlier
    // needs no wake-up, the actor finds it then.
    static constexpr double kAwake = -std::numeric_limits<double>::infinity();
    double sleeps_until_s = kAwake;
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
    const double ready_s = leg.ready_s;
    q.legs.push_back(std::move(leg));
    std::push_heap(q.legs.begin(), q.legs.end(), later);
    if (ready_s < q.sleeps_until_s) {
      q.sleeps_until_s = QueuedLegs::kAwake;
      q.wake->release();
    }
  }

  // A node's send queue: the earliest ready leg, one at a time. It sleeps until its first leg is
  // ready or a leg ready before that comes. (Woken for every new leg, it often found nothing
  // ready and slept again: under S1 the data leg is queued when the reply is sent, for
  // after the reply's receive time.)
  void serve(int node) {
    QueuedLegs& q = queued_[static_cast<std::size_t>(node)];
    while (!stopping_) {
      if (q.legs.empty()) {
        q.sleeps_until_s = std::numeric_limits<double>::infinity();
        q.wake->acquire();
        continue;
      }
      const Leg& first = q.legs.front();
      const double now = s4u::Engine::get_clock();
      if (first.ready_s > now) {
        q.sleeps_until_s = first.ready_s;
        if (acquire_for(q.wake, first.ready_s - now)) q.sleeps_until_s = QueuedLegs::kAwake;  // timed out
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
            tell(t);
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
  // would stall every transfer of the first node behind an unrelated one. A transfer that finds one
  // busy waits in the lists of both its nodes; each release hands the freed nodes over at once to
  // the waiters that can now go, the one that asked first first, and wakes only those (a release
  // that woke every waiter of its nodes to look again cost AC and RS_N at 64 nodes two waits a
  // trip: 6,508 for 3,072 trips).
  // (Plain state between simcalls, as in fifo_lock.hpp: a wait blocks on a semaphore of its own.)
  void take_ports(const EndPorts& ports) {
    if (ports_free(ports)) {
      for (int p : ports) port_busy_[static_cast<std::size_t>(p)] = 1;
      return;
    }
    PortWaiter me{ports, next_ask_++, s4u::Semaphore::create(0)};
    port_waiters_[static_cast<std::size_t>(ports.node[0])].push_back(&me);
    if (ports.node[1] != ports.node[0]) port_waiters_[static_cast<std::size_t>(ports.node[1])].push_back(&me);
    me.handed->acquire();  // give_ports marked both ours
  }

  void give_ports(const EndPorts& ports) {
    for (int p : ports) port_busy_[static_cast<std::size_t>(p)] = 0;
    // The waiters of either node, in the order they asked (each list is in that order already).
    candidates_.clear();
    const auto& first = port_waiters_[static_cast<std::size_t>(ports.node[0])];
    const auto& second = port_waiters_[static_cast<std::size_t>(ports.node[1])];
    std::merge(first.begin(), first.end(), second.begin(), second.end(), std::back_inserter(candidates_),
               [](const PortWaiter* a, const PortWaiter* b) { return a->asked < b->asked; });
    candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
    // All the handing over first, then the wake-ups: a release is a simcall, at which other actors
    // may run and take or give nodes.
    std::vector<s4u::SemaphorePtr> handed;
    for (PortWaiter* w : candidates_) {
      if (!ports_free(w->ports)) continue;
      for (int p : w->ports) {
        port_busy_[static_cast<std::size_t>(p)] = 1;
        auto& waiting = port_waiters_[static_cast<std::size_t>(p)];
        waiting.erase(std::find(waiting.begin(), waiting.end(), w));
        if (w->ports.node[1] == w->ports.node[0]) break;
      }
      handed.push_back(w->handed);
    }
    for (const auto& h : handed) h->release();
  }

  bool ports_free(const EndPorts& ports) const {
    return std::none_of(ports.begin(), ports.end(), [&](int p) { return port_busy_[static_cast<std::size_t>(p)]; });
  }

  // Both nodes and their queues taken together, then both directions at once.
  void exchange(const Transfer& there, const Transfer& back) {
    const EndPorts ports = EndPorts::of(there.src, there.dst);
    for (int p : ports) sender_busy_[static_cast<std::size_t>(p)].acquire();
    take_ports(ports);
    network_->carry_exchange(there, back);
    give_ports(ports);
    for (int p : ports) sender_busy_[static_cast<std::size_t>(p)].release();
    tell(there);
    tell(back);
  }

  // The receiver learns that a data message is there.
  static void tell(const Transfer& t) {
    if (t.notices)
      t.notices->arrive(t.src, t.dst, t.payload);
    else
      t.mailbox->put_init(t.payload, 0)->detach();
  }

  std::unique_ptr<Transport> network_;
  // Node interfaces: busy flags, and who waits for each to be free.
  std::vector<char> port_busy_;
  struct PortWaiter {
    EndPorts ports;
    std::uint64_t asked;  // ties between waiters: the one that asked first goes first
    s4u::SemaphorePtr handed;
  };
  std::vector<std::vector<PortWaiter*>> port_waiters_;  // per node, in the order they asked
  std::vector<PortWaiter*> candidates_;                 // give_ports' scratch
  std::uint64_t next_ask_ = 0;
  // Per sender, held from its claim to its release: a node's transfers (queued or control) go one
  // at a time, in the order they asked.
  std::vector<FifoLock> sender_busy_;
  std::vector<QueuedLegs> queued_;  // per node
  std::uint64_t next_order_ = 0;
  bool stopping_ = false;
};

}  // namespace

std::unique_ptr<Transport> with_shared_node_ports(Machine& machine, std::unique_ptr<Transport> network) {
  return std::make_unique<SharedNodePorts>(machine, std::move(network));
}

}  // namespace mcsim
