// Helper actors reused from job to job (sim/engine/helper_actors.hpp): a helper that has finished
// takes the next job on its host, a job that starts while every helper is busy gets a new one, and
// a waiter wakes at the instant its job ends.
#include <catch2/catch.hpp>

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/engine/helper_actors.hpp"

namespace s4u = simgrid::s4u;
using mcsim::test::in_engine;

TEST_CASE("Helper actors: a finished helper takes the next job and a waiter wakes when its job ends", "[engine]") {
  const std::string out = in_engine([] {
    std::string log;
    mcsim::HelperActors helpers;
    s4u::Host* host = s4u::this_actor::get_host();
    std::vector<std::string> ran_in;
    const auto job = [&ran_in](double seconds) {
      return [&ran_in, seconds] {
        ran_in.push_back(s4u::this_actor::get_name());
        s4u::this_actor::sleep_for(seconds);
      };
    };
    helpers.run(host, "a", job(2)).wait();
    log += fmt::format("first ended at {}; ", s4u::Engine::get_clock());
    mcsim::TransferHandle second = helpers.run(host, "b", job(1));  // the first's helper, now idle
    mcsim::TransferHandle third = helpers.run(host, "c", job(4));   // while it is busy: a new helper
    second.wait();
    log += fmt::format("second at {}; ", s4u::Engine::get_clock());
    third.wait();
    log += fmt::format("third at {}; made {}; ran in {}", s4u::Engine::get_clock(), helpers.made(),
                       fmt::join(ran_in, " "));
    return log;
  });
  REQUIRE(out == "first ended at 2; second at 3; third at 6; made 2; ran in a a c");
}

TEST_CASE("Helper actors: a waiter that comes after its job has ended does not wait", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::HelperActors helpers;
    mcsim::TransferHandle quick = helpers.run(s4u::this_actor::get_host(), "quick", [] { s4u::this_actor::sleep_for(1); });
    s4u::this_actor::sleep_for(5);
    quick.wait();
    return fmt::format("{} {}", s4u::Engine::get_clock(), helpers.made());
  });
  REQUIRE(out == "5 1");
}
