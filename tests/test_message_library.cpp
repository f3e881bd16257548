// The message library (sim/core/message_library.hpp) as the node runtime carries it out, on cases
// worked out by hand: eager data that arrives before its receive (buffer filled, copy charged at
// the post), a full buffer holding its sender back, a synchronous send waiting for its receiver, a
// rendezvous' request and reply, NX's short and long protocols, and the same rules for every node
// program (the Plan interpreter, DRS, modified linear permutation).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

#include "helpers.hpp"
#include "schedulers/distributed_random_scheduling.hpp"
#include "schedulers/two_stage.hpp"
#include "sim/core/node_program.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;
using test::one_phase;

namespace {

// Each node runs `script`; it notes what it measured in run.messages (sized beforehand).
class Scripted final : public Program {
 public:
  using Script = std::function<void(Node&, Run&)>;
  Scripted(int nodes, std::size_t records, Script script) : script_(std::move(script)) {
    run_.nodes = nodes;
    run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
    run_.messages.resize(records);
  }
  void run(Node& node) override {
    script_(node, run_);
    run_.node_finish_s[static_cast<std::size_t>(node.id())] = node.now();
  }
  Run result() override { return std::move(run_); }

 private:
  Script script_;
  Run run_;
};

ProgramFactory scripted(std::size_t records, Scripted::Script script) {
  return [records, script](int nodes) { return std::make_unique<Scripted>(nodes, records, script); };
}

Run run_one(const MachineSpec& spec, ProgramFactory program) {
  return simulate_isolated(spec, {Job::running(std::move(program), 1)}).at(0);
}

// A cluster with round numbers: 10 MB/s ports, a 100 us MPI latency (50 us at each end; a
// rendezvous' request and reply 50 us at each end of each), copies at 100 MB/s, and no socket send
// buffer, so that a write returns once its data is at the receiver: the times below follow the
// data (the bundled cluster's 16 KB buffer is timed by its own test).
MachineSpec cluster(std::map<std::string, std::string> more = {}) {
  std::map<std::string, std::string> options = {
      {"bandwidth_MBps", "10"}, {"latency_us", "100"}, {"copy_rate_MBps", "100"}, {"send_buffer_bytes", "0"}};
  for (auto& [key, value] : more) options[key] = value;
  return {"ethernet-cluster", 4, options};
}

// A loosely synchronous plan of one message per phase, in the order given.
Plan one_message_per_phase(int nodes, const std::vector<PlannedMessage>& messages) {
  Plan plan;
  plan.nodes = nodes;
  plan.strategy = Strategy::loosely_synchronous;
  for (const PlannedMessage& m : messages) plan.phases.push_back(Phase{{m}, true});
  return plan;
}

// Node 0 sends `bytes` to node 1 (messages[0].start_s: when its send call returned); node 1 waits
// `late_s`, then posts the receive (messages[0].end_s: the arrival it reports).
ProgramFactory late_receiver(std::uint64_t bytes, double late_s) {
  return scripted(1, [bytes, late_s](Node& node, Run& run) {
    if (node.id() == 0) {
      const SendHandle sent = node.send(1, bytes, 0, Lane::data, node.costs(bytes).send_overhead_s);
      run.messages[0].start_s = node.now();
      node.wait(sent);
    } else if (node.id() == 1) {
      node.compute(late_s);
      run.messages[0].end_s = node.wait(node.post_receive(0)).arrival_s;
    }
  });
}

}  // namespace

TEST_CASE("MPICH ch_p4: an eager message whose receive is not posted waits in the receiver's buffer, copied out at the post", "[engine]") {
  // 1000 B: node 0's 50 us, then 1000 B / 10 MB/s = 100 us into node 1's buffer; ch_p4's send
  // returns then (its data has left): 150 us. Node 1 posts at 5 ms and copies 1000 B at 100 MB/s:
  // 10 us, so the receive completes at 5.010 ms.
  const Run run = run_one(cluster(), late_receiver(1000, 5e-3));
  REQUIRE(run.messages[0].start_s == Approx(150e-6).epsilon(1e-9));
  REQUIRE(run.messages[0].end_s == Approx(5010e-6).epsilon(1e-9));
  // Without a buffer the data waits for the receive: it leaves at 5 ms, arrives 100 us later, and
  // only then does the (blocking) send return. Nothing is copied. (Without a buffer a node cannot
  // read one message at a time: a message waiting for its receive would hold its reading.)
  const Run held = run_one(cluster({{"receive_buffer_bytes", "0"}, {"reads", "interleaved"}}), late_receiver(1000, 5e-3));
  REQUIRE_THROWS_WITH(run_one(cluster({{"receive_buffer_bytes", "0"}}), late_receiver(1000, 5e-3)),
                      Catch::Contains("reads = one-message needs a receive buffer"));
  REQUIRE(held.messages[0].start_s == Approx(5100e-6).epsilon(1e-9));
  REQUIRE(held.messages[0].end_s == Approx(5100e-6).epsilon(1e-9));
}

namespace {
// Node 0 sends `bytes` eager bytes to node 1 (50 us, then 10 MB/s); node 1 computes `late_s`, posts
// the receive and notes when its post returned (start_s) and when it finished (end_s: the later of
// the arrival and the post's return).
ProgramFactory post_while_arriving(std::uint64_t bytes, double late_s) {
  return scripted(1, [bytes, late_s](Node& node, Run& run) {
    if (node.id() == 0) {
      node.wait(node.send(1, bytes, 0, Lane::data, node.costs(bytes).send_overhead_s));
    } else if (node.id() == 1) {
      node.compute(late_s);
      const ReceiveHandle receive = node.post_receive(0);
      run.messages[0].start_s = node.now();
      node.wait(receive);
      run.messages[0].end_s = node.now();
    }
  });
}
}  // namespace

TEST_CASE("MPICH ch_p4: a receive posted while its unexpected message arrives copies what has arrived", "[engine]") {
  // 100,000 B leave at 50 us and arrive at 10.05 ms. Node 1 posts at 5.05 ms, when 50,000 B are in
  // its buffer: it copies them at 100 MB/s (0.5 ms), its post returns at 5.55 ms, and the other
  // 50,000 B go straight into the receive (done at 10.05 ms).
  const Run run = run_one(cluster(), post_while_arriving(100000, 5.05e-3));
  REQUIRE(run.messages[0].start_s == Approx(5.55e-3).epsilon(1e-9));
  REQUIRE(run.messages[0].end_s == Approx(10.05e-3).epsilon(1e-9));
  // The earlier rule (whole-messages) copied nothing of a message still arriving.
  const Run whole = run_one(cluster({{"unexpected_copy", "whole-messages"}}), post_while_arriving(100000, 5.05e-3));
  REQUIRE(whole.messages[0].start_s == Approx(5.05e-3).epsilon(1e-9));
  // Posted after the message is in: the whole 100,000 B are copied (1 ms) under both rules.
  for (const char* rule : {"arrived-bytes", "whole-messages"})
    REQUIRE(run_one(cluster({{"unexpected_copy", rule}}), post_while_arriving(100000, 12e-3)).messages[0].start_s ==
            Approx(13e-3).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: more bytes never make the receiver done sooner (the copy follows the bytes arrived)", "[engine]") {
  // Posted at 5.05 ms: 49,000 B arrived at 4.95 ms and are copied (0.49 ms): done at 5.54 ms.
  // 50,500 B arrive at 5.10 ms; 50,000 B are in at the post and copied (0.5 ms): done at 5.55 ms.
  // The whole-message rule copied none of the larger message: done at its arrival, 5.10 ms, 0.44 ms
  // before the smaller one.
  const Run fewer = run_one(cluster(), post_while_arriving(49000, 5.05e-3));
  const Run more = run_one(cluster(), post_while_arriving(50500, 5.05e-3));
  REQUIRE(fewer.messages[0].end_s == Approx(5.54e-3).epsilon(1e-9));
  REQUIRE(more.messages[0].end_s == Approx(5.55e-3).epsilon(1e-9));
  const MachineSpec whole = cluster({{"unexpected_copy", "whole-messages"}});
  REQUIRE(run_one(whole, post_while_arriving(49000, 5.05e-3)).messages[0].end_s == Approx(5.54e-3).epsilon(1e-9));
  REQUIRE(run_one(whole, post_while_arriving(50500, 5.05e-3)).messages[0].end_s == Approx(5.10e-3).epsilon(1e-9));
}

namespace {
// Nodes 0 and 2 each send 100,000 B to node 1, which has posted both receives; each sender notes
// when its message arrived (messages[0] node 0's, messages[1] node 2's).
ProgramFactory two_senders_one_receiver() {
  return scripted(2, [](Node& node, Run& run) {
    if (node.id() == 1) {
      const ReceiveHandle from0 = node.post_receive(0);
      const ReceiveHandle from2 = node.post_receive(2);
      run.messages[0].end_s = node.wait(from0).arrival_s;
      run.messages[1].end_s = node.wait(from2).arrival_s;
    } else if (node.id() == 0 || node.id() == 2) {
      node.wait(node.send(1, 100000, 0, Lane::data, node.costs(100000).send_overhead_s));
    }
  });
}
}  // namespace

TEST_CASE("MPICH ch_p4: a node reads one message at a time, a second sender moves its socket buffer, then waits", "[engine]") {
  // Both leave at 50 us into node 1's 10 MB/s port. Read one at a time: the second message moves
  // its 16,384-byte socket buffer beside the first (5 MB/s each, 3.2768 ms), then stalls; the first
  // ends alone at 10 MB/s: 0.05 + 3.2768 + 83,616 B / 10 MB/s = 11.6884 ms; the second's other
  // 83,616 B follow: 20.05 ms.
  const auto arrivals = [](const Run& run) {
    return std::minmax(run.messages[0].end_s, run.messages[1].end_s);
  };
  const auto [first, second] = arrivals(run_one(cluster(), two_senders_one_receiver()));
  REQUIRE(first == Approx(11.6884e-3).epsilon(1e-9));
  REQUIRE(second == Approx(20.05e-3).epsilon(1e-9));
  // Interleaved (max-min for the whole messages): both at 5 MB/s, both in at 20.05 ms.
  const auto [a, b] = arrivals(run_one(cluster({{"reads", "interleaved"}}), two_senders_one_receiver()));
  REQUIRE(a == Approx(20.05e-3).epsilon(1e-9));
  REQUIRE(b == Approx(20.05e-3).epsilon(1e-9));
  // No socket buffer: the second waits whole, the first is in at 10.05 ms.
  const auto [c, d] = arrivals(run_one(cluster({{"read_buffer_bytes", "0"}}), two_senders_one_receiver()));
  REQUIRE(c == Approx(10.05e-3).epsilon(1e-9));
  REQUIRE(d == Approx(20.05e-3).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: a write that fits the socket's send buffer returns at once, a longer one once its data is at the receiver", "[engine]") {
  // p4's net_send returns once write() has taken the bytes (SO_SNDBUF = 16384: send_buffer_bytes,
  // as the bundled cluster has it, see its machine file). Node 1 posts at 3 ms; eager messages go
  // into its receive buffer meanwhile. 8000 B fit: the send returns after the 50 us sender share.
  const MachineSpec buffered = cluster({{"send_buffer_bytes", "16384"}});
  const Run fits = run_one(buffered, late_receiver(8000, 3e-3));
  REQUIRE(fits.messages[0].start_s == Approx(50e-6).epsilon(1e-9));
  // 20,000 B do not: the write returns once the data is at the receiver, 50 us + 2 ms.
  const Run longer = run_one(buffered, late_receiver(20000, 3e-3));
  REQUIRE(longer.messages[0].start_s == Approx(2.05e-3).epsilon(1e-9));
  // Without a send buffer every write waits for its data: 8000 B at 0.85 ms.
  const Run unbuffered = run_one(cluster(), late_receiver(8000, 3e-3));
  REQUIRE(unbuffered.messages[0].start_s == Approx(0.85e-3).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: a message not yet read when its receive is posted is read into the receive, uncopied", "[engine]") {
  // Node 2's 100,000 B reach node 1 first and are read from 50 us; node 0 computes 1 ms, and its
  // message (from 1.05 ms) moves its 16,384-byte socket buffer beside node 2's (5 MB/s each, in by
  // 4.3268 ms), then waits for its turn. Node 1 posts its receive from node 0 at 5 ms, before that
  // turn: nothing of it has been read, nothing is copied, the post returns at 5 ms.
  auto program = scripted(1, [](Node& node, Run& run) {
    if (node.id() == 2) {
      node.wait(node.send(1, 100000, 0, Lane::data, node.costs(100000).send_overhead_s));
    } else if (node.id() == 0) {
      node.compute(1e-3);
      node.wait(node.send(1, 100000, 0, Lane::data, node.costs(100000).send_overhead_s));
    } else if (node.id() == 1) {
      node.compute(5e-3);
      const ReceiveHandle from0 = node.post_receive(0);
      run.messages[0].start_s = node.now();
      node.wait(from0);
      node.wait(node.post_receive(2));
    }
  });
  REQUIRE(run_one(cluster(), program).messages[0].start_s == Approx(5e-3).epsilon(1e-9));
  // Interleaved, node 0's message has come at 5 MB/s since 1.05 ms: 19,750 B are in at the post and
  // copied at 100 MB/s, 0.1975 ms.
  REQUIRE(run_one(cluster({{"reads", "interleaved"}}), program).messages[0].start_s == Approx(5.1975e-3).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: a full receive buffer holds the sender back until the receiver takes a message", "[engine]") {
  // Two messages of 1000 B into a 1500-byte buffer. The first fills it (arrives at 150 us); the
  // second (ready at 200 us) does not fit and waits. Node 1 posts its first receive at 5 ms: the
  // buffer is emptied (the copy, 10 us, runs at once) and the second message leaves at 5 ms,
  // arriving at 5.1 ms. Node 1 posts its second receive at 5.010 + 0.050 = 5.060 ms, before that
  // arrival, so the data goes straight into it: no copy, the receive completes at 5.1 ms.
  auto program = scripted(2, [](Node& node, Run& run) {
    if (node.id() == 0) {
      for (int k = 0; k < 2; ++k) {
        node.wait(node.send(1, 1000, k, Lane::data, node.costs(1000).send_overhead_s));
        run.messages[k].start_s = node.now();  // when the send returned
      }
    } else if (node.id() == 1) {
      node.compute(5e-3);
      for (int k = 0; k < 2; ++k) {
        run.messages[k].end_s = node.wait(node.post_receive(0)).arrival_s;
        node.compute(node.costs(1000).receive_overhead_s);
      }
    }
  });
  const Run full = run_one(cluster({{"receive_buffer_bytes", "1500"}}), program);
  REQUIRE(full.messages[0].start_s == Approx(150e-6).epsilon(1e-9));
  REQUIRE(full.messages[0].end_s == Approx(5010e-6).epsilon(1e-9));
  REQUIRE(full.messages[1].start_s == Approx(5100e-6).epsilon(1e-9));
  REQUIRE(full.messages[1].end_s == Approx(5100e-6).epsilon(1e-9));
  // With room for both, the second one is in the buffer at 300 us and is copied at its post.
  const Run roomy = run_one(cluster(), program);
  REQUIRE(roomy.messages[1].start_s == Approx(300e-6).epsilon(1e-9));
  REQUIRE(roomy.messages[1].end_s == Approx(5070e-6).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: above the eager limit a rendezvous' request and reply come before the data", "[engine]") {
  // 2000 B with an eager limit of 1000 B: the sender's 50 us, its library's 50 us for the request,
  // the receiver library's 50 us on it, 50 us for the reply, 50 us at the sender on its arrival
  // (trips take no time on the switch's zero-latency model), then 2000 B / 10 MB/s = 200 us: 450 us
  // with the receive posted from the start (2 x 100 us more than an eager message).
  const MachineSpec small_eager = cluster({{"short_limit_bytes", "500"}, {"eager_limit_bytes", "1000"}});
  const Run posted = run_one(small_eager, late_receiver(2000, 0));
  REQUIRE(posted.messages[0].end_s == Approx(450e-6).epsilon(1e-9));
  REQUIRE(posted.messages[0].start_s == Approx(450e-6).epsilon(1e-9));  // ch_p4's send returns then
  // Posted at 1 ms, the reply waits for it. ch_p4's receiving program answers the request that
  // came first at its post (rendezvous_receiver = program): its library's 50 us on the request and
  // 50 us on the reply, then the sender's 50 us on the reply and 200 us of data: 1.35 ms.
  const Run late = run_one(small_eager, late_receiver(2000, 1e-3));
  REQUIRE(late.messages[0].end_s == Approx(1350e-6).epsilon(1e-9));
  // With an interrupt-level receiver library the request's 50 us were spent as it arrived (at
  // 100 us), so the reply leaves at 1 ms + 50 us: 1.3 ms.
  const MachineSpec interrupts = cluster({{"short_limit_bytes", "500"}, {"eager_limit_bytes", "1000"},
                                          {"rendezvous_receiver", "library"}});
  REQUIRE(run_one(interrupts, late_receiver(2000, 1e-3)).messages[0].end_s == Approx(1300e-6).epsilon(1e-9));
  // The same 2000 B under the eager protocol would have been in the buffer at 250 us.
  const Run eager = run_one(cluster(), late_receiver(2000, 1e-3));
  REQUIRE(eager.messages[0].start_s == Approx(250e-6).epsilon(1e-9));
  REQUIRE(eager.messages[0].end_s == Approx(1000e-6 + 2000 / 100e6).epsilon(1e-9));
}

TEST_CASE("MPICH ch_p4: the receiving program pays its half of a rendezvous' request and reply at the post", "[engine]") {
  // Node 1 computes 1 ms, posts the receive of a 2000-byte rendezvous message (its request came at
  // 100 us), then computes 0 s and notes the time its post returned (messages[0].start_s). ch_p4:
  // the post answers the request in the program's time, 50 + 50 us: it returns at 1.1 ms. Under an
  // interrupt-level receiver library the post returns at once (1 ms) and the program pays nothing.
  const auto program = scripted(1, [](Node& node, Run& run) {
    if (node.id() == 0) {
      node.wait(node.send(1, 2000, 0, Lane::data, node.costs(2000).send_overhead_s));
    } else if (node.id() == 1) {
      node.compute(1e-3);
      const ReceiveHandle receive = node.post_receive(0);
      run.messages[0].start_s = node.now();
      run.messages[0].end_s = node.wait(receive).arrival_s;
    }
  });
  const std::map<std::string, std::string> small = {{"short_limit_bytes", "500"}, {"eager_limit_bytes", "1000"}};
  const Run polled = run_one(cluster(small), program);
  REQUIRE(polled.messages[0].start_s == Approx(1100e-6).epsilon(1e-9));
  REQUIRE(polled.messages[0].end_s == Approx(1350e-6).epsilon(1e-9));
  auto with_interrupts = small;
  with_interrupts["rendezvous_receiver"] = "library";
  const Run interrupts = run_one(cluster(with_interrupts), program);
  REQUIRE(interrupts.messages[0].start_s == Approx(1000e-6).epsilon(1e-9));
  REQUIRE(interrupts.messages[0].end_s == Approx(1300e-6).epsilon(1e-9));
  // Posted before the request comes (at 0 s), the program is in the library when it does: the
  // times are the same under both (450 us, as above), and the post returns at once.
  const auto early = scripted(1, [](Node& node, Run& run) {
    if (node.id() == 0) {
      node.wait(node.send(1, 2000, 0, Lane::data, node.costs(2000).send_overhead_s));
    } else if (node.id() == 1) {
      const ReceiveHandle receive = node.post_receive(0);
      run.messages[0].start_s = node.now();
      run.messages[0].end_s = node.wait(receive).arrival_s;
    }
  });
  for (const auto& options : {small, with_interrupts}) {
    const Run run = run_one(cluster(options), early);
    REQUIRE(run.messages[0].start_s == Approx(0).margin(1e-12));
    REQUIRE(run.messages[0].end_s == Approx(450e-6).epsilon(1e-9));
  }
}

namespace {
// A CM-5 with round numbers: a CMMD start-up of 100 us (50 us at each end), 8 MB/s.
const MachineSpec round_cm5{"cm5", 32, {{"cmmd_startup_us", "100"}, {"cmmd_bandwidth_MBps", "8"}}};
}  // namespace

TEST_CASE("CMMD 1992: a synchronous send waits for its receiver, CMMD's asynchronous send and CMAML's do not", "[engine]") {
  // 8000 B, node 1 posts at 3 ms. CMMD_send_block returns once the data is in the receive: the
  // rendezvous waits for the post, then 8000 B / 8 MB/s = 1 ms: 4 ms.
  const Run block = run_one(round_cm5, late_receiver(8000, 3e-3));
  REQUIRE(block.messages[0].start_s == Approx(4e-3).epsilon(1e-9));
  REQUIRE(block.messages[0].end_s == Approx(4e-3).epsilon(1e-9));
  // The asynchronous send returns after its 50 us; its data still waits for the receive (no buffer).
  MachineSpec overlapped = round_cm5;
  overlapped.options["cmmd"] = "overlapped";
  const Run async = run_one(overlapped, late_receiver(8000, 3e-3));
  REQUIRE(async.messages[0].start_s == Approx(50e-6).epsilon(1e-9));
  REQUIRE(async.messages[0].end_s == Approx(4e-3).epsilon(1e-9));
  // CMAML scopy: 23 us of start-up (11.5 at the sender), 0.12 us per byte: 960 us after the post.
  const Run scopy = run_one({"cm5", 32, {{"data_messages", "cmaml-scopy"}}}, late_receiver(8000, 3e-3));
  REQUIRE(scopy.messages[0].start_s == Approx(11.5e-6).epsilon(1e-9));
  REQUIRE(scopy.messages[0].end_s == Approx(3e-3 + 960e-6).epsilon(1e-9));
}

TEST_CASE("NX: an unexpected short message and an unexpected long one are copied out of the system buffer at the post", "[engine]") {
  // Two nodes one hop apart. A short message of 80 B: 37.5 us at the sender, the circuit's hop
  // 10 us, 80 B / 2.8 MB/s; in node 1's buffer at 76.07 us. Posted at 1 ms, it is copied out at
  // 40 MB/s: 2 us.
  const MachineSpec cube{"ipsc860", 2, {}};
  const Run short_late = run_one(cube, late_receiver(80, 1e-3));
  REQUIRE(short_late.messages[0].end_s == Approx(1e-3 + 80 / 40e6).epsilon(1e-9));
  const Run short_posted = run_one(cube, late_receiver(80, 0));
  REQUIRE(short_posted.messages[0].end_s == Approx(37.5e-6 + 10e-6 + 80 / 2.8e6).epsilon(1e-9));
  // A long message of 1000 B: 37.5 us, the request (18.75 us, a 10 us hop, 18.75 us), the reply
  // (18.75 us, 10 us, 18.75 us) answered whether or not the receive is posted, then the data's
  // 10 us hop and 1000 B / 2.8 MB/s: at 499.64 us. Posted at 1 ms: copied at 40 MB/s, 25 us.
  const double long_arrival = 37.5e-6 + 4 * 18.75e-6 + 3 * 10e-6 + 1000 / 2.8e6;
  const Run long_posted = run_one(cube, late_receiver(1000, 0));
  REQUIRE(long_posted.messages[0].end_s == Approx(long_arrival).epsilon(1e-9));
  const Run long_late = run_one(cube, late_receiver(1000, 1e-3));
  REQUIRE(long_late.messages[0].end_s == Approx(1e-3 + 1000 / 40e6).epsilon(1e-9));
}

TEST_CASE("The Plan interpreter under MPICH ch_p4: a node ahead by a step writes its message into a busy receiver's buffer", "[engine]") {
  // Loosely synchronous, two phases on 3 nodes: phase 0 is 1 -> 2 (100000 B), phase 1 is 0 -> 2
  // (1000 B). Node 0 has nothing in phase 0 and sends at once: both flows leave at 50 us and share
  // node 2's port (5 MB/s each), so the 1000 B are in node 2's buffer at 250 us, and ch_p4's send
  // returns then; the other 99000 B take 9.9 ms alone: 10.15 ms. Node 2 spends its 50 us, posts
  // phase 1's receive at 10.2 ms and copies 1000 B (10 us): 10.21 ms, then its 50 us.
  // (Messages interleaved at node 2; read one at a time below.)
  const Plan plan = one_message_per_phase(4, {{1, 2, 100000}, {0, 2, 1000}});
  const Run eager = simulate_isolated(cluster({{"reads", "interleaved"}}), {Job{plan, 1}}).at(0);
  REQUIRE(eager.messages[0].end_s == Approx(10150e-6).epsilon(1e-9));
  REQUIRE(eager.messages[1].end_s == Approx(10210e-6).epsilon(1e-9));
  REQUIRE(eager.node_finish_s[0] == Approx(250e-6).epsilon(1e-9));
  REQUIRE(eager.node_finish_s[2] == Approx(10260e-6).epsilon(1e-9));
  // Without a buffer node 0's data waits for that post: 10.2 ms + 100 us, and node 0 is held as long.
  const Run held = simulate_isolated(cluster({{"receive_buffer_bytes", "0"}, {"reads", "interleaved"}}), {Job{plan, 1}}).at(0);
  REQUIRE(held.messages[0].end_s == Approx(10050e-6).epsilon(1e-9));
  REQUIRE(held.messages[1].end_s == Approx(10200e-6).epsilon(1e-9));
  REQUIRE(held.node_finish_s[0] == Approx(10200e-6).epsilon(1e-9));
  // ch_p4 reads one message at a time: node 1's message is read first, node 0's 1000 B fit its socket
  // buffer (in at 250 us, beside it) and are read at its turn, 10.15 ms, where node 0's blocking send
  // returns; node 2's post at 10.2 ms copies them (10 us): the same 10.21 ms.
  const Run read = simulate_isolated(cluster(), {Job{plan, 1}}).at(0);
  REQUIRE(read.messages[0].end_s == Approx(10150e-6).epsilon(1e-9));
  REQUIRE(read.messages[1].end_s == Approx(10210e-6).epsilon(1e-9));
  REQUIRE(read.node_finish_s[0] == Approx(10150e-6).epsilon(1e-9));
}

TEST_CASE("The Plan interpreter under MPICH ch_p4: a full receive buffer holds a node two steps ahead until the receiver takes its first message", "[engine]") {
  // Loosely synchronous on 4 nodes: phase 0 is 1 -> 2 (100000 B), phases 1 and 2 are 0 -> 2 (1000 B
  // each). Node 0 has nothing in phase 0; its first message leaves at 50 us beside phase 0's (5 MB/s
  // each at node 2's port) and is in node 2's buffer at 250 us, where ch_p4's send returns.
  const Plan plan = one_message_per_phase(4, {{1, 2, 100000}, {0, 2, 1000}, {0, 2, 1000}});
  // A 1500-byte buffer: the second message (ready at 250 + 50 = 300 us) does not fit and waits. Phase
  // 0's message runs alone after 250 us: 1000 B by then, 99000 B at 10 MB/s, 10.15 ms. Node 2 spends
  // 50 us, posts phase 1's receive at 10.2 ms: the buffer empties (its copy, 1000 B at 100 MB/s,
  // ends at 10.21 ms) and the second message leaves at 10.2 ms, in 100 us: 10.3 ms, where node 0's
  // send returns. Node 2 posted phase 2's receive at 10.21 + 0.05 = 10.26 ms, before it arrived: no
  // copy; its 50 us end the run at 10.35 ms.
  // (Messages interleaved at node 2, as these times are worked out.)
  const Run full =
      simulate_isolated(cluster({{"receive_buffer_bytes", "1500"}, {"reads", "interleaved"}}), {Job{plan, 1}}).at(0);
  REQUIRE(full.messages[0].end_s == Approx(10150e-6).epsilon(1e-9));
  REQUIRE(full.messages[1].end_s == Approx(10210e-6).epsilon(1e-9));
  REQUIRE(full.messages[2].end_s == Approx(10300e-6).epsilon(1e-9));
  REQUIRE(full.node_finish_s[0] == Approx(10300e-6).epsilon(1e-9));
  REQUIRE(full.node_finish_s[2] == Approx(10350e-6).epsilon(1e-9));
  // With room for both, the second message leaves at 300 us and shares node 2's port with phase 0's
  // (5 MB/s): in the buffer at 500 us, where node 0 is done. Phase 0's message: 1000 B by 250 us,
  // 500 B alone to 300 us, 1000 B shared to 500 us, then 97500 B alone: 10.25 ms. Node 2 posts at
  // 10.3 ms and copies (10 us): 10.31 ms; its 50 us, the post of phase 2 at 10.36 ms, the copy:
  // 10.37 ms, its 50 us: 10.42 ms.
  const Run roomy = simulate_isolated(cluster({{"reads", "interleaved"}}), {Job{plan, 1}}).at(0);
  REQUIRE(roomy.messages[0].end_s == Approx(10250e-6).epsilon(1e-9));
  REQUIRE(roomy.messages[1].end_s == Approx(10310e-6).epsilon(1e-9));
  REQUIRE(roomy.messages[2].end_s == Approx(10370e-6).epsilon(1e-9));
  REQUIRE(roomy.node_finish_s[0] == Approx(500e-6).epsilon(1e-9));
  REQUIRE(roomy.node_finish_s[2] == Approx(10420e-6).epsilon(1e-9));
}

TEST_CASE("The Plan interpreter under CMMD 1992: a node with nothing to do in a phase waits in CMMD_send_block until its receiver posts", "[engine]") {
  // Loosely synchronous on the round-number CM-5: phase 0 is 1 -> 2, phase 1 is 0 -> 2, phase 2 is
  // 0 -> 3, 8000 B each (1 ms at 8 MB/s). Node 0 has nothing in phase 0 and calls CMMD_send_block at
  // once; its rendezvous waits for node 2, which posts phase 1's receive only after phase 0's message
  // (50 us + 1 ms = 1.05 ms) and its 50 us: 1.1 ms. Node 0's data then takes 1 ms (2.1 ms), and its
  // send returns only then; phase 2's message: its 50 us, node 3 posted from the start, 1 ms: 3.15 ms.
  const Plan plan = one_message_per_phase(32, {{1, 2, 8000}, {0, 2, 8000}, {0, 3, 8000}});
  const Run cmmd = simulate_isolated(round_cm5, {Job{plan, 1}}).at(0);
  REQUIRE(cmmd.messages[0].end_s == Approx(1050e-6).epsilon(1e-9));
  REQUIRE(cmmd.messages[1].start_s == Approx(0).margin(1e-12));  // the call, at once
  REQUIRE(cmmd.messages[1].end_s == Approx(2100e-6).epsilon(1e-9));
  REQUIRE(cmmd.messages[2].start_s == Approx(2100e-6).epsilon(1e-9));
  REQUIRE(cmmd.messages[2].end_s == Approx(3150e-6).epsilon(1e-9));
  REQUIRE(cmmd.node_finish_s[0] == Approx(3150e-6).epsilon(1e-9));
  REQUIRE(cmmd.node_finish_s[2] == Approx(2150e-6).epsilon(1e-9));
  // CMAML scopy's send returns at once, but the CM-5 has no buffer for data that comes before its
  // receive, so node 0 waits as long for its data to leave: 11.5 us + 960 us for phase 0 (971.5 us),
  // node 2's 11.5 us, then 960 us (1943 us), node 0's 11.5 us and 960 us for phase 2 (2914.5 us).
  const Run cmaml = simulate_isolated({"cm5", 32, {{"data_messages", "cmaml-scopy"}}}, {Job{plan, 1}}).at(0);
  REQUIRE(cmaml.messages[0].end_s == Approx(971.5e-6).epsilon(1e-9));
  REQUIRE(cmaml.messages[1].end_s == Approx(1943e-6).epsilon(1e-9));
  REQUIRE(cmaml.messages[2].end_s == Approx(2914.5e-6).epsilon(1e-9));
}

TEST_CASE("DRS under CMMD's rendezvous and under CMAML: the same protocol, each library's calls and costs", "[engine]") {
  // One message 0 -> 1 of 8000 B on a 32-node CM-5, receive vectors given. Node 0 asks for node
  // 1's lock (test-and-set: a control message there and one back), sends, releases the lock.
  const CommMatrix m(32, {{0, 1, 8000}});
  DrsOptions o;
  o.exchange_vectors = false;
  // CMMD, 100 us start-up, 8 MB/s: each control message costs 50 us at each end and 16 B / 8 MB/s
  // = 2 us on the wire, so the lock takes 2 x 102 us = 204 us; then CMMD_send_block: its 50 us,
  // the rendezvous (node 1 posted its receive at the start), 8000 B / 8 MB/s: 1254 us; node 1
  // takes its 50 us (1304 us), node 0 spends 50 us on the release (1304 us).
  o.seconds_per_byte = 1 / 8e6;
  const Run cmmd = run_one(round_cm5, distributed_random_scheduling(m, o));
  REQUIRE(cmmd.messages.at(0).end_s == Approx(1254e-6).epsilon(1e-9));
  REQUIRE(cmmd.node_finish_s[0] == Approx(1304e-6).epsilon(1e-9));
  REQUIRE(cmmd.node_finish_s[1] == Approx(1304e-6).epsilon(1e-9));
  // CMAML: active messages of 1.6 us and 1.7 us, 16 B at 1 / 0.12 us per byte (1.92 us), so the
  // lock takes 2 x 5.22 us; scopy spends 11.5 us and moves 0.12 us per byte: 960 us.
  o.seconds_per_byte = 0.12e-6;
  const Run cmaml = run_one({"cm5", 32, {{"control_messages", "cmaml"}, {"data_messages", "cmaml-scopy"}}},
                            distributed_random_scheduling(m, o));
  const double lock = 2 * (1.6e-6 + 16 * 0.12e-6 + 1.7e-6);
  REQUIRE(cmaml.messages.at(0).end_s == Approx(lock + 11.5e-6 + 960e-6).epsilon(1e-9));
  REQUIRE(cmaml.node_finish_s[1] == Approx(lock + 11.5e-6 + 960e-6 + 11.5e-6).epsilon(1e-9));
}

TEST_CASE("Modified linear permutation posts its receives ahead: under CMMD's synchronous sends its exchanges move both ways at once, as with asynchronous calls", "[engine]") {
  // Nodes 0 and 1 exchange 80000 B in step 1. Both post their receive before either sends, so a
  // synchronous send never waits for its partner's post: both directions share the nodes' CMMD
  // rates at once, as with sends that return at once, and the two runs agree. (Were the receives
  // counted only when waited for, the two synchronous sends would wait for each other for ever;
  // in turn, as the Plan interpreter's blocking calls go, the second message would end 10 ms
  // after the first.)
  const CommMatrix m(32, {{0, 1, 80000}, {1, 0, 80000}});
  MachineSpec overlapped = round_cm5;
  overlapped.options["cmmd"] = "overlapped";
  const Run synchronous = run_one(round_cm5, modified_lp_program(m));
  const Run posted = run_one(overlapped, modified_lp_program(m));
  REQUIRE(synchronous.messages.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    INFO("message " << k);
    REQUIRE(synchronous.messages[k].end_s == Approx(posted.messages[k].end_s).epsilon(1e-9));
  }
  // Both moved at once: each took about 2 x 80000 B / 8 MB/s = 20 ms after its send, not 10 ms
  // after the other's end.
  REQUIRE(std::abs(synchronous.messages[0].end_s - synchronous.messages[1].end_s) < 1e-3);
}

TEST_CASE("Two-stage and the all-to-all exchange under MPICH ch_p4 on two nodes: the length vectors, one step, the barrier", "[engine]") {
  // One message 0 -> 1 of 8000 B (2000 elements of 4 B) on the round-number cluster (control
  // messages 50 us at each end, 16 B on the wire: 1.6 us; a barrier of ceil(log2 2) = 1 latency:
  // 100 us, given as an option, since the default counts the published 120 us whatever latency_us
  // says). Both programs post each step's receive before its send, so ch_p4's buffer is never used.
  const CommMatrix m(2, {{0, 1, 8000}});
  MachineSpec two = cluster({{"barrier_us", "100"}});
  two.nodes = 2;
  // All-to-all: t/p = 1000 elements each way, 4000 B. The length vectors: 50 + 1.6 + 50 us = 101.6 us.
  // Step 1: 50 us, 4000 B at 10 MB/s both ways at once (full-duplex ports): 551.6 us; the
  // receiver's 50 us, the barrier's 100 us: 701.6 us.
  const Run all = run_one(two, all_to_all_same_traffic(m, 4));
  REQUIRE(all.messages.size() == 2);
  for (const MessageRecord& r : all.messages) REQUIRE(r.end_s == Approx(551.6e-6).epsilon(1e-9));
  REQUIRE(all.node_finish_s[0] == Approx(701.6e-6).epsilon(1e-9));
  REQUIRE(all.node_finish_s[1] == Approx(701.6e-6).epsilon(1e-9));
  // Two-stage: the message in 2 parts of 1000 elements; node 0 keeps one for stage 2 and sends the
  // other to node 1 in stage 1, each with 2p + 1 = 5 header words: 4020 B, 402 us. Stage 1: the
  // vectors (101.6 us), 50 us, 402 us (553.6 us), node 1's 50 us, the barrier: 703.6 us. Stage 2 the
  // same from there: 805.2, 855.2, 1257.2 us at node 1, then 50 us and the barrier: 1407.2 us.
  const Run two_stage_run = run_one(two, two_stage(m, 4, 3));
  REQUIRE(two_stage_run.messages.size() == 2);
  REQUIRE(two_stage_run.messages[0].end_s == Approx(553.6e-6).epsilon(1e-9));
  REQUIRE(two_stage_run.messages[1].end_s == Approx(1257.2e-6).epsilon(1e-9));
  REQUIRE(two_stage_run.node_finish_s[0] == Approx(1407.2e-6).epsilon(1e-9));
  REQUIRE(two_stage_run.node_finish_s[1] == Approx(1407.2e-6).epsilon(1e-9));
}

TEST_CASE("Every node program runs under every bundled machine's library and delivers every message", "[engine]") {
  // A small bounded-traffic matrix (each node sends 3 messages) on each machine at the node count
  // its programs take; every message has arrived after it was sent, and each machine's run ends
  // after the busiest node's bytes could have crossed its fastest link.
  const std::vector<MachineSpec> machines = {
      round_cm5, {"cm5", 32, {{"control_messages", "cmaml"}, {"data_messages", "cmaml-scopy"}}},
      {"ipsc860", 32, {}}, {"ethernet-cluster", 32, {}}, {"cp-pacs", 64, {}}};
  for (const MachineSpec& spec : machines) {
    std::vector<MatrixEntry> entries;
    for (int i = 0; i < spec.nodes; ++i)
      for (int k = 1; k <= 3; ++k) entries.push_back({i, (i + 5 * k) % spec.nodes, 4096});
    const CommMatrix m(spec.nodes, entries);
    std::vector<std::pair<std::string, ProgramFactory>> programs = {
        {"modified LP", modified_lp_program(m)},
        {"two-stage", two_stage(m, 4, 3)},
        {"all-to-all", all_to_all_same_traffic(m, 4)},
        {"DRS", distributed_random_scheduling(m, {false, true, 7, 1e-7})},
        {"DRS+improvements", distributed_random_scheduling(m, {true, true, 7, 1e-7})}};
    for (auto& [name, program] : programs) {
      INFO(spec.name << " " << (spec.options.empty() ? "" : spec.options.begin()->second) << ": " << name);
      const Run run = run_one(spec, program);
      REQUIRE_FALSE(run.messages.empty());
      for (const MessageRecord& r : run.messages) REQUIRE(r.end_s >= r.start_s);
      REQUIRE(run.communication_time() > 3 * 4096 / 300e6);
    }
  }
}
