// The executor picks SimGrid's network/optim:Full for runs whose every message is in flight at
// once on a flow network (sim/engine/executor.cpp): a speed choice, which must not change what is
// simulated beyond the solver's rounding.
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "sim/runner/isolated_simulation.hpp"

using namespace mcsim;
using test::end_of;
using test::one_phase;

TEST_CASE("CM-5, every message at once: the default solver setting gives Lazy's times") {
  // 64 nodes x 16 messages (1,024, enough for the Full choice), uneven sizes, crossing the fat tree.
  std::vector<PlannedMessage> messages;
  for (int src = 0; src < 64; ++src)
    for (int k = 1; k <= 16; ++k)
      messages.push_back({src, (src + 3 * k + 5) % 64, static_cast<std::uint64_t>(1024 + 512 * ((src * 7 + k) % 5)), false});
  const std::vector<Job> jobs = {Job{one_phase(64, Strategy::asynchronous, messages, false), 1}};
  const MachineSpec cm5{"cm5", 64, {}};
  const auto chosen = simulate_isolated(cm5, jobs);
  SimulationOptions lazy;
  lazy.simgrid_config = {"network/optim:Lazy"};
  const auto reference = simulate_isolated(cm5, jobs, lazy);
  REQUIRE(chosen[0].communication_time() == Approx(reference[0].communication_time()).epsilon(1e-9));
  for (const auto& m : messages)
    REQUIRE(end_of(chosen[0], m.src, m.dst) == Approx(end_of(reference[0], m.src, m.dst)).epsilon(1e-9));
}
