// Ready signals passed between nodes without the network (sim/engine/ready_signals.hpp): a signal
// sent before its wait is kept for it; a wait before its signal ends at the signal's instant; each
// signal is taken once, from the node that sent it.
#include <catch2/catch.hpp>

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/engine/ready_signals.hpp"

namespace s4u = simgrid::s4u;
using mcsim::test::in_engine;

TEST_CASE("Ready signals: kept until waited for, and a waiting node wakes at the signal's instant", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::ReadySignals signals(3);
    signals.post(0, 1);
    signals.wait(0, 1);  // returns at once: the signal was there
    const double kept_at = s4u::Engine::get_clock();
    // Node 2 waits for node 1, which signals at t = 5, after a signal from node 0 that 2 must not take.
    auto sender = s4u::Actor::create("sender", s4u::this_actor::get_host(), [&signals] {
      s4u::this_actor::sleep_for(2);
      signals.post(0, 2);
      s4u::this_actor::sleep_for(3);
      signals.post(1, 2);
    });
    signals.wait(1, 2);
    const double woke_at = s4u::Engine::get_clock();
    signals.wait(0, 2);  // node 0's signal is still there
    sender->join();
    return fmt::format("{} {}", kept_at, woke_at);
  });
  REQUIRE(out == "0 5");
}

TEST_CASE("Ready signals: a node that waits for two signals at once is an error", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::ReadySignals signals(3);
    std::string message = "no error";
    auto first = s4u::Actor::create("first", s4u::this_actor::get_host(), [&signals] { signals.wait(0, 2); });
    s4u::this_actor::yield();  // the first waits now
    try {
      signals.wait(1, 2);
    } catch (const mcsim::Error& e) {
      message = e.what();
    }
    signals.post(0, 2);
    first->join();
    return message;
  });
  REQUIRE_THAT(out, Catch::Contains("node 2 waits for two ready signals at once"));
}
