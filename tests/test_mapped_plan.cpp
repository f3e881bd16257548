// A mapped phased task graph as a Plan (sim/mapping/mapped_plan.hpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

#include "sim/core/error.hpp"
#include "sim/mapping/binomial_tree.hpp"
#include "sim/mapping/complete_binary_tree.hpp"
#include "sim/mapping/mapped_plan.hpp"
#include "sim/mapping/mappings.hpp"
#include "sim/mapping/row_major.hpp"

using namespace mcsim;

TEST_CASE("The plan of a mapping delivers one message per tree edge of each phase, mapped and sized") {
  for (const auto& entry : mapping_registry())
    for (int n : {1, 4, 7}) {
      const auto graph = binomial_tree(n, 0.5);
      const auto mapping = entry.map_binomial_tree(n);
      const Plan plan = mapped_plan(graph, mapping, 1000);
      INFO(entry.name << " B(" << n << ")");
      REQUIRE(plan.strategy == Strategy::phase_synchronous);
      REQUIRE(plan.nodes == mapping.mesh.nodes());
      REQUIRE(plan.phases.size() == graph.phases.size());
      for (std::size_t i = 0; i < graph.phases.size(); ++i) {
        const auto& edges = graph.phases[i];
        const auto& messages = plan.phases[i].messages;
        REQUIRE(messages.size() == edges.size());
        REQUIRE(plan.phases[i].partial_permutation);
        std::multiset<std::pair<int, int>> wanted, got;
        for (const auto& e : edges)
          wanted.insert({mapping.node_of_task[static_cast<std::size_t>(e.sender)],
                         mapping.node_of_task[static_cast<std::size_t>(e.receiver)]});
        for (const auto& m : messages) {
          got.insert({m.src, m.dst});
          REQUIRE(m.bytes == static_cast<std::uint64_t>(std::llround(1000 * std::pow(0.5, i + 1))));
          REQUIRE_FALSE(m.dummy);
        }
        REQUIRE(got == wanted);
      }
    }
}

TEST_CASE("Plan: messages between tasks on one node are dropped, a CBT phase is not a partial permutation") {
  // CBT(3) on row-major: 7 tasks on a 2 x 4 mesh; the root sends to both children in phase 1.
  const auto cbt = complete_binary_tree(3, 1);
  const Plan plan = mapped_plan(cbt, row_major_mapping(7), 10);
  REQUIRE(plan.phases.size() == 2);
  REQUIRE_FALSE(plan.phases[0].partial_permutation);
  REQUIRE(plan.phases[1].messages.size() == 4);
  MeshMapping squeezed{"squeezed", MeshShape{1, 2}, {0, 0, 1, 1}};  // B(2) with two tasks per node
  const Plan dropped = mapped_plan(binomial_tree(2, 1), squeezed, 10);
  // B(2): phase 1 is 3 -> 1 (nodes 1 -> 0), phase 2 is 1 -> 0 and 3 -> 2 (same node each): dropped.
  REQUIRE(dropped.phases.size() == 2);
  REQUIRE(dropped.phases[0].messages.size() == 1);
  REQUIRE(dropped.phases[1].messages.empty());
  REQUIRE_THROWS_WITH(mapped_plan(binomial_tree(2, 1), squeezed, 0), Catch::Contains("unit_bytes = 0"));
  REQUIRE_THROWS_WITH(mapped_plan(binomial_tree(3, 1), squeezed, 1), Catch::Contains("places 4 tasks"));
}
