// mcsim's own sharing of the flow transport's links (sim/engine/sharing/fluid_network.hpp) against
// SimGrid's: the same plans on the CM-5 with `--cfg mcsim/sharing:fluid` and `:simgrid` must give
// every message the same start and arrival. The large cases are in bench/fluid_agreement.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "fluid_cases.hpp"
#include "helpers.hpp"

using namespace mcsim;

namespace {
// What mcsim/sharing and network/optim were set to in the case's run.
std::string sharing_log(const test::FluidCase& c, const SimulationOptions& options) {
  return test::simgrid_configuration_log([&] { test::run_case(c, options); });
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

TEST_CASE("Fluid sharing: the executor chooses it for every message at once, and --cfg overrides", "[engine]") {
  const test::FluidCase ac{"AC", 128, 16, 5};  // 2,032 messages: at least the 1,024 of "all at once"
  SECTION("auto: fluid for AC (all at once)") {
    CHECK_THAT(sharing_log(ac, {}), Catch::Contains("Set 'mcsim/sharing' to 'fluid'"));
  }
  SECTION("auto: SimGrid for a phased run with few flows a phase (CGM on 128 nodes, LP's dummies)") {
    CHECK_THAT(sharing_log({"CGM", 128, 16, 5}, {}), Catch::Contains("Set 'mcsim/sharing' to 'simgrid'"));
    // 16,256 messages, but 2,032 with bytes over 127 phases.
    CHECK_THAT(sharing_log({"LP", 128, 16, 5}, {}), Catch::Contains("Set 'mcsim/sharing' to 'simgrid'"));
  }
  SECTION("auto: fluid for a phased run with many flows a phase (CGM on 1,024 nodes)") {
    CHECK_THAT(sharing_log({"CGM", 1024, 4, 5}, {}), Catch::Contains("Set 'mcsim/sharing' to 'fluid'"));
  }
  SECTION("a recorded run keeps SimGrid's sharing") {
    SimulationOptions recorded;
    recorded.record = true;
    CHECK_THAT(sharing_log(ac, recorded), Catch::Contains("Set 'mcsim/sharing' to 'simgrid'"));
  }
  SECTION("--cfg mcsim/sharing:simgrid wins") {
    SimulationOptions simgrid;
    simgrid.simgrid_config = {"mcsim/sharing:simgrid"};
    const std::string log = sharing_log(ac, simgrid);
    CHECK_THAT(log, !Catch::Contains("Set 'mcsim/sharing' to 'fluid'"));
    CHECK_THAT(log, Catch::Contains("Set 'network/optim' to 'Full'"));
  }
}

TEST_CASE("Fluid sharing: an unknown setting, or a recorded run forced to it, is a one-line error", "[engine]") {
  const test::FluidCase ac{"AC", 32, 4, 5};
  SimulationOptions unknown;
  unknown.simgrid_config = {"mcsim/sharing:fast"};
  REQUIRE_THROWS_WITH(test::run_case(ac, unknown), Catch::Contains("unknown value 'fast'"));
  SimulationOptions recorded;
  recorded.simgrid_config = {"mcsim/sharing:fluid"};
  recorded.record = true;
  REQUIRE_THROWS_WITH(test::run_case(ac, recorded), Catch::Contains("needs SimGrid's sharing"));
}
