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
