// Ranka, Shankar, Alsabti 1995, sec. 5, Figure 4 (the algorithm), Figure 5 (the test-and-set
// inquiry) and the two improvements of their CM-5 re-implementation; original algorithm: Wang, Lin,
// Ranka, "Distributed scheduling of unstructured collective communication on the CM-5", HICSS 1993.
//
// Every node pre-posts a receive for each message it will get (the pre-allocated buffers), then
// repeats: pick a destination at random among those it still has to send to; test-and-set that
// node's busy lock with an active message; if it was free, send the whole message, wait until it
// has arrived and reset the lock (one more active message); if busy, pick another destination.
// Finally it waits for its own incoming messages, paying each one's receive overhead.
//
// Polling: handlers (lock requests, replies, releases) run at a node as soon as they arrive; their
// cost is charged to the node's handler stream, not to its program. On the paper's polling
// implementation a node polls whenever it waits for a reply, sends or waits for its messages, which
// is all a DRS node does, so the handlers are seldom delayed; we do not model that delay.
//
// Improvements (busy lock held in the program's shared state, a request answered by the owner's
// handler): (1) a busy owner answers with the time its current transfer still needs, estimated
// from the bytes, the machine's rate and the sender's overhead; the sender does not ask that node
// again before then (minus the go-ahead lead below), and sleeps until the earliest such time when
// every remaining destination is busy; (2) an owner whose current transfer will end within the
// next sender's send overhead gives the go-ahead at once, so the next message's bytes reach the
// network as the current one's last bytes arrive. The end is estimated from the nominal rate; where
// the transfer runs slower (a receiver's interface is shared with its own sends), the two overlap.
// The lock counts the transfers it granted: no go-ahead while two are on.
#include "distributed_random_scheduling.hpp"

#include <algorithm>
#include <limits>
#include <memory>

#include "../sim/core/error.hpp"
#include "../sim/core/random.hpp"
#include "modified_linear_permutation.hpp"

namespace mcsim {

namespace {

constexpr int busy_lock = 0;  // the flag index of each node's busy lock (plain variant)

class DistributedRandomScheduling final : public Program {
 public:
  DistributedRandomScheduling(const CommMatrix& matrix, DrsOptions options)
      : options_(options),
        p_(matrix.nodes()),
        vectors_(matrix.nodes()),
        send_(static_cast<std::size_t>(p_), std::vector<std::uint64_t>(static_cast<std::size_t>(p_), 0)),
        lock_(static_cast<std::size_t>(p_)) {
    for (const MatrixEntry& e : matrix.entries()) send_[static_cast<std::size_t>(e.src)][static_cast<std::size_t>(e.dst)] = e.bytes;
    run_.nodes = p_;
    run_.node_finish_s.assign(static_cast<std::size_t>(p_), 0.0);
  }

  void run(Node& node) override {
    const int me = node.id();
    const auto& send = send_[static_cast<std::size_t>(me)];
    std::vector<std::uint64_t> receive(static_cast<std::size_t>(p_), 0);
    if (options_.exchange_vectors) {
      receive = vectors_.run(node, send);
      note_span(run_, node, "vectors", 0);
    } else {
      for (int i = 0; i < p_; ++i) receive[static_cast<std::size_t>(i)] = send_[static_cast<std::size_t>(i)][static_cast<std::size_t>(me)];
    }
    // Pre-allocated buffers: one posted receive per incoming message.
    std::vector<ReceiveHandle> incoming;
    for (int i = 0; i < p_; ++i)
      if (receive[static_cast<std::size_t>(i)] > 0) incoming.push_back(node.post_receive(i));

    std::vector<int> pending;  // destinations still to send to
    for (int j = 0; j < p_; ++j)
      if (j != me && send[static_cast<std::size_t>(j)] > 0) pending.push_back(j);
    Rng rng(derive_seed(options_.seed, "drs-node", static_cast<std::uint64_t>(me)));
    if (options_.improvements)
      send_improved(node, send, pending, rng);
    else
      send_plain(node, send, pending, rng);

    // Wait until all incoming messages are in their buffers.
    const double done_sending = node.now();
    while (!incoming.empty()) {
      const Arrival arrival = node.wait_any(incoming);
      incoming.erase(incoming.begin() + static_cast<std::ptrdiff_t>(arrival.which));
      run_.messages[arrival.tag].end_s = arrival.arrival_s;
      node.compute(node.costs(run_.messages[arrival.tag].bytes).receive_overhead_s);
    }
    note_span(run_, node, "incoming", done_sending);
    run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
  }

  Run result() override { return std::move(run_); }

 private:
  // Per-node busy lock of the improved protocol, touched only by handlers at its node.
  struct Lock {
    int transfers = 0;      // granted and not yet reset: 0 (free), 1, or 2 after a go-ahead
    double busy_until = 0;  // estimated end of the latest granted transfer (job seconds)
  };
  struct Answer {
    bool ready = false;
    bool granted = false;
    double busy_for = 0;
  };

  // Picks a pending destination at random; after a busy answer from `avoid`, another one if any.
  static std::size_t pick(const std::vector<int>& pending, int avoid, Rng& rng) {
    if (pending.size() > 1 && avoid >= 0) {
      std::size_t k = static_cast<std::size_t>(rng.below(static_cast<int>(pending.size()) - 1));
      if (pending[k] == avoid) k = pending.size() - 1;  // the avoided one's slot takes the last
      return k;
    }
    return static_cast<std::size_t>(rng.below(static_cast<int>(pending.size())));
  }

  // Sends the message to `to` (the lock is ours) and waits until it has arrived.
  void transfer(Node& node, int to, std::uint64_t bytes) {
    const std::size_t index = run_.messages.size();
    run_.messages.push_back({node.id(), to, bytes, 0, false, node.now(), 0.0});
    node.wait(node.send(to, bytes, index, Lane::data, node.costs(bytes).send_overhead_s));
  }

  // Figure 4 with the test-and-set of Figure 5.
  void send_plain(Node& node, const std::vector<std::uint64_t>& send, std::vector<int>& pending, Rng& rng) {
    int busy = -1;
    while (!pending.empty()) {
      const std::size_t k = pick(pending, busy, rng);
      const int to = pending[k];
      const double asked = node.now();
      const int old = node.test_and_set(to, busy_lock);
      note_span(run_, node, "lock", asked);
      if (old != 0) {
        busy = to;
        continue;
      }
      busy = -1;
      transfer(node, to, send[static_cast<std::size_t>(to)]);
      node.clear_flag(to, busy_lock);
      pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }

  // Time the owner expects a transfer of `bytes` to keep it busy from now: the sender's overhead
  // and the bytes at the machine's rate.
  double transfer_estimate(const ControlContext& at, std::uint64_t bytes) const {
    return at.costs(bytes).send_overhead_s + static_cast<double>(bytes) * options_.seconds_per_byte;
  }

  // The inquiry with both improvements: request handler at the owner, answer handler back here.
  Answer inquire(Node& node, int to, std::uint64_t bytes) {
    const int me = node.id();
    auto answer = std::make_shared<Answer>();
    node.send_control(to, [this, me, to, bytes, answer](ControlContext& owner) {
      Lock& lock = lock_[static_cast<std::size_t>(to)];
      const double now = owner.now();
      const double lead = owner.costs(bytes).send_overhead_s;  // the next sender's overhead
      Answer reply;
      // Free, or one transfer that is about to end: go ahead (never a third while two are on).
      if (lock.transfers == 0 || (lock.transfers == 1 && lock.busy_until - now <= lead)) {
        const double start = std::max(now, lock.transfers ? lock.busy_until - lead : now);
        lock = {lock.transfers + 1, start + transfer_estimate(owner, bytes)};
        reply.granted = true;
      } else {
        reply.busy_for = std::max(lock.busy_until - now, 0.0);
      }
      owner.send_control(me, [answer, reply](ControlContext&) {
        *answer = reply;
        answer->ready = true;
      });
    });
    node.wait_until([answer] { return answer->ready; });
    return *answer;
  }

  void release(Node& node, int to) {
    node.send_control(to, [this, to](ControlContext&) {
      Lock& lock = lock_[static_cast<std::size_t>(to)];
      if (--lock.transfers == 0) lock = {};
    });
  }

  void send_improved(Node& node, const std::vector<std::uint64_t>& send, std::vector<int>& pending, Rng& rng) {
    std::vector<double> not_before(static_cast<std::size_t>(p_), 0.0);
    while (!pending.empty()) {
      std::vector<std::size_t> ready;
      double earliest = std::numeric_limits<double>::infinity();
      for (std::size_t k = 0; k < pending.size(); ++k) {
        const double t = not_before[static_cast<std::size_t>(pending[k])];
        if (t <= node.now()) ready.push_back(k);
        earliest = std::min(earliest, t);
      }
      if (ready.empty()) {  // every destination is busy: sleep for the least of their measures
        const double asleep = node.now();
        node.compute(earliest - node.now());
        note_span(run_, node, "sleep", asleep);
        continue;
      }
      const std::size_t k = ready[static_cast<std::size_t>(rng.below(static_cast<int>(ready.size())))];
      const int to = pending[k];
      const std::uint64_t bytes = send[static_cast<std::size_t>(to)];
      const double asked = node.now();
      const Answer answer = inquire(node, to, bytes);
      note_span(run_, node, "lock", asked);
      if (!answer.granted) {
        const double lead = node.costs(bytes).send_overhead_s;
        not_before[static_cast<std::size_t>(to)] = node.now() + std::max(0.0, answer.busy_for - lead);
        continue;
      }
      transfer(node, to, bytes);
      release(node, to);
      pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }

  DrsOptions options_;
  int p_;
  SendVectorExchange vectors_;
  std::vector<std::vector<std::uint64_t>> send_;  // [src][dst] bytes
  std::vector<Lock> lock_;
  Run run_;
};

}  // namespace

ProgramFactory distributed_random_scheduling(const CommMatrix& matrix, DrsOptions options) {
  return [matrix, options](int) { return std::make_unique<DistributedRandomScheduling>(matrix, options); };
}

namespace {
struct DrsSettings final : SchedulerSettings {
  bool exchange_vectors = true;
};

ProgramFactory make(const SchedulerInput& input, const SchedulerParams& params, bool improvements) {
  DrsOptions options;
  options.improvements = improvements;
  options.exchange_vectors = params.settings<DrsSettings>().exchange_vectors;
  options.seed = input.rng.next();
  options.seconds_per_byte = input.hints.seconds_per_byte;
  return distributed_random_scheduling(input.matrix, options);
}
}  // namespace

std::shared_ptr<const SchedulerSettings> read_drs_settings(const SchedulerParams& params) {
  const std::string vectors = params.text("vectors", "exchange");
  if (vectors != "exchange" && vectors != "given")
    throw Error(params.where(), "vectors must be exchange or given, got '" + vectors + "'");
  auto settings = std::make_shared<DrsSettings>();
  settings->exchange_vectors = vectors == "exchange";
  return settings;
}

ProgramFactory make_drs(const SchedulerInput& input, const SchedulerParams& params) {
  return make(input, params, false);
}
ProgramFactory make_drs_improved(const SchedulerInput& input, const SchedulerParams& params) {
  return make(input, params, true);
}

}  // namespace mcsim
