// The executor on the simulated CM-5: times that can be worked out by hand.
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;
using test::end_of;
using test::one_phase;

namespace {
constexpr double startup = 88e-6;  // CMMD start-up (Ponnusamy et al. 1992)
constexpr double bandwidth = 8.06e6;  // CMMD bandwidth (Dongarra et al. 1995)
constexpr double barrier = 4e-6;
const MachineSpec cm5{"cm5", 32, {}};
}  // namespace

TEST_CASE("One message between two nodes takes latency + bytes / bandwidth", "[engine]") {
  const std::uint64_t bytes = 16000;  // a whole number of 16-byte packets
  const auto runs = simulate_isolated(
      cm5, {Job{one_phase(32, Strategy::loosely_synchronous, {{0, 1, bytes}}), 1},
            Job{one_phase(32, Strategy::loosely_synchronous, {{0, 16, bytes}}), 2},
            Job{one_phase(32, Strategy::loosely_synchronous, {{0, 1, 1000}}), 3}});
  // Within a group of 4 (2 wires) and across the top of the tree (6 wires): the CMMD rate is the
  // bottleneck either way, and the executor's time is the same.
  for (int k : {0, 1}) {
    REQUIRE(runs[k].communication_time() == Approx(startup + bytes / bandwidth).epsilon(1e-9));
    REQUIRE(runs[k].messages[0].end_s == Approx(startup / 2 + bytes / bandwidth).epsilon(1e-9));
    REQUIRE(runs[k].messages[0].start_s == 0.0);
  }
  // 1000 bytes travel as 63 packets of 16 bytes.
  REQUIRE(runs[2].communication_time() == Approx(startup + 1008 / bandwidth).epsilon(1e-9));
}

TEST_CASE("Two messages into one node share its interface equally, whatever their route length", "[engine]") {
  const MachineSpec no_overhead{"cm5", 32, {{"cmmd_startup_us", "0"}}};
  const std::uint64_t bytes = 160000;
  const auto runs = simulate_isolated(
      no_overhead, {Job{one_phase(32, Strategy::asynchronous, {{2, 1, bytes}, {16, 1, bytes}}, false), 1}});
  // 2 -> 1 crosses 2 wires, 16 -> 1 crosses 6: max-min sharing gives each half the rate anyway.
  REQUIRE(runs[0].messages[0].end_s == Approx(2 * bytes / bandwidth).epsilon(1e-9));
  REQUIRE(runs[0].messages[1].end_s == Approx(2 * bytes / bandwidth).epsilon(1e-9));
}

TEST_CASE("A pairwise exchange under CMMD's blocking calls is two rendezvous in turn", "[engine]") {
  // Node 0 (the lower) sends first: its half start-up, node 1's receive is posted, the bytes, node
  // 1's half start-up; then node 1 sends the same way and node 0 receives: 2 x (start-up + bytes).
  const std::uint64_t bytes = 80000;
  const Plan exchange = one_phase(32, Strategy::loosely_synchronous, {{0, 1, bytes}, {1, 0, bytes}});
  const auto runs = simulate_isolated(cm5, {Job{exchange, 1}});
  REQUIRE(runs[0].communication_time() == Approx(2 * (startup + bytes / bandwidth)).epsilon(1e-9));
  REQUIRE(end_of(runs[0], 0, 1) == Approx(startup / 2 + bytes / bandwidth).epsilon(1e-9));
  REQUIRE(end_of(runs[0], 1, 0) == Approx(startup * 3 / 2 + 2 * bytes / bandwidth).epsilon(1e-9));
}

TEST_CASE("Blocking sends around a cycle alternate send-first and receive-first, and cannot deadlock", "[engine]") {
  // 0 -> 5 -> 9 -> 0 in one phase; T = bytes / bandwidth = 992 us, s = start-up. From the lowest
  // node: 0 sends first, 5 receives first, 9 sends first. 0 -> 5 arrives at s/2 + T; node 0 then
  // posts its receive and 9's bytes follow: s/2 + 2T; node 9 then posts its receive and 5 (ready to
  // send since s + s/2 + T, earlier as T > s) sends: s/2 + 3T. Any two messages of a 3-cycle share a
  // node, so three in turn is the least blocking calls allow.
  const std::uint64_t bytes = 8000;
  const Plan cycle = one_phase(32, Strategy::loosely_synchronous, {{0, 5, bytes}, {5, 9, bytes}, {9, 0, bytes}});
  const auto runs = simulate_isolated(cm5, {Job{cycle, 1}});
  const double t = bytes / bandwidth;
  REQUIRE(end_of(runs[0], 0, 5) == Approx(startup / 2 + t).epsilon(1e-9));
  REQUIRE(end_of(runs[0], 9, 0) == Approx(startup / 2 + 2 * t).epsilon(1e-9));
  REQUIRE(end_of(runs[0], 5, 9) == Approx(startup / 2 + 3 * t).epsilon(1e-9));
  // A 4-cycle alternates fully, two messages at a time: 0 -> 5 and 9 -> 12 at s/2 + T; then 5 and 12
  // spend their receive and send halves of the start-up and send: 3s/2 + 2T.
  const Plan four = one_phase(32, Strategy::loosely_synchronous,
                              {{0, 5, bytes}, {5, 9, bytes}, {9, 12, bytes}, {12, 0, bytes}});
  const auto even = simulate_isolated(cm5, {Job{four, 1}});
  REQUIRE(end_of(even[0], 0, 5) == Approx(startup / 2 + t).epsilon(1e-9));
  REQUIRE(end_of(even[0], 9, 12) == Approx(startup / 2 + t).epsilon(1e-9));
  REQUIRE(end_of(even[0], 12, 0) == Approx(startup * 3 / 2 + 2 * t).epsilon(1e-9));
  REQUIRE(end_of(even[0], 5, 9) == Approx(startup * 3 / 2 + 2 * t).epsilon(1e-9));
}

TEST_CASE("Overlapped CMMD calls: shared node interface serialises an exchange's bytes, duplex does not", "[engine]") {
  const std::uint64_t bytes = 80000;
  const Plan exchange = one_phase(32, Strategy::loosely_synchronous, {{0, 1, bytes}, {1, 0, bytes}});
  const auto shared = simulate_isolated({"cm5", 32, {{"cmmd", "overlapped"}}}, {Job{exchange, 1}});
  const auto duplex =
      simulate_isolated({"cm5", 32, {{"cmmd", "overlapped"}, {"node_interface", "duplex"}}}, {Job{exchange, 1}});
  REQUIRE(shared[0].communication_time() == Approx(startup + 2 * bytes / bandwidth).epsilon(1e-9));
  REQUIRE(duplex[0].communication_time() == Approx(startup + bytes / bandwidth).epsilon(1e-9));
}

TEST_CASE("Phase-synchronous runs pay a barrier after every phase, loosely synchronous ones do not", "[engine]") {
  const std::uint64_t bytes = 32000;
  Plan plan;
  plan.nodes = 32;
  plan.phases = {Phase{{{0, 1, bytes}}, true}, Phase{{{1, 0, bytes}}, true}};
  plan.strategy = Strategy::phase_synchronous;
  Plan loose = plan;
  loose.strategy = Strategy::loosely_synchronous;
  const auto runs = simulate_isolated(cm5, {Job{plan, 1}, Job{loose, 1}});
  const double one = startup + bytes / bandwidth;
  REQUIRE(runs[0].communication_time() == Approx(2 * (one + barrier)).epsilon(1e-9));
  // Every node, even an idle one, leaves the last barrier at the same time.
  REQUIRE(runs[0].node_finish_s[7] == Approx(2 * (one + barrier)).epsilon(1e-9));
  REQUIRE(runs[1].communication_time() == Approx(2 * one).epsilon(1e-9));
  REQUIRE(runs[1].node_finish_s[7] == 0.0);
}

// A round's barrier is joined only by the nodes that can arrive last (plan_program.cpp,
// count_barrier_members); its instant must still be the whole job's. Nodes 4 and 5 have nothing
// before phase 2 and phase 1 is empty: 4 -> 5 starts only after phase 0 and two barriers.
TEST_CASE("A phase-synchronous round starts after every earlier round and barrier, even after an empty one",
          "[engine]") {
  const std::uint64_t bytes = 32000;
  Plan plan;
  plan.nodes = 32;
  plan.phases = {Phase{{{2, 3, bytes}}, true}, Phase{}, Phase{{{4, 5, bytes}}, true}, Phase{{{0, 1, bytes}}, true}};
  plan.strategy = Strategy::phase_synchronous;
  const auto runs = simulate_isolated(cm5, {Job{plan, 1}});
  const double one = startup + bytes / bandwidth;
  REQUIRE(runs[0].messages[1].start_s == Approx(one + 2 * barrier).epsilon(1e-9));
  REQUIRE(runs[0].messages[2].start_s == Approx(2 * one + 3 * barrier).epsilon(1e-9));
  REQUIRE(runs[0].communication_time() == Approx(3 * one + 4 * barrier).epsilon(1e-9));
  for (double finish : runs[0].node_finish_s) REQUIRE(finish == Approx(3 * one + 4 * barrier).epsilon(1e-9));
}

TEST_CASE("A subtree's up-links bound the traffic that leaves it", "[engine]") {
  // 16 nodes of one group of 16 each send to the other group; with a fast CMMD the fat tree is the
  // bottleneck: 16 x 5 MB/s = 80 MB/s leave a group of 16.
  const MachineSpec fast{"cm5", 32, {{"cmmd_startup_us", "0"}, {"cmmd_bandwidth_MBps", "1000"}}};
  const std::uint64_t bytes = 800000;
  std::vector<PlannedMessage> messages;
  for (int i = 0; i < 16; ++i) messages.push_back({i, i + 16, bytes});
  const auto runs = simulate_isolated(fast, {Job{one_phase(32, Strategy::loosely_synchronous, messages), 3}});
  const double bound = 16.0 * bytes / 80e6;
  REQUIRE(runs[0].communication_time() >= bound * (1 - 1e-9));
  // Random up-links collide, but never worse than all 16 messages on one 10 MB/s wire.
  REQUIRE(runs[0].communication_time() <= 16.0 * bytes / 10e6);
}

// Inside one engine the second run starts at a later absolute clock, and SimGrid rounds event times
// to its absolute precision (surf/precision, 1e-9 s): durations agree to a few ns, not bit for bit. That is why mcsim gives every task a
// fresh process (sim/runner/isolated.hpp): byte-identical output needs runs that start at time 0.
TEST_CASE("Same plan and routing seed, same run, inside one engine", "[engine]") {
  Rng gen(21);
  const CommMatrix m = random_density_matrix(32, 8, gen).scaled(1024);
  Rng rng(4);
  const Plan plan = run_scheduler(find_scheduler("AC", "t"), {m, {}, rng}).plan;
  const auto runs = simulate_isolated(cm5, {Job{plan, 99}, Job{plan, 99}});
  REQUIRE(runs[0].messages.size() == m.size());
  REQUIRE(runs[0].communication_time() > 0);
  for (std::size_t i = 0; i < runs[0].messages.size(); ++i) {
    REQUIRE(runs[0].messages[i].start_s == Approx(runs[1].messages[i].start_s).margin(1e-8));
    REQUIRE(runs[0].messages[i].end_s == Approx(runs[1].messages[i].end_s).margin(1e-8));
  }
  for (int node = 0; node < 32; ++node)
    REQUIRE(runs[0].node_finish_s[node] == Approx(runs[1].node_finish_s[node]).margin(1e-8));
}
