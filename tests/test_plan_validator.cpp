#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"
#include "topologies/k_ary_n_cube.hpp"

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
  // Bytes to pairs the matrix lacks: the lowest pair is named with all its pieces; a matrix message
  // delivered wrong is named before any of them.
  Plan extras = two_phases({{0, 1, 100}, {1, 2, 50}, {3, 1, 2}, {2, 0, 30}}, {{3, 0, 8}, {3, 1, 4}, {1, 3, 5}});
  for (Phase& phase : extras.phases) phase.partial_permutation = false;
  REQUIRE_THROWS_WITH(validate_plan(extras, small(), "t"), Catch::Contains("sends 5 bytes 1 -> 3 where the matrix has no message"));
  REQUIRE_THROWS_WITH(validate_plan(two_phases({{3, 1, 8}, {1, 2, 50}, {2, 0, 30}}, {{0, 1, 99}}), small(), "t"),
                      Catch::Contains("0 -> 1 of 100 bytes is delivered as 99"));
  Plan pieces = two_phases({{0, 1, 100}, {1, 2, 50}, {2, 0, 30}}, {{3, 2, 7}, {3, 2, 1}});
  pieces.phases[1].partial_permutation = false;
  REQUIRE_THROWS_WITH(validate_plan(pieces, small(), "t"), Catch::Contains("sends 8 bytes 3 -> 2"));
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

TEST_CASE("Link validator: names the phase and the shared link, and needs routes for a claim") {
  // The 3-cube's e-cube routes (the family's): 0 -> 3 runs 0, 1, 3 and 1 -> 7 runs 1, 3, 7, so both
  // claim link 1 -> 3 (bit 1 from node 1: link 8 + 1 = 9); 3 -> 0 runs 3, 2, 0.
  const KAryNCube cube({.sides = {2, 2, 2}, .binary_numbering = true, .routing = "e-cube"});
  Plan plan;
  plan.nodes = 8;
  plan.phases = {Phase{{{0, 3, 1}, {3, 0, 1}}, true, true}, Phase{{{0, 3, 1}, {1, 7, 1}}, true, true}};
  REQUIRE_NOTHROW(check_link_contention_free(plan.phases[0], cube, "p0"));
  REQUIRE_THROWS_WITH(validate_link_contention_free(plan, &cube, "t"),
                      Catch::Contains("phase 1") && Catch::Contains("link 9 (1 -> 3)"));
  REQUIRE_THROWS_WITH(validate_link_contention_free(plan, nullptr, "t"), Catch::Contains("gives no routes"));
  plan.phases[1].link_contention_free = false;  // no claim, nothing to check
  REQUIRE_NOTHROW(validate_link_contention_free(plan, &cube, "t"));
  // A route that does not join its message's endpoints is refused.
  struct Stuck final : TopologyFamily {
    const KAryNCube& c;
    explicit Stuck(const KAryNCube& cube) : c(cube) {}
    std::string family() const override { return "stuck"; }
    std::string describe() const override { return "routes that stop after one hop"; }
    int nodes() const override { return c.nodes(); }
    int vertex_count() const override { return c.vertex_count(); }
    int link_count() const override { return c.link_count(); }
    std::pair<int, int> link_ends(int link) const override { return c.link_ends(link); }
    int virtual_channels() const override { return 1; }
    Route route(int src, int dst) const override { return {c.route(src, dst).front()}; }
  } stuck(cube);
  REQUIRE_THROWS_WITH(check_link_contention_free(plan.phases[0], stuck, "p"), Catch::Contains("does not run from 0 to 3"));
}
