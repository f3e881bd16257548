// A task's error travels to the parent on the task's result channel (sim/runner/isolated.hpp),
// never guessed from its stderr (issue 36, item 12): under AddressSanitizer the process of a task
// whose node program raised an error died while SimGrid unwound the other actors, and the parent
// reported the last line of stderr, a sanitizer warning, instead of the error.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <exception>

#include <simgrid/s4u.hpp>

#include "sim/core/error.hpp"
#include "sim/engine/actor_errors.hpp"
#include "sim/runner/child_output.hpp"
#include "sim/runner/isolated.hpp"

namespace s4u = simgrid::s4u;

namespace {

// Ends the process when destroyed by an exception's unwinding (as the sanitizer build's processes
// ended when SimGrid unwound a killed actor on its own stack).
struct DiesWhenUnwound {
  ~DiesWhenUnwound() {
    if (std::uncaught_exceptions() > 0) std::_Exit(1);
  }
};

}  // namespace

TEST_CASE("An actor's error reaches the parent even when the task's process dies while the others are unwound", "[engine]") {
  try {
    (void)mcsim::run_isolated(
        1,
        [](std::size_t) -> std::string {
          int argc = 1;
          char name[] = "mcsim-test";
          char* argv[] = {name, nullptr};
          s4u::Engine engine(&argc, argv);
          s4u::NetZone* zone = s4u::create_full_zone("zone");
          s4u::Host* host = zone->create_host("h", 1e9);
          zone->seal();
          s4u::Actor::create("waiting", host, mcsim::guarded([] {
                               const DiesWhenUnwound dies;
                               s4u::this_actor::sleep_for(10);
                             }));
          s4u::Actor::create("failing", host, mcsim::guarded([] {
                               s4u::this_actor::sleep_for(1);
                               throw mcsim::Error("node 3", "the error the node program raised");
                             }));
          engine.run();
          mcsim::rethrow_actor_error();
          return "the simulation ended";
        },
        1);
    FAIL("the task did not fail");
  } catch (const mcsim::Error& e) {
    REQUIRE(std::string(e.what()) == "node 3: the error the node program raised");
  }
}

TEST_CASE("A failed child's line of stderr passes over the sanitizer's notes") {
  const std::string asan_notes =
      "==1234==WARNING: ASan is ignoring requested __asan_handle_no_return: stack type: default top: 0x7ffd; "
      "bottom 0x7f00; size: 0x00fd (1234)\nFalse positive error reports may follow\n"
      "For details see https://github.com/google/sanitizers/issues/189\n";
  REQUIRE(mcsim::failure_line(asan_notes) == "");
  REQUIRE(mcsim::failure_line("[0.000000] [xbt_cfg/CRITICAL] Unknown option no/such-key\n" + asan_notes) ==
          "[0.000000] [xbt_cfg/CRITICAL] Unknown option no/such-key");
  REQUIRE(mcsim::failure_line(asan_notes + "terminate called after throwing an instance of 'x'\n") ==
          "terminate called after throwing an instance of 'x'");
}
