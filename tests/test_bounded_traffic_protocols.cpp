// Distributed random scheduling and the two-stage algorithm (Ranka, Shankar, Alsabti 1995) run as
// node programs on the simulated CM-5: lock and timing behaviour worked out by hand, termination and
// delivery on generated matrices, one receiver never fed by two senders at once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "helpers.hpp"
#include "schedulers/distributed_random_scheduling.hpp"
#include "schedulers/two_stage.hpp"
#include "sim/core/traffic_parameters.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;

namespace {

// The CM-5 of tests/test_node_programs.cpp (100 us CMMD start-up, 50 us at each end, 8 MB/s, so a
// 16-byte packet crosses an idle network in 2 us) with CMAML active messages: 1.6 us to send, 1.7 us
// to receive.
const MachineSpec round_cm5{"cm5", 32, {{"cmmd_startup_us", "100"}, {"cmmd_bandwidth_MBps", "8"},
                                         {"control_messages", "cmaml"}}};
// The CM-5 as the reproductions run it: CMAML active messages and scopy data.
const MachineSpec cmaml_cm5{"cm5", 32, {{"control_messages", "cmaml"}, {"data_messages", "cmaml-scopy"}}};
constexpr double scopy_send_overhead = 11.5e-6;  // half of scopy's 23 us

DrsOptions hand_options(bool improvements) {
  DrsOptions o;
  o.improvements = improvements;
  o.exchange_vectors = false;  // the receive vectors are known: only the protocol is timed
  o.seed = 1;
  o.seconds_per_byte = 1 / 8e6;
  return o;
}

// Messages of a run per receiver, as (data start, arrival): the data leaves the sender after its
// send overhead.
std::map<int, std::vector<std::pair<double, double>>> transfers_by_receiver(const Run& run, double send_overhead) {
  std::map<int, std::vector<std::pair<double, double>>> by;
  for (const auto& m : run.messages) by[m.dst].emplace_back(m.start_s + send_overhead, m.end_s);
  for (auto& [dst, list] : by) std::sort(list.begin(), list.end());
  return by;
}

// The largest time two transfers to one receiver were on the network together, and the most
// transfers into one receiver at one time.
double worst_overlap(const Run& run, double send_overhead) {
  double worst = 0;
  for (const auto& [dst, list] : transfers_by_receiver(run, send_overhead))
    for (std::size_t k = 1; k < list.size(); ++k) worst = std::max(worst, list[k - 1].second - list[k].first);
  return worst;
}
int most_at_once(const Run& run, double send_overhead) {
  int most = 0;
  for (const auto& [dst, list] : transfers_by_receiver(run, send_overhead))
    for (const auto& [start, end] : list) {
      const auto at_once = std::count_if(list.begin(), list.end(), [&](const auto& other) {
        return other.first <= start && other.second > start;
      });
      most = std::max(most, static_cast<int>(at_once));
    }
  return most;
}

void require_every_message_once(const Run& run, const CommMatrix& m) {
  std::vector<MatrixEntry> sent;
  for (const auto& r : run.messages) {
    REQUIRE(r.end_s > r.start_s);
    sent.push_back({r.src, r.dst, r.bytes});
  }
  std::sort(sent.begin(), sent.end(), [](const MatrixEntry& a, const MatrixEntry& b) {
    return a.src != b.src ? a.src < b.src : a.dst < b.dst;
  });
  REQUIRE(sent == m.entries());
}

}  // namespace

TEST_CASE("DRS by hand, 2 nodes: the lock costs one active-message round trip before the data", "[engine]") {
  // Node 0 sends node 1 8000 bytes. Test-and-set: 1.6 us to send the request, 2 us on the wire, 1.7 us
  // for node 1's handler, which sets the lock and answers: 1.6 + 2 + 1.7 us more; node 0 holds the lock
  // at 10.6 us. The data: 50 us send overhead, 8000 B / 8 MB/s = 1000 us: it has arrived at 1060.6 us.
  // Node 0 resets the lock (1.6 us) and is done at 1062.2 us; node 1 pays its 50 us: 1110.6 us.
  const CommMatrix m(32, {{0, 1, 8000}});
  const Run run = simulate_isolated(round_cm5, {Job::running(distributed_random_scheduling(m, hand_options(false)))}).at(0);
  REQUIRE(run.messages.size() == 1);
  CHECK(run.messages[0].start_s == Approx(10.6e-6).epsilon(1e-9));
  CHECK(run.messages[0].end_s == Approx(1060.6e-6).epsilon(1e-9));
  CHECK(run.node_finish_s[0] == Approx(1062.2e-6).epsilon(1e-9));
  CHECK(run.communication_time() == Approx(1110.6e-6).epsilon(1e-9));
}

TEST_CASE("DRS with its improvements by hand, 3 nodes: the busy answer, the sleep and the go-ahead", "[engine]") {
  // Nodes 0 and 1 each send node 2 8000 bytes; node 2's CMMD interface (8 MB/s) is shared by all it
  // sends and receives.
  //  0     both requests leave (1.6 us), share node 2's interface (16 B at 4 MB/s each: 4 us), arrive
  //        at 5.6 us. The first handler (1.7 us) gives the winner the lock at 7.3 us, expecting it
  //        busy for 50 + 1000 us, until 1057.3; its reply costs it 1.6 us, 2 us on the wire, 1.7 us
  //        at the winner: the winner starts its send at 12.6 us; its data leaves at 62.6 us.
  //  8.9   the second handler starts (the first has sent its reply), at 10.6 us it answers "busy
  //        for 1046.7 us"; reply out at 12.2, in at 14.2, handled at 15.9 us. The loser will not ask
  //        before 15.9 + 1046.7 - 50 (the go-ahead lead: its own send overhead) = 1012.6 us, and as
  //        node 2 is its only destination, it sleeps until then.
  //  1012.6 the new request leaves at 1014.2 and shares node 2's interface with the winner's data
  //        (4 us instead of 2), handled at 1019.9 us: the current transfer is expected to end within
  //        37.4 us < 50 us, so the go-ahead is given; the reply leaves at 1021.5, shares the
  //        interface again (4 us), and at 1027.2 us the loser starts its send.
  //  The winner's data lost 2 x 2 us to the two control messages: it arrives at 1066.6 us, before
  //  the loser's data leaves (1077.2 us), which arrives at 2077.2 us. Node 2 pays 50 us for each
  //  message as it takes it: done at 2127.2 us. The winner resets the lock at 1068.2 us (the
  //  handler leaves it to the loser, who holds it now); the loser at 2078.8 us.
  const CommMatrix m(32, {{0, 2, 8000}, {1, 2, 8000}});
  const Run run = simulate_isolated(round_cm5, {Job::running(distributed_random_scheduling(m, hand_options(true)))}).at(0);
  REQUIRE(run.messages.size() == 2);
  const auto& winner = run.messages[0];
  const auto& loser = run.messages[1];
  REQUIRE(winner.src != loser.src);
  CHECK(winner.start_s == Approx(12.6e-6).epsilon(1e-9));
  CHECK(winner.end_s == Approx(1066.6e-6).epsilon(1e-9));
  CHECK(loser.start_s == Approx(1027.2e-6).epsilon(1e-9));
  CHECK(loser.end_s == Approx(2077.2e-6).epsilon(1e-9));
  CHECK(run.node_finish_s[static_cast<std::size_t>(winner.src)] == Approx(1068.2e-6).epsilon(1e-9));
  CHECK(run.node_finish_s[static_cast<std::size_t>(loser.src)] == Approx(2078.8e-6).epsilon(1e-9));
  CHECK(run.communication_time() == Approx(2127.2e-6).epsilon(1e-9));
  // What the nodes did besides, as `mcsim timeline` draws it: the loser waited on the lock twice
  // (0-15.9 us, 1012.6-1027.2 us) and slept in between.
  std::vector<NodeSpan> loser_spans;
  for (const auto& span : run.spans)
    if (span.node == loser.src) loser_spans.push_back(span);
  REQUIRE(loser_spans.size() == 3);
  CHECK(loser_spans[0].activity == "lock");
  CHECK(loser_spans[0].end_s == Approx(15.9e-6).epsilon(1e-9));
  CHECK(loser_spans[1].activity == "sleep");
  CHECK(loser_spans[1].start_s == Approx(15.9e-6).epsilon(1e-9));
  CHECK(loser_spans[1].end_s == Approx(1012.6e-6).epsilon(1e-9));
  CHECK(loser_spans[2].activity == "lock");
  CHECK(loser_spans[2].end_s == Approx(1027.2e-6).epsilon(1e-9));
}

TEST_CASE("DRS without improvements, 3 nodes: the loser spins on the lock and sends only after the reset", "[engine]") {
  const CommMatrix m(32, {{0, 2, 8000}, {1, 2, 8000}});
  const Run run = simulate_isolated(round_cm5, {Job::running(distributed_random_scheduling(m, hand_options(false)))}).at(0);
  REQUIRE(run.messages.size() == 2);
  const auto& winner = run.messages[0];
  const auto& loser = run.messages[1];
  // The winner holds the lock after the first handler's round trip, as with the improvements.
  CHECK(winner.start_s == Approx(12.6e-6).epsilon(1e-9));
  // Its data is slowed by the loser's requests and answers crossing node 2's interface meanwhile.
  CHECK(winner.end_s > 1062.6e-6);
  // The loser can have the lock only after the winner's data has arrived, the reset has been sent
  // (1.6 us), crossed (2 us) and handled (1.7 us), then a request handled (at least its 1.7 us; it
  // may have been waiting) and answered (1.6 + 2 + 1.7 us): 12.3 us after the arrival at the least.
  CHECK(loser.start_s >= winner.end_s + 12.3e-6 - 1e-12);
  CHECK(loser.start_s + 50e-6 >= winner.end_s);  // never two transfers into node 2 at once
}

TEST_CASE("DRS terminates and delivers every message once on generated matrices, one sender per receiver at a time", "[engine]") {
  struct Case {
    int k;
    double l;
    std::uint64_t t;
    double keep;
  };
  for (const Case& c : {Case{32, 1.0 / 32, 31 * 32, 1}, Case{2, 0.5, 1024, 1}, Case{8, 0.25, 1024, 0.5}}) {
    for (std::uint64_t seed : {1, 2}) {
      Rng rng(seed);
      const CommMatrix m = bounded_traffic_matrix(32, c.k, c.l, c.t, c.keep, rng, "test").scaled(4);
      for (bool improvements : {false, true}) {
        INFO("k " << c.k << " keep " << c.keep << " seed " << seed << " improvements " << improvements);
        DrsOptions o;
        o.improvements = improvements;
        o.seed = seed;
        o.seconds_per_byte = 0.12e-6;
        const Run run = simulate_isolated(cmaml_cm5, {Job::running(distributed_random_scheduling(m, o))}).at(0);
        require_every_message_once(run, m);
        if (improvements) {
          // The go-ahead starts the next transfer when the current one is expected to end (its bytes at
          // the nominal rate); where the receiver's interface is shared with its own sends the current
          // one runs longer, and the two overlap. Never a third.
          REQUIRE(most_at_once(run, scopy_send_overhead) <= 2);
        } else {
          REQUIRE(worst_overlap(run, scopy_send_overhead) <= 0);
          REQUIRE(most_at_once(run, scopy_send_overhead) == 1);
        }
      }
    }
  }
}

TEST_CASE("Two-stage on the simulated CM-5: two modified-LP stages, bounded messages, every element delivered", "[engine]") {
  for (const auto& [k, l, keep] : {std::tuple{32, 1.0 / 32, 1.0}, std::tuple{2, 0.5, 1.0}, std::tuple{8, 0.25, 0.6}}) {
    Rng rng(3);
    const CommMatrix elements = bounded_traffic_matrix(32, k, l, 4096, keep, rng, "test");
    const std::uint64_t t = traffic_parameters(elements).t;
    // The program checks the reassembly at every destination and the stage-1 bound; it throws
    // (and the simulation fails) if either does not hold.
    const Run run = simulate_isolated(cmaml_cm5, {Job::running(two_stage(elements.scaled(4), 4, 9))}).at(0);
    const std::uint64_t header = two_stage_header_words(32);
    std::uint64_t stage1_elements = 0;
    for (const auto& m : run.messages) {
      REQUIRE(m.bytes % 4 == 0);
      REQUIRE(m.end_s > m.start_s);
      const std::uint64_t data = m.bytes / 4 - header;  // the length words are real bytes
      if (m.phase < 32) {
        REQUIRE(data <= (t + 31) / 32);
        stage1_elements += data;
      } else {
        REQUIRE(m.phase > 32);
        REQUIRE(data <= t / 32 + 32);
      }
    }
    // Stage 1 moves everything but what stays at its source (one part in p).
    std::uint64_t total = 0;
    for (const auto& e : elements.entries()) total += e.bytes;
    REQUIRE(stage1_elements < total);
    REQUIRE(stage1_elements > total - total / 16);
  }
}

TEST_CASE("Two-stage without barriers (a what-if) still delivers every element, and waits at no barrier", "[engine]") {
  Rng rng(5);
  const CommMatrix elements = bounded_traffic_matrix(32, 8, 0.25, 2048, 1, rng, "test");
  const Run with = simulate_isolated(cmaml_cm5, {Job::running(two_stage(elements.scaled(4), 4, 9))}).at(0);
  const Run without =
      simulate_isolated(cmaml_cm5, {Job::running(two_stage(elements.scaled(4), 4, 9, /*barriers=*/false))}).at(0);
  REQUIRE(without.messages.size() == with.messages.size());
  const auto barriers = [](const Run& run) {
    return std::count_if(run.spans.begin(), run.spans.end(), [](const NodeSpan& s) { return s.activity == "barrier"; });
  };
  REQUIRE(barriers(with) > 0);
  REQUIRE(barriers(without) == 0);
  REQUIRE(without.communication_time() < with.communication_time());
}
