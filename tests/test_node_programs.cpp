// Node programs written against sim/core/node_program.hpp only (no SimGrid header here): a token
// ring, an active message and a remote test-and-set race, on machines whose times can be worked out
// by hand.
#include <catch2/catch.hpp>

#include <memory>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/node_program.hpp"

using namespace mcsim;

namespace {

// A CM-5 with round numbers: a CMMD start-up of 100 us, half spent by the sender and half by the
// receiver (50 us each), and a CMMD rate of 8 MB/s, below the 10 MB/s of the fat-tree wires, so an
// idle network moves a message at 8 MB/s whatever its route. Links have no latency.
const MachineSpec round_cm5{"cm5", 32, {{"cmmd_startup_us", "100"}, {"cmmd_bandwidth_MBps", "8"}}};
constexpr double overhead = 50e-6;             // send and receive overhead, each
constexpr double control_wire = 16 / 8e6;      // one 16-byte packet: 2 us

// A token goes once around the ring 0 -> 1 -> ... -> n-1 -> 0. Node 0 starts it; every other node
// waits for it, pays its receive overhead, and passes it on. The token's tag counts its hops. Each
// hop is recorded as a message (start: the send call; end: the arrival).
class TokenRing : public Program {
 public:
  TokenRing(int nodes, std::uint64_t bytes) : bytes_(bytes) {
    run_.nodes = nodes;
    run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
    for (int i = 0; i < nodes; ++i) run_.messages.push_back({i, (i + 1) % nodes, bytes, i, false, 0.0, 0.0});
  }

  void run(Node& node) override {
    const int me = node.id(), n = node.nodes();
    const int previous = (me + n - 1) % n;
    const ReceiveHandle token = node.post_receive(previous);
    Tag hops = 0;
    if (me != 0) {
      const Arrival arrival = node.wait(token);
      hops = arrival.tag;
      run_.messages[static_cast<std::size_t>(previous)].end_s = arrival.arrival_s;
      node.compute(node.costs(bytes_).receive_overhead_s);
    }
    run_.messages[static_cast<std::size_t>(me)].start_s = node.now();
    node.wait(node.send((me + 1) % n, bytes_, hops + 1, Lane::data, node.costs(bytes_).send_overhead_s));
    if (me == 0) {
      const Arrival arrival = node.wait(token);
      run_.messages[static_cast<std::size_t>(previous)].end_s = arrival.arrival_s;
      run_.messages[static_cast<std::size_t>(previous)].phase = static_cast<int>(arrival.tag);  // hops in all
      node.compute(node.costs(bytes_).receive_overhead_s);
    }
    run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
  }

  Run result() override { return std::move(run_); }

 private:
  std::uint64_t bytes_;
  Run run_;
};

ProgramFactory token_ring(std::uint64_t bytes) {
  return [bytes](int nodes) { return std::make_unique<TokenRing>(nodes, bytes); };
}

}  // namespace

TEST_CASE("A token ring written as a node program takes n x (send overhead + wire time + receive overhead)", "[engine]") {
  // CM-5, 32 nodes, 8000 bytes (500 whole packets, no rounding). One hop: the sender's 50 us of
  // CMMD overhead, 8000 B / 8 MB/s = 1000 us on the idle network, the receiver's 50 us: 1100 us.
  // The token is back at node 0, overhead paid, after 32 hops: 32 x 1100 us = 35.2 ms.
  const auto runs = simulate_isolated(round_cm5, {Job::running(token_ring(8000), 1)});
  const Run& run = runs.at(0);
  REQUIRE(run.communication_time() == Approx(32 * 1100e-6).epsilon(1e-9));
  REQUIRE(run.messages.size() == 32);
  for (int hop = 0; hop < 32; ++hop) {
    INFO("hop " << hop);
    // Hop k leaves after k whole hops and arrives 50 + 1000 us later.
    REQUIRE(run.messages[hop].start_s == Approx(hop * 1100e-6).margin(1e-12));
    REQUIRE(run.messages[hop].end_s == Approx(hop * 1100e-6 + 1050e-6).epsilon(1e-9));
  }
  REQUIRE(run.messages[31].phase == 32);  // the tag counted every hop

  // The same program on a 1 x 4 wormhole mesh in the paper's units (Lo et al. 1992: b = 1, start-up
  // c = 5 paid by the sender, header delay 0.5 per hop, no receive overhead); the token is one unit.
  // Hops 0->1, 1->2, 2->3 cross one channel: 5 + 0.5 + 1 = 6.5 each; 3->0 crosses three: 5 + 1.5 + 1
  // = 7.5. In all 3 x 6.5 + 7.5 = 27.
  const MachineSpec line{"mesh", 4, {{"rows", "1"}, {"cols", "4"}, {"switching", "wormhole"},
                                     {"parameters", "dimensionless"}, {"startup", "5"}, {"hop", "0.5"}}};
  const auto mesh_runs = simulate_isolated(line, {Job::running(token_ring(1000000), 1)});
  REQUIRE(mesh_runs.at(0).communication_time() == Approx(27.0).epsilon(1e-9));
}

namespace {

// Node 0 sends node 5 an active message at time 0 and then waits for a handler to answer; node 5's
// program computes for 1 ms meanwhile. The handler at node 5 notes where and when it ran and sends
// a control message back, whose handler at node 0 releases node 0's program.
class ActiveMessagePingPong : public Program {
 public:
  explicit ActiveMessagePingPong(int nodes) {
    run_.nodes = nodes;
    run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
    run_.messages.push_back({0, 5, control_message_bytes, 0, false, 0.0, 0.0});  // the request
    run_.messages.push_back({5, 0, control_message_bytes, 1, false, 0.0, 0.0});  // the answer
  }

  void run(Node& node) override {
    if (node.id() == 0) {
      node.send_control(5, [this](ControlContext& here) {
        handler_node_ = here.id();
        run_.messages[0].end_s = here.now();
        run_.messages[1].start_s = here.now();
        here.send_control(0, [this](ControlContext& back) { run_.messages[1].end_s = back.now(); });
      });
      sent_at_ = node.now();
      node.wait_until([this] { return run_.messages[1].end_s > 0; });
    } else if (node.id() == 5) {
      node.compute(1e-3);
    }
    run_.node_finish_s[static_cast<std::size_t>(node.id())] = node.now();
  }

  Run result() override {
    // Where the handler ran and when send_control returned, carried home in spare fields.
    run_.messages[0].phase = handler_node_;
    run_.messages[0].start_s = sent_at_;
    return std::move(run_);
  }

 private:
  Run run_;
  int handler_node_ = -1;
  double sent_at_ = -1;
};

}  // namespace

TEST_CASE("An active message's handler runs at the receiver after overheads and wire time, beside its program", "[engine]") {
  const auto runs = simulate_isolated(
      round_cm5, {Job::running([](int nodes) { return std::make_unique<ActiveMessagePingPong>(nodes); }, 1)});
  const Run& run = runs.at(0);
  // send_control returns once the sender has spent its 50 us.
  REQUIRE(run.messages[0].start_s == Approx(overhead).epsilon(1e-9));
  // The handler runs at node 5 after 50 us (sender) + 2 us (16 bytes at 8 MB/s) + 50 us (receiver).
  REQUIRE(run.messages[0].phase == 5);
  REQUIRE(run.messages[0].end_s == Approx(2 * overhead + control_wire).epsilon(1e-9));
  // Its answer costs the handler 50 us, then 2 us on the wire and 50 us at node 0: 204 us.
  REQUIRE(run.messages[1].end_s == Approx(4 * overhead + 2 * control_wire).epsilon(1e-9));
  REQUIRE(run.node_finish_s[0] == Approx(4 * overhead + 2 * control_wire).epsilon(1e-9));
  // The handler's 100 us at node 5 were not charged to node 5's program.
  REQUIRE(run.node_finish_s[5] == Approx(1e-3).epsilon(1e-12));
}

namespace {

// Nodes 1 and 2 race for flag 0 of node 3 at time 0. The winner computes 20 us and clears the flag;
// the loser tries again at once. Node 3's program just looks at its flag after 1 ms.
class TestAndSetRace : public Program {
 public:
  explicit TestAndSetRace(int nodes) {
    run_.nodes = nodes;
    run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
    // messages[k]: attempt k; src = the node, phase = the old value it got, end_s = when it returned.
  }

  void run(Node& node) override {
    const int me = node.id();
    if (me == 1 || me == 2) {
      const int old = node.test_and_set(3, 0);
      record(me, old, node.now());
      if (old == 0) {
        node.compute(20e-6);
        node.clear_flag(3, 0);
      } else {
        const int again = node.test_and_set(3, 0);
        record(me, again, node.now());
      }
    } else if (me == 3) {
      node.compute(1e-3);
      final_flag_ = node.flag(0);
    }
    run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
  }

  Run result() override {
    run_.messages.push_back({3, 3, 0, final_flag_, false, 0.0, 0.0});
    return std::move(run_);
  }

 private:
  void record(int node, int old, double at) { run_.messages.push_back({node, 3, 0, old, false, 0.0, at}); }

  Run run_;
  int final_flag_ = -1;
};

}  // namespace

TEST_CASE("Two nodes race a remote test-and-set: one gets 0, the other 1, then it is cleared and re-acquired", "[engine]") {
  const auto runs = simulate_isolated(
      round_cm5, {Job::running([](int nodes) { return std::make_unique<TestAndSetRace>(nodes); }, 1)});
  const Run& run = runs.at(0);
  REQUIRE(run.messages.size() == 4);
  const auto& first = run.messages[0];
  const auto& second = run.messages[1];
  const auto& retry = run.messages[2];
  // Both requests leave at 50 us and share node 3's 8 MB/s CMMD link: 16 bytes at 4 MB/s each, both
  // arrive at 54 us. Node 3 handles them one at a time. First: 50 us receive overhead, the flag is
  // set (old value 0) at 104 us, 50 us to send the reply, 2 us on the wire, 50 us at the requester:
  // it returns 0 at 206 us.
  REQUIRE(first.phase == 0);
  REQUIRE(first.end_s == Approx(206e-6).epsilon(1e-9));
  // Second: its handler starts when the first one's has sent the reply (154 us), the flag is already
  // set (old value 1) at 204 us, and the same 50 + 2 + 50 us later, at 306 us, its requester has the 1.
  REQUIRE(second.src != first.src);
  REQUIRE(second.phase == 1);
  REQUIRE(second.end_s == Approx(306e-6).epsilon(1e-9));
  // The winner computes until 226 us and clears: its message leaves at 276 us, arrives at 278 us and
  // the flag is 0 at 328 us. The loser asks again at 306 us: request out at 356, in at 358, handled
  // at 408 (old value 0), reply out at 458, in at 460, and at 510 us the loser holds the flag.
  REQUIRE(retry.src == second.src);
  REQUIRE(retry.phase == 0);
  REQUIRE(retry.end_s == Approx(510e-6).epsilon(1e-9));
  REQUIRE(run.messages[3].phase == 1);  // node 3's flag, seen by node 3 at 1 ms: held by the loser
  // The winner returned from clear_flag once its 50 us were spent.
  REQUIRE(run.node_finish_s[static_cast<std::size_t>(first.src)] == Approx(276e-6).epsilon(1e-9));
}

namespace {

// Node 1 tells node 0 it is ready, with `bytes` on the ready lane; node 0 waits for that signal. The
// other nodes of the smallest CM-5 partition (32) do nothing.
constexpr int kSmallestCm5 = 32;
class ReadyOnce : public Program {
 public:
  explicit ReadyOnce(std::uint64_t bytes) : bytes_(bytes) {
    run_.nodes = kSmallestCm5;
    run_.node_finish_s.assign(kSmallestCm5, 0.0);
  }
  void run(Node& node) override {
    if (node.id() == 0) node.wait(node.post_receive(1, Lane::ready));
    if (node.id() == 1) node.wait(node.send(0, bytes_, 0, Lane::ready));
    run_.node_finish_s[static_cast<std::size_t>(node.id())] = node.now();
  }
  Run result() override { return std::move(run_); }

 private:
  std::uint64_t bytes_;
  Run run_;
};

}  // namespace

TEST_CASE("A ready signal on the CM-5 takes no time and one that carries bytes is an error rather than a hang", "[engine]") {
  const MachineSpec cm5{"cm5", kSmallestCm5, {}};
  const auto runs = simulate_isolated(cm5, {Job::running([](int) { return std::make_unique<ReadyOnce>(0); }, 1)});
  REQUIRE(runs.front().node_finish_s == std::vector<double>(kSmallestCm5, 0.0));
  REQUIRE_THROWS_WITH(
      simulate_isolated(cm5, {Job::running([](int) { return std::make_unique<ReadyOnce>(8); }, 1)}),
      Catch::Contains("node 1 sends a ready signal of 8 bytes with tag 0"));
}

namespace {

// Node 0 computes for a millisecond, then sends a control message to a node the machine does not
// have; every other node waits for a message from node 0 that never comes.
class StrayControl : public Program {
 public:
  explicit StrayControl(int nodes) { run_.nodes = nodes; }
  void run(Node& node) override {
    if (node.id() != 0) {
      node.wait(node.post_receive(0));
      return;
    }
    node.compute(1e-3);
    node.send_control(node.nodes() + 3, [](ControlContext&) {});
  }
  Run result() override { return std::move(run_); }

 private:
  Run run_;
};

}  // namespace

// SimGrid 3.32 aborts the process when an exception leaves an actor; the error must instead end
// the simulation and come back to the caller as it was raised, however many nodes are blocked.
TEST_CASE("An error inside a node program ends the simulation and reaches the caller as one line", "[engine]") {
  const MachineSpec ipsc{"ipsc860", 8, {}};
  try {
    simulate_isolated(ipsc, {Job::running([](int n) { return std::make_unique<StrayControl>(n); }, 1)});
    FAIL("the stray control message was not refused");
  } catch (const Error& e) {
    const std::string what = e.what();
    REQUIRE_THAT(what, Catch::Contains("control message from node 0 to node 11, which does not exist"));
    REQUIRE(what.find('\n') == std::string::npos);
  }
}
