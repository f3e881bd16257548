// The executor picks SimGrid's network/optim:Full for runs whose every message is in flight at
// once on a flow network, at least 1,024 messages (sim/engine/executor.cpp, measured there: Full
// is about 2x faster on the fat tree then, Lazy faster for phased runs). A speed choice, which must
// not change what is simulated beyond the solver's rounding. Which setting a run got is read from
// SimGrid's own configuration log (MCSIM_SIMGRID_LOG=xbt_cfg.thres:info: "Configuration change:
// Set 'network/optim' to 'Full'"), so the tests see the choice the simulation really made.
#include <catch2/catch.hpp>

#include <functional>

#include "helpers.hpp"
#include "sim/runner/isolated_simulation.hpp"

using namespace mcsim;
using test::end_of;
using test::one_phase;

namespace {

const MachineSpec kCm5{"cm5", 64, {}};
const std::string kFullChosen = "Set 'network/optim' to 'Full'";

// `count` messages of uneven sizes crossing the 64-node fat tree, 16 per source at most.
std::vector<PlannedMessage> crossing_messages(int count) {
  std::vector<PlannedMessage> messages;
  for (int src = 0; src < 64; ++src)
    for (int k = 1; k <= 16 && static_cast<int>(messages.size()) < count; ++k)
      messages.push_back({src, (src + 3 * k + 5) % 64, static_cast<std::uint64_t>(1024 + 512 * ((src * 7 + k) % 5)), false});
  return messages;
}

// SimGrid's configuration log of what `body` simulates (helpers.hpp).
std::string configuration_log(const std::function<void()>& body) {
  const std::string log = test::simgrid_configuration_log(body);
  // The log is there at all: a run that set network/model without logging it would make every
  // "not Full" below pass for the wrong reason.
  REQUIRE_THAT(log, Catch::Contains("Set 'network/model' to 'CM02'"));
  return log;
}

}  // namespace

TEST_CASE("CM-5, every message at once: the executor chooses network/optim:Full, with Lazy's times", "[engine]") {
  const auto messages = crossing_messages(1024);  // the least for the Full choice
  const std::vector<Job> jobs = {Job{one_phase(64, Strategy::asynchronous, messages, false), 1}};
  std::vector<Run> chosen, reference;
  // With SimGrid's sharing of the links (by default mcsim's own takes such runs: test_fluid_sharing.cpp).
  SimulationOptions simgrid, lazy;
  simgrid.sharing_request = lazy.sharing_request = SharingRequest::simgrid;
  lazy.simgrid_config = {"network/optim:Lazy"};
  const std::string chosen_log = configuration_log([&] { chosen = simulate_isolated(kCm5, jobs, simgrid); });
  const std::string lazy_log = configuration_log([&] { reference = simulate_isolated(kCm5, jobs, lazy); });
  CHECK_THAT(chosen_log, Catch::Contains(kFullChosen));
  // The user's --cfg wins over the choice.
  CHECK_THAT(lazy_log, Catch::Contains("Set 'network/optim' to 'Lazy'"));
  CHECK_THAT(lazy_log, !Catch::Contains(kFullChosen));
  REQUIRE(chosen[0].communication_time() == Approx(reference[0].communication_time()).epsilon(1e-9));
  for (const auto& m : messages)
    REQUIRE(end_of(chosen[0], m.src, m.dst) == Approx(end_of(reference[0], m.src, m.dst)).epsilon(1e-9));
}

TEST_CASE("CM-5: fewer messages at once, or a phased run, keep SimGrid's Lazy", "[engine]") {
  SECTION("1,023 messages in one phase") {
    const std::vector<Job> jobs = {Job{one_phase(64, Strategy::asynchronous, crossing_messages(1023), false), 1}};
    CHECK_THAT(configuration_log([&] { simulate_isolated(kCm5, jobs); }), !Catch::Contains(kFullChosen));
  }
  SECTION("1,024 messages in two phases") {
    const auto messages = crossing_messages(1024);
    const std::vector<PlannedMessage> first(messages.begin(), messages.begin() + 512), second(messages.begin() + 512, messages.end());
    Plan plan = one_phase(64, Strategy::asynchronous, first, false);
    plan.phases.push_back(one_phase(64, Strategy::asynchronous, second, false).phases.front());
    const std::vector<Job> jobs = {Job{plan, 1}};
    CHECK_THAT(configuration_log([&] { simulate_isolated(kCm5, jobs); }), !Catch::Contains(kFullChosen));
  }
}
