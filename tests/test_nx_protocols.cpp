// NX's two message protocols on the iPSC/860 (machine option nx = protocols): a long message runs
// a request and a reply before its bytes, each a bare message with a circuit of its own; the split
// is chosen so that an unloaded message takes the time of the aggregate model (nx = startup).
// Times worked out by hand from the definitions in scenarios/machines/ipsc860.toml.
#include <catch2/catch.hpp>

#include <bit>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/runner/isolated_simulation.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;
using test::end_of;
using test::one_phase;

namespace {

// Round numbers: 1 MB/s (1 us per byte), short start-up 0, long start-up 40 us (four handshake
// steps of 10 us), 5 us per hop for a bare trip, long per-hop 30 us (the data trip's 20 us).
MachineSpec cube(const std::string& nx, int nodes = 4) {
  return {"ipsc860", nodes, {{"channel_bandwidth_MBps", "1"}, {"short_startup_us", "0"}, {"long_startup_us", "40"},
                             {"short_hop_us", "5"}, {"long_hop_us", "30"}, {"nx", nx}}};
}

}  // namespace

TEST_CASE("NX protocols: an unloaded message takes the aggregate model's time, short or long, near or far", "[engine]") {
  for (std::uint64_t bytes : {std::uint64_t{64}, std::uint64_t{1000}})
    for (int dst : {1, 3, 7}) {
      const auto startup = simulate_isolated(cube("startup", 8), {Job{one_phase(8, Strategy::asynchronous, {{0, dst, bytes}}), 1}});
      const auto trips = simulate_isolated(cube("protocols", 8), {Job{one_phase(8, Strategy::asynchronous, {{0, dst, bytes}}), 1}});
      const int hops = std::popcount(static_cast<unsigned>(dst));
      const double expected = bytes <= 100 ? (5.0 * hops + bytes) * 1e-6 : (40 + 30.0 * hops + bytes) * 1e-6;
      INFO("bytes " << bytes << ", hops " << hops);
      REQUIRE(startup[0].communication_time() == Approx(expected));
      REQUIRE(trips[0].communication_time() == Approx(expected));
    }
}

TEST_CASE("NX protocols: two long messages into one node interleave their handshakes", "[engine]") {
  // 1 -> 0 (1 hop) and 3 -> 0 (2 hops), 1000 bytes each, both sent at time 0; one node interface each.
  // Both requests are ready at 10 us and want node 0's interface; node 1's goes first (its send queue
  // began its wait first, and waits ending at one instant end in the order they began, timed_wait.hpp).
  // Trips: node 1's request 10-15 us; node 3's waits for node 0's interface, 15-25; node 1's reply
  // 35-40 (after 20 us of library time at node 0); node 3's reply 45-55; node 1's data, ready at 50
  // (its reply's 10 us), waits for node 0 until 55: 55 + 20 + 1000 = 1075; node 3's data waits for
  // node 0 until then: 1075 + 2 x 20 + 1000 = 2115.
  // The aggregate model sends both whole, node 3's first: 20 + 2 x 30 + 1000 = 1080, then node 1's
  // 1080 + 30 + 1000 = 2110. So the handshakes cost the later message 5 us here.
  const std::vector<PlannedMessage> two = {{1, 0, 1000}, {3, 0, 1000}};
  const auto trips = simulate_isolated(cube("protocols"), {Job{one_phase(4, Strategy::asynchronous, two, false), 1}});
  REQUIRE(end_of(trips[0], 1, 0) == Approx(1075e-6));
  REQUIRE(end_of(trips[0], 3, 0) == Approx(2115e-6));
  const auto startup = simulate_isolated(cube("startup"), {Job{one_phase(4, Strategy::asynchronous, two, false), 1}});
  REQUIRE(end_of(startup[0], 3, 0) == Approx(1080e-6));
  REQUIRE(end_of(startup[0], 1, 0) == Approx(2110e-6));
}

TEST_CASE("NX protocols: the option is checked and documented") {
  REQUIRE_THROWS_WITH(make_machine({"ipsc860", 4, {{"nx", "eager"}}}), Catch::Contains("protocols, startup"));
  const auto machine = make_machine(cube("protocols"));
  REQUIRE(machine->library().regime(100).protocol.value == Protocol::eager);
  REQUIRE(machine->library().regime(101).protocol.value == Protocol::handshake);
  REQUIRE(make_machine(cube("startup"))->library().regime(101).protocol.value == Protocol::eager);
}
