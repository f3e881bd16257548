#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"

using namespace mcsim;

namespace {
CommMatrix small() { return CommMatrix(4, {{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}); }

Plan two_phases(std::vector<PlannedMessage> first, std::vector<PlannedMessage> second) {
  Plan plan;
  plan.nodes = 4;
  plan.phases = {Phase{std::move(first), true}, Phase{std::move(second), true}};
  return plan;
}
}  // namespace

TEST_CASE("Validator accepts a plan whose split pieces add up") {
  const Plan plan = two_phases({{0, 1, 60}, {1, 2, 50}, {2, 0, 30}}, {{0, 1, 40}, {3, 2, 0, true}});
  REQUIRE_NOTHROW(validate_plan(plan, small(), "test"));
}

TEST_CASE("Validator rejects lost, extra and misplaced bytes") {
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 60}, {1, 2, 50}, {2, 0, 30}}, {}), small(), "t"),
                      Catch::Contains("0 -> 1 of 100 bytes is delivered as 60"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{0, 1, 1}}), small(), "t"),
                      Catch::Contains("delivered as 101"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{3, 0, 8}}), small(), "t"),
                      Catch::Contains("no message"));
}

TEST_CASE("Validator rejects a phase that breaks its partial-permutation promise") {
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {0, 3, 0, true}}, {{1, 2, 50}, {2, 0, 30}}), small(), "t"),
                      Catch::Contains("phase 0") && Catch::Contains("node 0 sends twice"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {2, 1, 0, true}}, {{1, 2, 50}, {2, 0, 30}}), small(), "t"),
                      Catch::Contains("node 1 receives twice"));
  // The same messages in a phase that does not promise a permutation are fine.
  Plan loose = two_phases({{0, 1, 100}, {0, 3, 0, true}}, {{1, 2, 50}, {2, 0, 30}});
  loose.phases[0].partial_permutation = false;
  REQUIRE_NOTHROW(validate_plan(loose, small(), "t"));
}

TEST_CASE("Validator rejects malformed messages and the wrong node count") {
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{3, 1, 5, true}}), small(), "t"),
                      Catch::Contains("dummy message 3 -> 1 carries 5 bytes"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{3, 9, 0, true}}), small(), "t"),
                      Catch::Contains("outside 0..3"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{3, 3, 0, true}}), small(), "t"),
                      Catch::Contains("sent to itself"));
  Plan wrong = two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {});
  wrong.nodes = 8;
  REQUIRE_THROWS_WITH(validate_plan(wrong, small(), "t"), Catch::Contains("plan is for 8 nodes"));
}

TEST_CASE("Link validator: names the phase and the shared channel, and needs routes for a claim") {
  // Routes of a 3-cube under e-cube, written out: 0 -> 3 runs 0, 1, 3 and 1 -> 7 runs 1, 3, 7, so
  // both use channel 1 -> 3; 3 -> 0 runs 3, 2, 0.
  const RouteFunction routes = [](int src, int dst) {
    if (src == 0 && dst == 3) return std::vector<int>{0, 1, 3};
    if (src == 3 && dst == 0) return std::vector<int>{3, 2, 0};
    if (src == 1 && dst == 7) return std::vector<int>{1, 3, 7};
    return std::vector<int>{src, dst};
  };
  Plan plan;
  plan.nodes = 8;
  plan.phases = {Phase{{{0, 3, 1}, {3, 0, 1}}, true, true}, Phase{{{0, 3, 1}, {1, 7, 1}}, true, true}};
  REQUIRE_NOTHROW(check_link_contention_free(plan.phases[0], routes, "p0"));
  REQUIRE_THROWS_WITH(validate_link_contention_free(plan, routes, "t"),
                      Catch::Contains("phase 1") && Catch::Contains("channel 1 -> 3"));
  REQUIRE_THROWS_WITH(validate_link_contention_free(plan, {}, "t"), Catch::Contains("no route function"));
  plan.phases[1].link_contention_free = false;  // no claim, nothing to check
  REQUIRE_NOTHROW(validate_link_contention_free(plan, routes, "t"));
  // A route that does not join its message's endpoints is refused.
  REQUIRE_THROWS_WITH(check_link_contention_free(plan.phases[0], [](int s, int) { return std::vector<int>{s}; }, "p"),
                      Catch::Contains("does not run from 0 to 3"));
}
