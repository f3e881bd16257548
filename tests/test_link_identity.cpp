// Typed link identities (sim/core/link_identity.hpp): every platform lists each link it builds,
// with a role and ends that the recorder and the pictures read instead of the link's SimGrid name.
#include <catch2/catch.hpp>

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;

namespace {

std::vector<std::string> sorted_names(const NetworkLinks& network) {
  std::vector<std::string> names;
  for (const auto& link : network.links) names.push_back(link_name(link));
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("Every bundled machine's platform builds exactly the links it lists, one SimGrid link per identity", "[engine]") {
  std::vector<MachineSpec> specs;
  for (const auto& m : bundled_machines()) specs.push_back({m.name, m.listed_nodes, {}});
  specs.push_back({"cm5", 32, {{"node_interface", "duplex"}}});
  REQUIRE(specs.size() >= 8);
  for (const auto& spec : specs) {
    INFO(spec.name);
    const std::vector<std::string> listed = sorted_names(make_machine(spec)->platform().links());
    REQUIRE(std::adjacent_find(listed.begin(), listed.end()) == listed.end());  // one name per identity
    // The links SimGrid holds once the platform is built, but the loopbacks (mcsim's and SimGrid's).
    const std::string built = test::in_machine(spec, [](Machine&) {
      std::vector<std::string> names;
      for (const auto* link : simgrid::s4u::Engine::get_instance()->get_all_links())
        if (link->get_name() != "loopback" && !link->get_name().starts_with("__")) names.push_back(link->get_name());
      std::sort(names.begin(), names.end());
      return fmt::format("{}", fmt::join(names, " "));
    });
    REQUIRE(built == fmt::format("{}", fmt::join(listed, " ")));
  }
}

TEST_CASE("Link identities: a hypercube's channels carry their dimension, a fat tree's wires their ends") {
  const NetworkLinks cube = make_machine({"ipsc860", 16, {}})->platform().links();
  REQUIRE(cube.layout == NetworkLayout::dimensions);
  REQUIRE(cube.links.size() == 16 * 4);
  for (const auto& link : cube.links) {
    REQUIRE(link.role == LinkRole::network_channel);
    REQUIRE((link.from.index ^ link.to.index) == 1 << link.dimension);
  }
  REQUIRE(make_machine({"mesh", 16, {}})->platform().links().layout == NetworkLayout::grid);
  REQUIRE(make_machine({"t3d", 64, {}})->platform().links().layout == NetworkLayout::grid);  // a torus, layered
  REQUIRE(make_machine({"ethernet-cluster", 8, {}})->platform().links().links.front().role == LinkRole::switch_link);

  const NetworkLinks tree = make_machine({"cm5", 32, {}})->platform().links();
  REQUIRE(tree.layout == NetworkLayout::tree);
  const FatTreeShape shape = test::cm5_fat_tree(32);
  std::size_t wires = 0, interfaces = 0;
  for (const auto& link : tree.links) {
    if (link.role == LinkRole::node_interface) {
      ++interfaces;
      REQUIRE(link.direction == InterfaceDirection::both);
      continue;
    }
    REQUIRE(link.role == LinkRole::fat_tree_wire);
    ++wires;
    const LinkEnd& lower = link.up ? link.from : link.to;
    const LinkEnd& upper = link.up ? link.to : link.from;
    REQUIRE(lower.level == link.level - 1);
    REQUIRE(upper.level == link.level);
    REQUIRE(static_cast<std::size_t>(upper.index) < shape.elements(link.level));
    // A node's wire climbs to a switch of its own group at the level above.
    if (link.level == 1)
      REQUIRE(static_cast<std::size_t>(upper.index) / shape.copies(1) == shape.group_of(lower.index, 1));
  }
  REQUIRE(interfaces == 32);
  REQUIRE(wires == 2 * shape.wire_count());
}

TEST_CASE("mcsim timeline --link-load draws a what-if fat tree with its own name and shape as a tree", "[cli]") {
  const auto dir = test::temp_dir("what-if-tree");
  // Not the CM-5's name, not its shape: 2 children per switch.
  std::ofstream(dir + "/tree.toml") << ("base = \"cm5\"\nname = \"binary-tree\"\ntitle = \"A CM-5 with 2 children per switch\"\n"
                                       "[topology.shape]\narity = { value = 2, source = \"what if\", assumption = true }\n");
  const auto r = test::run_mcsim("timeline --machine " + dir + "/tree.toml --nodes 32 --link-load -o " + dir + "/t.csv");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  MachineFile file = read_machine({dir + "/tree.toml", 32, {}});
  resolve_for_nodes(file, 32);  // the derived up-links per level
  const FatTreeShape shape = FatTree::from_shape(file.under("topology.shape."), 32).shape();
  REQUIRE(shape.levels() == 5);
  std::size_t switches = 0;
  for (int level = 1; level <= shape.levels(); ++level) switches += shape.elements(level);
  const std::string svg = test::slurp(dir + "/t.links.svg");
  std::size_t circles = 0;
  for (auto at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++circles;
  REQUIRE(circles == switches);  // one dot per switch of this tree, not of the CM-5's
  REQUIRE(svg.find(">level 5</text>") != std::string::npos);
  REQUIRE(r.out.find("level 5 up-links: ") != std::string::npos);
  REQUIRE(r.out.find("node interfaces: 32 links") != std::string::npos);
}
