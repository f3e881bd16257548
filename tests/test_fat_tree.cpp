#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "helpers.hpp"
#include "routing/fat_tree_route.hpp"
#include "sim/core/error.hpp"
#include "sim/core/random.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/fabric_graph.hpp"
#include "topologies/machines.hpp"
#include "cube_machines.hpp"

using namespace mcsim;

TEST_CASE("CM-5 fat tree of 32 nodes: levels, switches and wires") {
  const FatTreeShape shape(32, 4, cm5_parents_per_level(3));
  REQUIRE(shape.levels() == 3);
  REQUIRE(shape.elements(1) == 8 * 2);   // 8 groups of 4, 2 switches each
  REQUIRE(shape.elements(2) == 2 * 4);   // 2 groups of 16, 4 switches each
  REQUIRE(shape.elements(3) == 1 * 8);   // the top: 8 switches
  REQUIRE(shape.wires(1) == 32 * 2);
  REQUIRE(shape.wires(2) == 16 * 2);
  REQUIRE(shape.wires(3) == 8 * 2);
  REQUIRE(shape.wire_count() == 64 + 32 + 16);
}

TEST_CASE("CM-5 per-node bandwidth is the published 20 / 10 / 5 MB/s at every size") {
  for (int nodes : {64, 256, 1024, 4096}) {
    const FatTreeShape shape = test::cm5_fat_tree(nodes);
    const double wire = 10e6;  // cm5.toml: links.bandwidth
    REQUIRE(per_node_bandwidth_beyond(shape, wire, 0) == Approx(20e6));
    REQUIRE(per_node_bandwidth_beyond(shape, wire, 1) == Approx(10e6));
    for (int level = 2; level < shape.levels(); ++level)
      REQUIRE(per_node_bandwidth_beyond(shape, wire, level) == Approx(5e6));
  }
}

TEST_CASE("Fat-tree routes are shortest paths of the Boost.Graph view, up then down") {
  for (int nodes : {32, 128}) {
    const FatTreeShape shape(nodes, 4, cm5_parents_per_level(nodes == 32 ? 3 : 4));
    const FatTree tree(shape, "random");
    const FabricGraph graph(tree);
    REQUIRE(graph.wire_count() == static_cast<int>(shape.wire_count()));
    Rng rng(5);
    const UplinkChooser random_port = [&](int, int parents) { return rng.below(parents); };
    for (int src = 0; src < nodes; ++src) {
      const auto distance = graph.hop_distances(src);
      for (int dst = 0; dst < nodes; ++dst) {
        const auto route = tree.route_with(src, dst, random_port);
        INFO("src " << src << " dst " << dst);
        REQUIRE(route.size() == static_cast<std::size_t>(2 * shape.common_level(src, dst)));
        REQUIRE(static_cast<int>(route.size()) == distance[static_cast<std::size_t>(dst)]);
        REQUIRE(graph.is_path(src, dst, route));
        // Up links are numbered before down links (fat_tree_family.hpp).
        for (std::size_t i = 0; i < route.size(); ++i)
          REQUIRE((route[i].link < tree.link_count() / 2) == (i < route.size() / 2));
      }
    }
  }
}

TEST_CASE("Hop counts: 2 within a group of 4, 4 within 16, 6 beyond on 32 nodes") {
  const FatTreeShape shape(32, 4, cm5_parents_per_level(3));
  REQUIRE(fat_tree_route(shape, 0, 3, first_uplink).size() == 2);
  REQUIRE(fat_tree_route(shape, 0, 15, first_uplink).size() == 4);
  REQUIRE(fat_tree_route(shape, 0, 16, first_uplink).size() == 6);
  REQUIRE(fat_tree_route(shape, 5, 5, first_uplink).empty());
}

TEST_CASE("Random up-links spread the traffic over every top switch") {
  const FatTreeShape shape(32, 4, cm5_parents_per_level(3));
  Rng rng(1);
  std::set<std::size_t> top_wires;
  for (int i = 0; i < 2000; ++i) {
    const auto route = fat_tree_route(shape, 0, 31, [&](int, int parents) { return rng.below(parents); });
    top_wires.insert(static_cast<std::size_t>(route[2].link));  // the up link of the top wire
  }
  // Node 0 reaches 2 x 2 x 2 = 8 top switches; each through one wire from its level-2 switch.
  REQUIRE(top_wires.size() == 8);
}

TEST_CASE("d-mod-k up-links: one route per destination, destinations spread over every top switch") {
  const FatTreeShape shape(32, 4, cm5_parents_per_level(3));
  std::set<std::size_t> top_wires;
  for (int dst = 16; dst < 32; ++dst) {  // beyond node 0's group of 16: up to the top
    const auto route = fat_tree_route(shape, 0, dst, d_mod_k_uplinks(shape, dst));
    REQUIRE(route == fat_tree_route(shape, 0, dst, d_mod_k_uplinks(shape, dst)));
    top_wires.insert(static_cast<std::size_t>(route[2].link));  // the up link of the top wire
  }
  // The port at level l is dst / (w_1 ... w_(l-1)) mod w_l with w = 2, 2, 2: the 16 destinations
  // take all 2 x 2 x 2 = 8 top switches, two each.
  REQUIRE(top_wires.size() == 8);
}

TEST_CASE("CM-5 with deterministic up-links: the routing seed changes nothing", "[engine]") {
  Plan plan;
  plan.nodes = 32;
  plan.strategy = Strategy::asynchronous;
  Phase all;
  for (int src = 0; src < 32; ++src) all.messages.push_back({src, (src + 16) % 32, 100000});
  plan.phases.push_back(all);
  // A what-if CM-5 with d-mod-k up-links: a machine file on base = "cm5".
  const std::string what_if = test::temp_dir("cm5-d-mod-k") + "/cm5-d-mod-k.toml";
  std::ofstream(what_if) << "base = \"cm5\"\nname = \"cm5-d-mod-k\"\n[topology.shape]\nup_links = { value = "
                            "\"d-mod-k\", source = \"what if: d-mod-k up-links\", assumption = true }\n";
  const auto runs = [&](bool random_uplinks) {
    const std::string machine = random_uplinks ? "cm5" : what_if;
    return test::message_ends([&] { return make_machine({machine, 32, {}}); }, {Job{plan, 1}, Job{plan, 2}});
  };
  // Times are measured from each job's start, so compare them to rounding.
  const auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (std::abs(a[i] - b[i]) > 1e-9) return false;
    return true;
  };
  const auto fixed = runs(false);
  CHECK(same(fixed[0], fixed[1]));
  const auto drawn = runs(true);
  CHECK_FALSE(same(drawn[0], drawn[1]));  // the draws differ, and so do the contentions
}

TEST_CASE("The CM-5 refuses node counts it was never built with") {
  // cm5.toml's node counts: powers of two from 32 to 16384, checked by the family.
  for (int nodes : {16, 48, 100, 32768})
    REQUIRE_THROWS_WITH(make_machine({"cm5", nodes, {}}),
                        Catch::Contains("cm5.toml") && Catch::Contains(fmt::format("cannot take {} nodes", nodes)));
  REQUIRE_NOTHROW(make_machine({"cm5", 1024, {}}));
  REQUIRE_THROWS_WITH(make_machine({"cm5", 32, {{"node_interface", "triple"}}}), Catch::Contains("node_interface"));
  REQUIRE_THROWS_WITH(make_machine({"cm5", 32, {{"speed", "3"}}}), Catch::Contains("unknown option 'speed'"));
  REQUIRE_THROWS_WITH(make_machine({"cray", 32, {}}), Catch::Contains("unknown machine 'cray'"));
}
