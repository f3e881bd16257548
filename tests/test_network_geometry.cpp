// Replays of every family readable (issue 49): each topology family's drawing keeps its links short,
// so no link is a chord across the picture. The bound is the layout's own pitch: a grid's node
// spacing (a torus' wrap-around channels are two short arrows at the edges, sim/output/
// network_geometry.hpp), a hypercube's cell, a fat tree's level gap, a hyper-crossbar's stub from a
// node to its crossbar's bar, a star's spoke.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>

#include "sim/output/network_geometry.hpp"
#include "sim/output/svg_drawing.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;

namespace {

double length(const Point& a, const Point& b) { return std::hypot(b.x - a.x, b.y - a.y); }

struct Drawn {
  NetworkLinks network;
  NetworkDrawing drawing;
  int wraps = 0;              // links drawn as two arrows
  double longest = 0;         // the longest line drawn (an arrow counts alone)
  bool inside = true;         // every end within the picture
};

Drawn drawn(const MachineSpec& spec) {
  Drawn d;
  d.network = make_machine(spec)->platform().links();
  d.drawing = network_drawing(d.network, spec.nodes);
  auto within = [&](const Point& p) {
    d.inside = d.inside && p.x >= 0 && p.y >= 0 && p.x <= d.drawing.width && p.y <= d.drawing.height;
  };
  for (const auto& mark : d.drawing.links) {
    if (!mark || mark->box) continue;
    d.longest = std::max(d.longest, length(mark->from, mark->to));
    within(mark->from), within(mark->to);
    if (!mark->enter) continue;
    ++d.wraps;
    d.longest = std::max(d.longest, length(mark->enter->first, mark->enter->second));
    within(mark->enter->first), within(mark->enter->second);
  }
  for (const Point& p : d.drawing.nodes) within(p);
  return d;
}

}  // namespace

TEST_CASE("Network drawing: a 2-D torus is a grid, its wrap-around channels short arrows at the edges") {
  const Drawn torus = drawn({"t3d", 64, {{"sides", "8x8"}}});
  REQUIRE(torus.network.layout == NetworkLayout::grid);
  const MeshGeometry grid(torus.network, 64);
  REQUIRE(grid.cols == 8);
  REQUIRE(grid.rows == 8);
  // 8 rows and 8 columns, each with one wrap-around channel each way.
  REQUIRE(torus.wraps == 2 * 2 * 8);
  // The ring layout drew a chord of up to its diameter (660 px); a grid's channels span one pitch.
  REQUIRE(torus.longest <= grid.cell * 0.75);
  REQUIRE(torus.inside);
  std::size_t drawn_links = 0;
  for (const auto& mark : torus.drawing.links) drawn_links += mark.has_value();
  REQUIRE(drawn_links == torus.network.links.size());
}

TEST_CASE("Network drawing: a 3-D torus (the T3D) is layered grids, every channel shorter than the pitch") {
  const Drawn t3d = drawn({"t3d", 64, {}});
  REQUIRE(t3d.network.layout == NetworkLayout::grid);
  const MeshGeometry grid(t3d.network, 64);
  REQUIRE(grid.layers == 4);
  REQUIRE(grid.layer_shift < grid.cell / 4);
  REQUIRE(t3d.wraps == 3 * 2 * 16);
  REQUIRE(t3d.longest <= grid.cell * 0.75);
  REQUIRE(t3d.inside);
  // No two nodes drawn at one place.
  for (std::size_t a = 0; a < t3d.drawing.nodes.size(); ++a)
    for (std::size_t b = a + 1; b < t3d.drawing.nodes.size(); ++b)
      REQUIRE(length(t3d.drawing.nodes[a], t3d.drawing.nodes[b]) > grid.layer_shift * 0.9);
  // The largest T3D stays a grid of short channels too.
  const Drawn big = drawn({"t3d", 2048, {{"sides", "8x16x16"}}});
  REQUIRE(big.longest <= MeshGeometry(big.network, 2048).cell * 0.75);
  REQUIRE(big.inside);
}

TEST_CASE("Network drawing: a mesh has no arrows, its channels one pitch long") {
  const Drawn mesh = drawn({"paragon", 64, {}});
  REQUIRE(mesh.network.layout == NetworkLayout::grid);
  REQUIRE(mesh.wraps == 0);
  REQUIRE(mesh.longest <= MeshGeometry(mesh.network, 64).cell * 0.75);
  REQUIRE(mesh.inside);
}

TEST_CASE("Network drawing: a hypercube is one row per dimension, labelled, its cells one per channel") {
  const Drawn cube = drawn({"ipsc860", 64, {}});
  REQUIRE(cube.network.layout == NetworkLayout::dimensions);
  const HypercubeGeometry g(64);
  REQUIRE(cube.drawing.labels.size() == 6);
  REQUIRE(cube.drawing.labels[5].text == "dim 5 (bit 5)");
  for (std::size_t i = 0; i < cube.network.links.size(); ++i) {
    const auto& mark = cube.drawing.links[i];
    REQUIRE(mark);
    REQUIRE(mark->box);
    REQUIRE(mark->to.x <= g.cell_w);  // a cell, not a line between far nodes
    REQUIRE(mark->from.y == Approx(g.top + cube.network.links[i].dimension * g.cell_h));
  }
}

TEST_CASE("Network drawing: a fat tree's wires join adjacent levels only") {
  const Drawn tree = drawn({"cm5", 64, {}});
  const FatTreeGeometry g(tree.network, 64);
  for (const auto& mark : tree.drawing.links)
    if (mark && !mark->box) REQUIRE(std::abs(mark->to.y - mark->from.y) == Approx(g.level_gap));
  REQUIRE(tree.inside);
}

namespace {

// How far p lies from the segment a-b.
double off_segment(const Point& p, const Point& a, const Point& b) {
  const double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  const double t = l2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0.0, 1.0) : 0;
  return length(p, {a.x + t * dx, a.y + t * dy});
}

}  // namespace

TEST_CASE("Network drawing: a hyper-crossbar (CP-PACS) is a grid of nodes with a bar per crossbar, every link a stub") {
  const Drawn cp = drawn({"cp-pacs", 64, {}});
  REQUIRE(cp.network.layout == NetworkLayout::crossbars);
  const CrossbarGeometry g(cp.network, 64);
  REQUIRE(g.sides == std::array<int, 3>{4, 4, 4});
  // One bar per crossbar: a line along x per (y, z), along y per (x, z), along z per (x, y).
  REQUIRE(cp.drawing.switches.size() == 3 * 16);
  REQUIRE(cp.inside);
  // The ring layout drew each link from its node to a crossbar on an inner circle (up to 530 px);
  // here each is a stub from its node to the bar of its own crossbar, a fraction of the pitch.
  REQUIRE(cp.longest <= g.reach);
  REQUIRE(cp.longest <= g.cell * 0.15);
  int into = 0;
  for (std::size_t i = 0; i < cp.network.links.size(); ++i) {
    const LinkIdentity& link = cp.network.links[i];
    const auto& mark = cp.drawing.links[i];
    REQUIRE(mark);
    REQUIRE(link.role == LinkRole::switch_link);
    REQUIRE(link.dimension >= 0);
    const bool in = link.from.index < 64;
    into += in;
    const int node = in ? link.from.index : link.to.index;
    const Point at_node = in ? mark->from : mark->to, at_bar = in ? mark->to : mark->from;
    // One end at its node, the other on the bar of the crossbar it joins (the bar through its node
    // along the link's dimension): no link reaches across to another line.
    REQUIRE(length(at_node, g.node(node)) <= g.reach * 0.5);
    const auto [a, b] = g.bar(node, link.dimension);
    REQUIRE(off_segment(at_bar, a, b) <= g.side * 1.01);
    // The crossbar it joins is the one the family says: its vertex is the same for every node on the line.
    const int crossbar = in ? link.to.index : link.from.index;
    for (const LinkIdentity& other : cp.network.links)
      if (other.from.index == crossbar) REQUIRE(off_segment(g.node(other.to.index), a, b) <= g.reach * 1.01);
  }
  REQUIRE(into == 3 * 64);
  // The full CP-PACS (8 x 17 x 16, 2,176 nodes) stays stubs inside the picture.
  const Drawn full = drawn({"cp-pacs", 2176, {{"shape", "8x17x16"}}});
  const CrossbarGeometry big(full.network, 2176);
  REQUIRE(full.longest <= big.cell * 0.15);
  REQUIRE(full.inside);
  REQUIRE(full.drawing.switches.size() == 2176 / 8 + 2176 / 17 + 2176 / 16);
}

TEST_CASE("Network drawing: a star is spokes between its nodes and the switch's box, none across it") {
  for (const int nodes : {24, 1024}) {
    const Drawn star = drawn({"ethernet-cluster", nodes, {}});
    REQUIRE(star.network.layout == NetworkLayout::star);
    const StarGeometry g(nodes);
    REQUIRE(star.inside);
    REQUIRE(star.drawing.switches.size() == 4);  // the switch's box
    REQUIRE(star.longest <= g.radius - g.hub);
    for (std::size_t i = 0; i < star.network.links.size(); ++i) {
      const auto& mark = star.drawing.links[i];
      REQUIRE(mark);
      // Radial: its line passes the centre at no more than its offset from its twin.
      const double dx = mark->to.x - mark->from.x, dy = mark->to.y - mark->from.y;
      const double past = std::abs(dx * (g.centre.y - mark->from.y) - dy * (g.centre.x - mark->from.x)) / std::hypot(dx, dy);
      REQUIRE(past <= g.side * 1.01);
      // From its own node: the node end lies within a few pixels of the node it belongs to.
      const LinkIdentity& link = star.network.links[i];
      const bool in = link.from.index < nodes;
      REQUIRE(length(in ? mark->from : mark->to, g.node(in ? link.from.index : link.to.index)) <= 10);
    }
  }
}

TEST_CASE("Network drawing: a hypercube's cells are outlined in their dimension's colour, its row labels too") {
  const Drawn cube = drawn({"ipsc860", 64, {}});
  std::set<std::string> colours;
  for (std::size_t i = 0; i < cube.network.links.size(); ++i) {
    const auto& mark = cube.drawing.links[i];
    REQUIRE(mark->outline == dimension_colour(cube.network.links[i].dimension));
    colours.insert(mark->outline);
  }
  REQUIRE(colours.size() == 6);  // one per dimension, none twice
  for (int d = 0; d < 6; ++d) REQUIRE(cube.drawing.labels[static_cast<std::size_t>(d)].colour == dimension_colour(d));
  // None is a colour of the load scale (yellow to dark red, grey for none).
  for (const auto& colour : colours)
    for (int percent = 0; percent <= 100; ++percent) REQUIRE(colour != svg::heat_colour(percent / 100.0));
}
