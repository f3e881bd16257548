// The pool of pair mailboxes (sim/engine/pair_mailboxes.hpp): a pair keeps its mailbox while it has
// a use or a message waiting in it, and a run makes as many mailboxes as it has pairs busy at once.
#include <catch2/catch.hpp>

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include "sim/core/error.hpp"
#include "helpers.hpp"
#include "sim/engine/pair_mailboxes.hpp"

namespace s4u = simgrid::s4u;
using mcsim::test::in_engine;

TEST_CASE("Pair mailboxes: a pair's mailbox goes back to the pool when its last use ends", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::PairMailboxes boxes(4, 'm');
    s4u::Mailbox* a = boxes.take(0, 1);
    const bool same_while_busy = boxes.take(0, 1) == a;  // the pair's other end, before it ends
    const bool other_pair_differs = boxes.take(2, 3) != a;
    boxes.give(0, 1);
    const bool kept_with_one_use = boxes.take(1, 0) != a;  // 0 -> 1 still has a use
    boxes.give(0, 1);
    const bool reused = boxes.take(3, 2) == a;  // 0 -> 1 is free now
    return fmt::format("{} {} {} {} {}", same_while_busy, other_pair_differs, kept_with_one_use, reused,
                       boxes.created());
  });
  REQUIRE(out == "true true true true 3");
}

TEST_CASE("Pair mailboxes: a message waiting in a mailbox keeps it with its pair", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::PairMailboxes boxes(2, 'm');
    static int payload = 1;
    s4u::Mailbox* a = boxes.take(0, 1);
    a->put_init(&payload, 0)->detach();  // a send queue's notice, before its receive is posted
    boxes.give(0, 1);
    const bool not_pooled = boxes.take(1, 0) != a;
    const bool same_pair_same_box = boxes.take(0, 1) == a;
    void* got = nullptr;
    a->get_async<void>(&got)->wait();
    boxes.give(0, 1);
    const bool pooled_once_empty = boxes.take(1, 1) == a;
    return fmt::format("{} {} {} {}", not_pooled, same_pair_same_box, got == &payload, pooled_once_empty);
  });
  REQUIRE(out == "true true true true");
}

TEST_CASE("Pair mailboxes: giving back a use that was not taken is an error", "[engine]") {
  const std::string out = in_engine([] {
    mcsim::PairMailboxes boxes(2, 'm');
    boxes.take(0, 1);
    boxes.give(0, 1);
    try {
      boxes.give(0, 1);
    } catch (const mcsim::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  });
  REQUIRE_THAT(out, Catch::Contains("pair 0 -> 1 gave back a use it had not taken"));
}
