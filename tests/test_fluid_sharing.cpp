// mcsim's own sharing of the flow transport's links (sim/engine/sharing/fluid_network.hpp) against
// SimGrid's: the same plans on the CM-5 with `--sharing fluid` and `--sharing simgrid` must give
// every message the same start and arrival. The large cases are in bench/fluid_agreement.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "fluid_cases.hpp"
#include "helpers.hpp"
#include "sim/core/sharing.hpp"
#include "sim/runner/isolated_simulation.hpp"

using namespace mcsim;

namespace {
// The sharing the case's run took (its record's: the runner's decision).
SharingDecision sharing_of(const test::FluidCase& c, const SimulationOptions& options) {
  const auto record = test::run_case_record(c, options);
  REQUIRE(record.sharing.has_value());
  return *record.sharing;
}
}  // namespace

TEST_CASE("Fluid sharing: AC, CGM and LP on small CM-5s give SimGrid's arrival times", "[engine]") {
  // 12 runs: 32-128 nodes, d = 4-16, each scheduler (AC all at once; CGM and LP phase by phase
  // with CMMD's blocking receives), at SimGrid's default precision: a flow ended at its own
  // completion date instead of with the events within the precision of it came out up to 1e-9 s
  // late, and 5 of these 12 cases (LP, AC) failed (fluid_cases.hpp).
  const auto cases = test::fluid_cases(12, 32, 128, 4, 16, 61);
  for (const auto& c : cases) {
    INFO(c.label());
    const test::FluidAgreement agreement = test::compare_sharing(c, {});
    REQUIRE(agreement.messages > 0);
    CHECK(agreement.worst_relative <= test::kFluidTolerance);
  }
}

TEST_CASE("Fluid sharing: the runner chooses it for many flows at once, recorded or not, and --sharing overrides",
          "[engine]") {
  const test::FluidCase ac{"AC", 128, 16, 5};  // 2,032 messages: at least the 1,024 of "all at once"
  const SharingDecision many{Sharing::fluid, SharingReason::many_flows};
  const SharingDecision few{Sharing::simgrid, SharingReason::few_flows};
  SECTION("auto: fluid for AC (all at once)") { CHECK(sharing_of(ac, {}) == many); }
  SECTION("auto: SimGrid for a phased run with few flows a phase (CGM on 128 nodes, LP's dummies)") {
    CHECK(sharing_of({"CGM", 128, 16, 5}, {}) == few);
    // 16,256 messages, but 2,032 with bytes over 127 phases.
    CHECK(sharing_of({"LP", 128, 16, 5}, {}) == few);
  }
  SECTION("auto: fluid for a phased run with many flows a phase (CGM on 1,024 nodes)") {
    CHECK(sharing_of({"CGM", 1024, 4, 5}, {}) == many);
  }
  SECTION("a recorded run takes the same sharing as the unrecorded one") {
    SimulationOptions recorded;
    recorded.record = true;
    CHECK(sharing_of(ac, recorded) == many);
  }
  SECTION("--sharing simgrid wins, and SimGrid's solver then gets network/optim Full") {
    SimulationOptions simgrid;
    simgrid.sharing_request = SharingRequest::simgrid;
    std::optional<SharingDecision> decided;
    const std::string log = test::simgrid_configuration_log([&] { decided = sharing_of(ac, simgrid); });
    CHECK(decided == SharingDecision{Sharing::simgrid, SharingReason::asked});
    CHECK_THAT(log, Catch::Contains("Set 'network/optim' to 'Full'"));
  }
}

TEST_CASE("Fluid sharing: asked where it cannot give SimGrid's times, or by an unknown name, is a one-line error",
          "[engine]") {
  REQUIRE_THROWS_WITH(parse_sharing_request("fast", "--sharing"), Catch::Contains("unknown sharing 'fast'"));
  // The Ethernet cluster's library sends small messages eagerly, before their receive is posted.
  SimulationOptions fluid;
  fluid.sharing_request = SharingRequest::fluid;
  Plan plan;
  plan.phases.push_back({{{0, 1, 1024}}});
  REQUIRE_THROWS_WITH(simulate_isolated({"ethernet-cluster", 4, {}}, {Job{plan, 1}}, fluid),
                      Catch::Contains("not a rendezvous"));
}
