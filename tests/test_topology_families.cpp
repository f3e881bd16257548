// The topology families (topologies/topology_family.hpp): routes worked by hand, digests of every
// route and link number of the bundled shapes recorded, and the channel-dependency graph of all
// routes without a cycle (with one when the torus has no dateline).
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "test_paths.hpp"
#include "topologies/channel_dependencies.hpp"
#include "topologies/fabric_graph.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/k_ary_n_cube.hpp"

using namespace mcsim;

namespace {

const std::string machines_folder = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/machines";

std::unique_ptr<TopologyFamily> bundled_family(const std::string& machine, int nodes) {
  const MachineFile file = load_machine_file(machines_folder + "/" + machine + ".toml", {machines_folder});
  return make_topology_family(file.family, file.under("topology.shape."), nodes);
}

// A digest of everything a family derives: its vertex and link counts, every link's ends and every
// route's channels (FNV-1a, 64 bits), and the number of channels all routes claim. Recorded below
// for the bundled shapes when the families replaced the machines' old channel classes (their node
// paths and channel numbers were then checked equal to the old classes' on these very shapes), so
// that a change to any route or link number fails here and is seen.
struct Digest {
  std::uint64_t hash = 1469598103934665603ull;
  std::uint64_t channels = 0;
  void add(std::int64_t v) {
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= static_cast<std::uint64_t>(v >> (8 * byte)) & 0xff;
      hash *= 1099511628211ull;
    }
  }
};

Digest digest(const TopologyFamily& family) {
  Digest d;
  d.add(family.vertex_count());
  d.add(family.link_count());
  d.add(family.virtual_channels());
  for (int link = 0; link < family.link_count(); ++link) {
    d.add(family.link_ends(link).first);
    d.add(family.link_ends(link).second);
  }
  for (int src = 0; src < family.nodes(); ++src)
    for (int dst = 0; dst < family.nodes(); ++dst) {
      const Route route = family.route(src, dst);
      d.add(static_cast<std::int64_t>(route.size()));
      for (const RouteChannel& c : route) {
        d.add(c.link);
        d.add(c.vc);
      }
      d.channels += route.size();
    }
  return d;
}

}  // namespace

TEST_CASE("k-ary n-cube: routes on small cases worked by hand", "[families]") {
  SECTION("3 x 3 mesh, XY: 0 -> 8 goes +x twice then +y twice") {
    const KAryNCube mesh({.sides = {3, 3}});
    CHECK(mesh.link_count() == 24);  // 2 dimensions x 2 directions x 2 links x 3 rows
    // +x links: column * 3 + row; +y links start at 12: row * 3 + column.
    CHECK(mesh.route(0, 8) == Route{{0, 0}, {3, 0}, {14, 0}, {17, 0}});
    CHECK(route_nodes(mesh, 0, mesh.route(0, 8)) == std::vector<int>{0, 1, 2, 5, 8});
    CHECK(mesh.route(4, 4).empty());
  }
  SECTION("ring of 4 with a dateline") {
    const KAryNCube ring({.sides = {4}, .wrap_around = true});
    CHECK(ring.virtual_channels() == 2);
    CHECK(ring.link_count() == 8);  // + links 0..3 (3 is the wrap 3 -> 0), - links 4..7 (7 is the wrap 0 -> 3)
    CHECK(ring.link_ends(3) == std::pair{3, 0});
    CHECK(ring.link_ends(7) == std::pair{0, 3});
    // Half-way round: the + way. 3 -> 0 crosses the dateline, so it and the hop after ride VC 1.
    CHECK(ring.route(3, 1) == Route{{3, 1}, {0, 1}});
    CHECK(ring.route(1, 3) == Route{{1, 0}, {2, 0}});
    CHECK(ring.route(0, 3) == Route{{7, 1}});  // one hop back over the wrap-around link
    CHECK(ring.route(2, 1) == Route{{5, 0}});
  }
  SECTION("4 x 4 torus: 15 -> 0 wraps in x, then in y, each on VC 1") {
    const KAryNCube torus({.sides = {4, 4}, .wrap_around = true});
    CHECK(torus.link_count() == 64);
    // x wrap from (row 3, col 3): 3 * 4 + row 3 = 15; y links start at 32, wrap from row 3, col 0: 32 + 12 + 0.
    CHECK(torus.route(15, 0) == Route{{15, 1}, {44, 1}});
    CHECK(route_nodes(torus, 15, torus.route(15, 0)) == std::vector<int>{15, 12, 0});
    // A minimal route is never longer than 2 + 2 hops.
    for (int s = 0; s < 16; ++s)
      for (int d = 0; d < 16; ++d) CHECK(torus.route(s, d).size() <= 4);
  }
  SECTION("3-cube, e-cube: 0 -> 7 corrects bit 0, 1, 2; link = dimension * 8 + from") {
    const KAryNCube cube({.sides = {2, 2, 2}, .binary_numbering = true});
    CHECK(cube.route(0, 7) == Route{{0, 0}, {9, 0}, {19, 0}});
    CHECK(route_nodes(cube, 0, cube.route(0, 7)) == std::vector<int>{0, 1, 3, 7});
    CHECK(cube.route(6, 5) == Route{{6, 0}, {15, 0}});  // 6 -> 7 (bit 0), 7 -> 5 (bit 1)
  }
}

TEST_CASE("k-ary n-cube: the routes and link numbers recorded for the meshes, hypercubes and torus", "[families]") {
  struct Recorded {
    KAryNCubeShape shape;
    std::uint64_t hash;
    std::uint64_t channels;
  };
  for (const Recorded& r : {
           Recorded{{.sides = {4, 1}}, 6889528440078219204ull, 20},  // the 1 x 4 mesh: 2 x (3 + 2 x 2 + 3 x 1)
           Recorded{{.sides = {4, 2}}, 2567161406400335902ull, 112},
           Recorded{{.sides = {4, 4}}, 2571446270698876642ull, 640},
           Recorded{{.sides = {5, 3}}, 3111481400979328161ull, 560},
           Recorded{{.sides = {8, 8}}, 3148444819820471394ull, 21504},
           Recorded{{.sides = {2}, .binary_numbering = true}, 15373063177295330851ull, 2},
           Recorded{{.sides = {2, 2}, .binary_numbering = true}, 13130103361446212814ull, 16},
           Recorded{{.sides = {2, 2, 2}, .binary_numbering = true}, 9369032998347237138ull, 96},
           Recorded{{.sides = {2, 2, 2, 2}, .binary_numbering = true}, 8177519931322425426ull, 512},
           Recorded{{.sides = {2, 2, 2, 2, 2}, .binary_numbering = true}, 11286491759045784386ull, 2560},
           Recorded{{.sides = {2, 2, 2, 2, 2, 2}, .binary_numbering = true}, 16991007731865519049ull, 12288},
           // 8 x 8 torus: 2 hops a dimension on average, 4,096 pairs x 4.
           Recorded{{.sides = {8, 8}, .wrap_around = true}, 4523721196343277802ull, 16384},
       }) {
    const KAryNCube cube(r.shape);
    INFO(cube.describe());
    const Digest d = digest(cube);
    CHECK(d.hash == r.hash);
    CHECK(d.channels == r.channels);
  }
}

TEST_CASE("k-ary n-cube: read from the bundled machine files", "[families]") {
  const auto mesh = bundled_family("mesh", 64);
  CHECK(mesh->describe() == "8 x 8 mesh, dimension order, 1 VC per link");
  CHECK(digest(*mesh).hash == 3148444819820471394ull);     // the 8 x 8 mesh above
  const auto mesh_32 = bundled_family("mesh", 32);  // 4 rows, 8 columns (nearly square, cols >= rows)
  CHECK(mesh_32->describe() == "8 x 4 mesh, dimension order, 1 VC per link");
  CHECK(digest(*mesh_32).hash == 8674830328417584138ull);
  const auto cube = bundled_family("ipsc860", 64);
  CHECK(digest(*cube).hash == 16991007731865519049ull);    // the 6-cube above
  CHECK_THROWS_WITH(bundled_family("ipsc860", 48), Catch::Contains("ipsc860.toml") && Catch::Contains("48 nodes"));
  CHECK_THROWS_WITH(make_topology_family("moebius", {}, 4), Catch::Contains("k-ary-n-cube"));
}

TEST_CASE("k-ary n-cube: no cycle of channel dependencies, but one on a torus without the dateline",
          "[families]") {
  for (const KAryNCubeShape& shape :
       {KAryNCubeShape{.sides = {4, 4}}, KAryNCubeShape{.sides = {5, 3}}, KAryNCubeShape{.sides = {3, 2, 4}},
        KAryNCubeShape{.sides = {2, 2, 2, 2}, .binary_numbering = true}, KAryNCubeShape{.sides = {8}, .wrap_around = true},
        KAryNCubeShape{.sides = {4, 4}, .wrap_around = true}, KAryNCubeShape{.sides = {5, 5}, .wrap_around = true},
        KAryNCubeShape{.sides = {3, 3, 3}, .wrap_around = true}, KAryNCubeShape{.sides = {8, 8}, .wrap_around = true}}) {
    const KAryNCube cube(shape);
    INFO(cube.describe());
    CHECK(channel_dependency_cycle(cube).empty());
  }
  const KAryNCube no_dateline({.sides = {4, 4}, .wrap_around = true, .dateline = false});
  CHECK(no_dateline.virtual_channels() == 1);
  const auto cycle = channel_dependency_cycle(no_dateline);
  REQUIRE(cycle.size() >= 2);
  // The cycle is a chain of links, each ending where the next starts.
  for (std::size_t i = 0; i < cycle.size(); ++i)
    CHECK(no_dateline.link_ends(cycle[i].link).second == no_dateline.link_ends(cycle[(i + 1) % cycle.size()].link).first);
}

TEST_CASE("k-ary n-cube: shapes it refuses", "[families]") {
  CHECK_THROWS_WITH(KAryNCube({.sides = {2, 4}, .wrap_around = true}), Catch::Contains("3 or more"));
  CHECK_THROWS_WITH(KAryNCube({.sides = {}}), Catch::Contains("at least one dimension"));
  CHECK_THROWS_WITH(KAryNCube({.sides = {0, 4}}), Catch::Contains("side of 0"));
  // The dateline needs two VC classes: a torus of one VC a link is refused, a mesh takes any count.
  CHECK_THROWS_WITH(KAryNCube({.sides = {4, 4}, .wrap_around = true, .virtual_channels = 1}),
                    Catch::Contains("needs 2 to 16"));
  CHECK_THROWS_WITH(KAryNCube({.sides = {4, 4}, .virtual_channels = 17}), Catch::Contains("needs 1 to 16"));
}

TEST_CASE("k-ary n-cube: virtual_channels beyond the classes the routes use", "[families]") {
  const KAryNCube torus({.sides = {4, 4}, .wrap_around = true, .virtual_channels = 4});
  CHECK(torus.virtual_channels() == 4);
  CHECK(torus.vc_classes() == 2);  // routes still name the dateline's class, 0 or 1
  for (int src = 0; src < 16; ++src)
    for (int dst = 0; dst < 16; ++dst)
      for (const RouteChannel& c : torus.route(src, dst)) REQUIRE(c.vc < 2);
  CHECK(channel_dependency_cycle(torus).empty());
  const KAryNCube mesh({.sides = {4, 4}, .virtual_channels = 2});
  CHECK(mesh.virtual_channels() == 2);
  CHECK(mesh.vc_classes() == 1);
  CHECK(KAryNCube({.sides = {4, 4}, .wrap_around = true}).virtual_channels() == 2);
  CHECK(KAryNCube({.sides = {4, 4}}).virtual_channels() == 1);
}

TEST_CASE("hyper-crossbar and switched star: routes worked by hand, read from the bundled files", "[families]") {
  SECTION("2 x 2 x 2 hyper-crossbar, order xyz: 0 -> 7 through the x, y and z crossbars") {
    const MachineFile file = load_machine_file(machines_folder + "/cp-pacs.toml", {machines_folder});
    ParameterRecord sides = *file.find("topology.shape.shape");
    sides.values = {2, 2, 2};
    const ParameterRecord& order = *file.find("topology.shape.order");
    const auto crossbar = make_topology_family("hyper-crossbar", {&sides, &order}, 8);
    CHECK(crossbar->vertex_count() == 20);  // 8 nodes, then 4 crossbars per dimension from 8, 12, 16
    // Blocks of 8 links: into x crossbars, out of them, into y, out of y, into z, out of z.
    CHECK(crossbar->route(0, 7) == Route{{0, 0}, {9, 0}, {17, 0}, {27, 0}, {35, 0}, {47, 0}});
    CHECK(route_nodes(*crossbar, 0, crossbar->route(0, 7)) == std::vector<int>{0, 8, 1, 13, 3, 19, 7});
    CHECK(channel_dependency_cycle(*crossbar).empty());
    CHECK_THROWS_WITH(make_topology_family("hyper-crossbar", {&sides, &order}, 9), Catch::Contains("not 9"));
  }
  SECTION("the CP-PACS file's 4 x 4 x 4: its recorded routes, acyclic") {
    const auto cp_pacs = bundled_family("cp-pacs", 64);
    CHECK(digest(*cp_pacs).hash == 10061902621516045113ull);
    CHECK(digest(*cp_pacs).channels == 18432);  // 64 x 63 pairs, 2 links per differing coordinate
    CHECK(cp_pacs->describe() == "4 x 4 x 4 hyper-crossbar, order xyz, 1 VC per link");
    CHECK(channel_dependency_cycle(*cp_pacs).empty());
  }
  SECTION("star of 4: node -> switch (vertex 4) -> node; links: node i up is i, down to i is 4 + i") {
    const auto star = bundled_family("ethernet-cluster", 4);
    CHECK(star->route(1, 3) == Route{{1, 0}, {7, 0}});
    CHECK(route_nodes(*star, 1, star->route(1, 3)) == std::vector<int>{1, 4, 3});
    CHECK(star->route(2, 2).empty());
    CHECK(channel_dependency_cycle(*star).empty());
    CHECK_THROWS_WITH(bundled_family("ethernet-cluster", 1), Catch::Contains("cannot take 1 nodes: fewer than 2"));
    const auto cluster = bundled_family("ethernet-cluster", 24);
    CHECK(digest(*cluster).hash == 18086223503125401739ull);
    CHECK(digest(*cluster).channels == 24 * 23 * 2);
  }
}

TEST_CASE("fat tree: routes worked by hand, every up-link draw acyclic, the CM-5 file's shape", "[families]") {
  SECTION("binary fat tree of 4 nodes, 1 then 2 parents") {
    // Level 1: 2 switches (vertices 4, 5), one parent each; level 2: 2 copies of the root (6, 7).
    // Wires: 0..3 node -> level 1; 4..7 level-1 switch (group g, port p) -> root copy p: 4 + 2g + p.
    const FatTree tree(FatTreeShape(4, 2, {1, 2}), "d-mod-k");
    CHECK(tree.vertex_count() == 8);
    CHECK(tree.link_count() == 16);  // up links 0..7, down link of wire w is 15 - w
    CHECK(tree.route(0, 1) == Route{{0, 0}, {14, 0}});  // up wire 0, down wire 1
    CHECK(route_nodes(tree, 0, tree.route(0, 1)) == std::vector<int>{0, 4, 1});
    // 0 -> 3 by port 0: up wires 0, 4 (switch 4 -> root 6), down wires 6 (root 6 -> switch 5), 3.
    CHECK(tree.route_with(0, 3, first_uplink) == Route{{0, 0}, {4, 0}, {9, 0}, {12, 0}});
    CHECK(route_nodes(tree, 0, tree.route_with(0, 3, first_uplink)) == std::vector<int>{0, 4, 6, 5, 3});
    // d-mod-k (route()): at level 2 the port is 3 / w_1 mod w_2 = 1, root copy 7 (wire 4 + 1 = 5 up,
    // wire 4 + 2 + 1 = 7 down, link 15 - 7 = 8); to node 2 it is 2 mod 2 = 0, root copy 6.
    CHECK(tree.route(0, 3) == Route{{0, 0}, {5, 0}, {8, 0}, {12, 0}});
    CHECK(route_nodes(tree, 0, tree.route(0, 3)) == std::vector<int>{0, 4, 7, 5, 3});
    CHECK(route_nodes(tree, 0, tree.route(0, 2)) == std::vector<int>{0, 4, 6, 5, 2});
    // The other draw at level 2 goes over root copy 7.
    const auto other = [](int level, int) { return level == 2 ? 1 : 0; };
    CHECK(route_nodes(tree, 0, tree.route_with(0, 3, other)) == std::vector<int>{0, 4, 7, 5, 3});
  }
  SECTION("all up-link draws together have no dependency cycle") {
    for (const auto& [nodes, arity, parents] :
         {std::tuple{16, 4, std::vector{2, 2}}, std::tuple{32, 4, std::vector{2, 2, 2}}, std::tuple{8, 2, std::vector{1, 2, 2}}}) {
      const FatTree tree(FatTreeShape(nodes, arity, parents), "random");
      // A family whose route() is each draw in turn: the union of every route's dependencies.
      struct EveryDraw final : TopologyFamily {
        const FatTree& t;
        explicit EveryDraw(const FatTree& tree) : t(tree) {}
        std::string family() const override { return t.family(); }
        std::string describe() const override { return t.describe(); }
        int nodes() const override { return t.nodes() * 8; }  // (draw, src) pairs as sources
        int vertex_count() const override { return t.vertex_count(); }
        int link_count() const override { return t.link_count(); }
        std::pair<int, int> link_ends(int link) const override { return t.link_ends(link); }
        int virtual_channels() const override { return 1; }
        Route route(int src, int dst) const override {
          const int draw = src / t.nodes();
          if (dst >= t.nodes()) return {};
          return t.route_with(src % t.nodes(), dst, [draw](int level, int w) { return (draw >> (level - 1)) % w; });
        }
      } every(tree);
      INFO(tree.describe());
      CHECK(channel_dependency_cycle(every).empty());
    }
  }
  SECTION("the CM-5 file: 64 nodes, parents 2, 2, 2 by the cm5 rule, random up-links") {
    const auto cm5 = bundled_family("cm5", 64);
    CHECK(cm5->describe() == "4-ary fat tree of 64 nodes, 3 levels, parents 2,2,2, random up-links");
    const auto& tree = dynamic_cast<const FatTree&>(*cm5);
    CHECK(tree.shape().wire_count() == FatTreeShape(64, 4, cm5_parents_per_level(3)).wire_count());
    for (int link = 0; link < tree.link_count(); ++link) {
      const auto [from, to] = tree.link_ends(link);
      CHECK((from >= 0 && to >= 0 && from < tree.vertex_count() && to < tree.vertex_count() && from != to));
    }
    for (int dst = 0; dst < 64; ++dst) CHECK(route_nodes(*cm5, 5, cm5->route(5, dst)).back() == dst);
    CHECK_THROWS_WITH(bundled_family("cm5", 16), Catch::Contains("cm5.toml") && Catch::Contains("fewer than 32"));
    CHECK_THROWS_WITH(bundled_family("cm5", 96), Catch::Contains("not a power of two"));
  }
}

TEST_CASE("The fabric graph of every bundled family: one wire per link and its way back, every route a shortest walk on it", "[families]") {
  for (const auto& [machine, nodes] : std::vector<std::pair<std::string, int>>{
           {"cm5", 64}, {"cp-pacs", 64}, {"ethernet-cluster", 24}, {"ipsc860", 64}, {"mesh", 64}, {"paragon", 64},
           {"t3d", 64}}) {
    INFO(machine);
    const auto family = bundled_family(machine, nodes);
    const FabricGraph fabric(*family);
    CHECK(fabric.nodes() == nodes);
    CHECK(static_cast<int>(boost::num_vertices(fabric.graph())) == family->vertex_count());
    CHECK(2 * fabric.wire_count() == family->link_count());
    for (int src = 0; src < nodes; ++src) {
      const auto distance = fabric.hop_distances(src);
      for (int dst = 0; dst < nodes; ++dst) {
        const Route route = family->route(src, dst);
        REQUIRE(fabric.is_path(src, dst, route));
        REQUIRE(static_cast<int>(route.size()) == distance[static_cast<std::size_t>(dst)]);
      }
    }
  }
}

TEST_CASE("Route policies: registered by name, an unknown one refused at its record, each the old routes", "[families]") {
  CHECK(route_policy_names(RoutedFamily::k_ary_n_cube) == std::vector<std::string>{"dimension-order", "xy", "e-cube"});
  CHECK(route_policy_names(RoutedFamily::fat_tree) == std::vector<std::string>{"random", "d-mod-k"});
  // The policy a bundled file names gives the routes recorded above (the digests of the shapes
  // before the policies were registered objects): XY on the mesh, e-cube on the iPSC/860, dimension
  // order with the dateline on a torus.
  CHECK(dynamic_cast<const KAryNCube&>(*bundled_family("mesh", 64)).policy().name == "xy");
  CHECK(dynamic_cast<const KAryNCube&>(*bundled_family("ipsc860", 64)).policy().name == "e-cube");
  CHECK(dynamic_cast<const KAryNCube&>(*bundled_family("t3d", 64)).policy().name == "dimension-order");
  CHECK(dynamic_cast<const KAryNCube&>(*bundled_family("paragon", 64)).policy().name == "xy");
  CHECK(digest(KAryNCube({.sides = {8, 8}, .routing = "xy"})).hash == 3148444819820471394ull);
  CHECK(digest(KAryNCube({.sides = {8, 8}, .routing = "dimension-order"})).hash == 3148444819820471394ull);
  CHECK(digest(KAryNCube({.sides = std::vector<int>(6, 2), .binary_numbering = true, .routing = "e-cube"})).hash ==
        16991007731865519049ull);
  CHECK(digest(KAryNCube({.sides = {8, 8}, .wrap_around = true, .routing = "xy"})).hash == 4523721196343277802ull);
  // The fat tree's d-mod-k policy is the family's route(); random draws its up-links from the
  // message's generator, each draw one of route_with's routes.
  const FatTree tree(FatTreeShape(32, 4, cm5_parents_per_level(3)), "d-mod-k");
  const RoutePolicy& random = find_route_policy("random", RoutedFamily::fat_tree, "test");
  for (int dst = 1; dst < 32; ++dst) {
    CHECK(tree.route(0, dst) == fat_tree_route(tree.shape(), 0, dst, d_mod_k_uplinks(tree.shape(), dst)));
    Rng a(dst), b(dst);
    CHECK(fat_tree_route(tree.shape(), 0, dst, random.uplinks(tree.shape(), dst, &a)) ==
          tree.route_with(0, dst, [&b](int, int parents) { return b.below(parents); }));
  }
  // Refused: an unknown name (naming the known ones), a policy on a shape it cannot route.
  CHECK_THROWS_WITH(find_route_policy("west-first", RoutedFamily::k_ary_n_cube, "m.toml:9 (topology.shape.routing)"),
                    "m.toml:9 (topology.shape.routing): unknown routing \"west-first\" (known: dimension-order, xy, "
                    "e-cube)");
  CHECK_THROWS_WITH(FatTree(FatTreeShape(32, 4, {2, 2, 2}), "deterministic"), Catch::Contains("known: random, d-mod-k"));
  CHECK_THROWS_WITH(KAryNCube({.sides = {4, 4, 4}, .routing = "xy"}), Catch::Contains("XY routing needs 2 dimensions"));
  CHECK_THROWS_WITH(KAryNCube({.sides = {4, 4}, .routing = "e-cube"}), Catch::Contains("binary hypercube"));
}

TEST_CASE("Route policies: a machine file's routing is read and checked at its line", "[families][machine-files]") {
  const std::string dir = test::temp_dir("route-policy");
  const auto family_of = [&](const std::string& base, const std::string& routing, int nodes) {
    const std::string path = dir + "/" + base + "-what-if.toml";
    std::ofstream(path) << "base = \"" << base << "\"\nname = \"" << base << "-what-if\"\n[topology.shape]\n"
                        << "routing = { value = \"" << routing << "\", source = \"what if\", assumption = true }\n";
    const MachineFile file = load_machine_file(path, {machines_folder});
    return make_topology_family(file.family, file.under("topology.shape."), nodes);
  };
  CHECK_THROWS_WITH(family_of("mesh", "adaptive", 16),
                    Catch::Contains("mesh-what-if.toml:4 (topology.shape.routing): unknown routing \"adaptive\" (known: "
                                    "dimension-order, xy, e-cube)"));
  CHECK_THROWS_WITH(family_of("t3d", "xy", 64), Catch::Contains("t3d-what-if.toml:4 (topology.shape.routing): XY "
                                                                "routing needs 2 dimensions, the shape has 3"));
  CHECK_THROWS_WITH(family_of("ipsc860", "xy", 64), Catch::Contains("needs 2 dimensions, the shape has 6"));
  // The same routes under either name of dimension order.
  CHECK(digest(*family_of("mesh", "dimension-order", 64)).hash == 3148444819820471394ull);
  CHECK(digest(*family_of("ipsc860", "dimension-order", 64)).hash == 16991007731865519049ull);
}

TEST_CASE("k-ary n-cube with concentration: two nodes a router, injection and ejection links", "[families]") {
  // A 4 x 4 torus of routers, 2 nodes each: nodes 0..31, routers 32..47 (router r = 32 + r holds
  // nodes 2r and 2r + 1). Links: the torus's 64 (as without concentration, between routers), then
  // node i's injection link 64 + i, then its ejection link 96 + i.
  const KAryNCube cube({.sides = {4, 4}, .wrap_around = true, .nodes_per_router = 2, .interface_links = true});
  CHECK(cube.nodes() == 32);
  CHECK(cube.routers() == 16);
  CHECK(cube.vertex_count() == 48);
  CHECK(cube.link_count() == 64 + 2 * 32);
  CHECK(cube.describe() == "4 x 4 torus, dimension order, 2 VCs per link, 2 nodes per router with interface links");
  CHECK(cube.link_ends(64 + 5) == std::pair{5, 32 + 2});
  CHECK(cube.link_ends(96 + 5) == std::pair{32 + 2, 5});
  CHECK(cube.node_interface(64));
  CHECK(!cube.node_interface(63));
  CHECK(cube.link_dimension(64) == -1);
  // Two nodes of one router talk through it: injection, ejection.
  CHECK(cube.route(0, 1) == Route{{64, 0}, {97, 0}});
  CHECK(route_nodes(cube, 0, cube.route(0, 1)) == std::vector<int>{0, 32, 1});
  // Node 0 (router 0) to node 2 (router 1): one + hop in x between the routers.
  CHECK(route_nodes(cube, 0, cube.route(0, 2)) == std::vector<int>{0, 32, 33, 2});
  // Node 0 to node 7 (router 3): the shorter way is the - way round x, over the wrap-around link,
  // so the hop after the dateline is on VC 1.
  const Route wrap = cube.route(0, 7);
  CHECK(route_nodes(cube, 0, wrap) == std::vector<int>{0, 32, 35, 7});
  CHECK(wrap[1].vc == 1);
  // The routers' links and routes are the torus's without concentration, moved to the routers.
  const KAryNCube plain({.sides = {4, 4}, .wrap_around = true});
  for (int src = 0; src < 16; ++src)
    for (int dst = 0; dst < 16; ++dst) {
      if (src == dst) continue;
      const Route concentrated = cube.route(2 * src, 2 * dst + 1);
      REQUIRE(concentrated.size() == plain.route(src, dst).size() + 2);
      CHECK(Route(concentrated.begin() + 1, concentrated.end() - 1) == plain.route(src, dst));
    }
  CHECK(channel_dependency_cycle(cube).empty());
  // The fabric graph: one wire per link and its way back, every route a shortest walk.
  const FabricGraph fabric(cube);
  CHECK(2 * fabric.wire_count() == cube.link_count());
  CHECK(static_cast<int>(boost::num_vertices(fabric.graph())) == 48);
  for (int src = 0; src < 32; ++src) {
    const auto distance = fabric.hop_distances(src);
    for (int dst = 0; dst < 32; ++dst) {
      CHECK(fabric.is_path(src, dst, cube.route(src, dst)));
      CHECK(static_cast<int>(cube.route(src, dst).size()) == distance[static_cast<std::size_t>(dst)]);
    }
  }
  // Interface links with one node a router: nodes 0..15 and routers 16..31 on a mesh.
  const KAryNCube mesh({.sides = {4, 4}, .interface_links = true});
  CHECK(mesh.vertex_count() == 32);
  CHECK(route_nodes(mesh, 0, mesh.route(0, 5)) == std::vector<int>{0, 16, 17, 21, 5});
  CHECK(channel_dependency_cycle(mesh).empty());
  const KAryNCube hypercube({.sides = {2, 2, 2}, .binary_numbering = true, .routing = "e-cube", .nodes_per_router = 4,
                             .interface_links = true});
  CHECK(hypercube.nodes() == 32);
  CHECK(route_nodes(hypercube, 0, hypercube.route(0, 31)) == std::vector<int>{0, 32, 33, 35, 39, 31});
  CHECK(channel_dependency_cycle(hypercube).empty());
  CHECK_THROWS_WITH(KAryNCube({.sides = {4, 4}, .nodes_per_router = 2}), Catch::Contains("interface_links = true"));
}

TEST_CASE("k-ary n-cube with concentration: read from a machine file", "[families][machine-files]") {
  const std::string dir = test::temp_dir("concentration-file");
  const auto family_of = [&](const std::string& shape, int nodes) {
    const std::string path = dir + "/torus.toml";
    std::ofstream(path) << "base = \"t3d\"\nname = \"torus\"\n[topology.shape]\n" << shape;
    const MachineFile file = load_machine_file(path, {machines_folder});
    return make_topology_family(file.family, file.under("topology.shape."), nodes);
  };
  const auto cube = family_of("nodes_per_router = { value = 2, source = \"test\", assumption = true }\n", 128);
  CHECK(cube->describe() == "4 x 4 x 4 torus, dimension order, 2 VCs per link, 2 nodes per router with interface links");
  CHECK(cube->vertex_count() == 128 + 64);
  CHECK_THROWS_WITH(family_of("nodes_per_router = { value = 2, source = \"test\", assumption = true }\n", 64),
                    Catch::Contains("has 128 nodes, not 64"));
  CHECK_THROWS_WITH(family_of("nodes_per_router = { value = 2, source = \"test\", assumption = true }\n"
                              "interface_links = { value = false, source = \"test\", assumption = true }\n",
                              128),
                    Catch::Contains("torus.toml:5 (topology.shape.interface_links)") &&
                        Catch::Contains("interface_links must be true"));
  CHECK_THROWS_WITH(family_of("nodes_per_router = { value = 3, source = \"test\", assumption = true }\n", 64),
                    Catch::Contains("torus.toml:4 (topology.shape.nodes_per_router): cannot take 64 nodes: not a "
                                    "multiple of 3 nodes per router"));
}
