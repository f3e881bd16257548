// Replays of every family readable (issue 49): each topology family's drawing keeps its links short,
// so no link is a chord across the picture. The bound is the layout's own pitch: a grid's node
// spacing (a torus' wrap-around channels are two short arrows at the edges, sim/output/
// network_geometry.hpp), a hypercube's cell, a fat tree's level gap.
#include <catch2/catch.hpp>

#include <cmath>

#include "sim/output/network_geometry.hpp"
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
