// Waits in simulated time on kernel timers (sim/engine/timed_wait.hpp): they end at their date; at
// one date in the order they began; a semaphore wait ends at a unit or at its date, saying which;
// and a wait that ended early or whose actor was killed leaves nothing behind that moves the clock.
#include <catch2/catch.hpp>

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "helpers.hpp"
#include "sim/engine/timed_wait.hpp"

namespace s4u = simgrid::s4u;
using mcsim::test::in_engine;

TEST_CASE("Timed waits: each ends at its date, and those of one date in the order they began", "[engine]") {
  const std::string out = in_engine([] {
    std::string order;
    std::vector<s4u::ActorPtr> waiters;
    // Created late, early, mid; begun early (0 s, for 3 s), mid (1 s, for 2 s), late (2 s, for 1 s):
    // all three end at 3 s, in the order they began.
    const auto waiter = [&order](const std::string& name, double start_s, double seconds) {
      return s4u::Actor::create(name, s4u::this_actor::get_host(), [&order, name, start_s, seconds] {
        if (start_s > 0) s4u::this_actor::sleep_for(start_s);
        mcsim::wait_for(seconds);
        order += fmt::format("{}@{} ", name, s4u::Engine::get_clock());
      });
    };
    waiters.push_back(waiter("late", 2, 1));
    waiters.push_back(waiter("early", 0, 3));
    waiters.push_back(waiter("mid", 1, 2));
    waiters.push_back(waiter("short", 0, 0.5));
    for (auto& w : waiters) w->join();
    return order;
  });
  REQUIRE(out == "short@0.5 early@3 mid@3 late@3 ");
}

TEST_CASE("Timed waits: a semaphore wait ends at a unit or at its date and says which", "[engine]") {
  const std::string out = in_engine([] {
    const auto semaphore = s4u::Semaphore::create(0);
    auto giver = s4u::Actor::create("giver", s4u::this_actor::get_host(), [semaphore] {
      s4u::this_actor::sleep_for(2);
      semaphore->release();
    });
    const bool first_ran_out = mcsim::acquire_for(semaphore, 5);  // the unit at 2 s
    const double first_at = s4u::Engine::get_clock();
    const bool second_ran_out = mcsim::acquire_for(semaphore, 1);  // nobody gives: 3 s
    const double second_at = s4u::Engine::get_clock();
    giver->join();
    return fmt::format("{}@{} {}@{} left {}", first_ran_out, first_at, second_ran_out, second_at,
                       semaphore->get_capacity());
  });
  REQUIRE(out == "false@2 true@3 left 0");
}

TEST_CASE("Timed waits: a wait that ended at a unit, or whose actor was killed, does not move the clock", "[engine]") {
  const std::string out = mcsim::test::in_engine_to_its_end([] {
    const auto semaphore = s4u::Semaphore::create(1);
    const bool ran_out = mcsim::acquire_for(semaphore, 100);  // a unit at once: its 100 s are taken back
    auto sleeper = s4u::Actor::create("sleeper", s4u::this_actor::get_host(), [] { mcsim::wait_for(50); });
    s4u::this_actor::sleep_for(1);
    sleeper->kill();  // in its wait: SimGrid unwinds its stack
    return fmt::format("{}", ran_out);
  });
  REQUIRE(out == "false end 1");
}
