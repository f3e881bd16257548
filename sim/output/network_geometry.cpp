#include "network_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace mcsim {

namespace {

// How many elements each level of a fat tree has, as its wires' ends give them (level 0: the nodes).
std::vector<std::size_t> level_sizes(const NetworkLinks& network, int nodes) {
  std::vector<std::size_t> sizes{static_cast<std::size_t>(nodes)};
  for (const auto& link : network.links) {
    if (link.role != LinkRole::fat_tree_wire) continue;
    for (const LinkEnd& end : {link.from, link.to}) {
      const auto level = static_cast<std::size_t>(end.level);
      if (sizes.size() <= level) sizes.resize(level + 1, 0);
      sizes[level] = std::max(sizes[level], static_cast<std::size_t>(end.index) + 1);
    }
  }
  return sizes;
}

}  // namespace

FatTreeGeometry::FatTreeGeometry(const NetworkLinks& network, int node_count)
    : nodes(node_count),
      elements(level_sizes(network, node_count)),
      levels(static_cast<int>(elements.size()) - 1),
      plot_width(std::clamp(28.0 * nodes, 800.0, 1800.0)),
      width(plot_width + 2 * left),
      height(top + level_gap * levels + 130),
      offset(std::min(1.5, plot_width / static_cast<double>(nodes) / 6)),
      stroke(std::clamp(plot_width / static_cast<double>(elements.at(levels > 0 ? 1 : 0)) / 5, 0.6, 2.5)),
      box(std::clamp(plot_width / nodes * 0.7, 3.0, 16.0)) {}

LinkMark FatTreeGeometry::wire(const LinkIdentity& wire) const {
  const LinkEnd& lower = wire.up ? wire.from : wire.to;
  const LinkEnd& upper = wire.up ? wire.to : wire.from;
  const double dx = wire.up ? -offset : offset;
  return {false, {x_of(lower) + dx, y_of(lower.level)}, {x_of(upper) + dx, y_of(upper.level)}, stroke, {}, {}};
}

LinkMark FatTreeGeometry::interface(const LinkIdentity& interface) const {
  const bool in = interface.direction == InterfaceDirection::in;
  const bool out_half = interface.direction == InterfaceDirection::out;
  const double x = x_of(interface.from) - box / 2 + (in ? box / 2 : 0);
  return {true, {x, y_of(0)}, {(in || out_half) ? box / 2 : box, box}, 0.5, {}, {}};
}

std::string dimension_colour(int dimension) {
  // Eight, then again: a hypercube of more than 256 nodes has two rows of one colour, their labels apart.
  static constexpr const char* colours[] = {"#1f77b4", "#2ca02c", "#9467bd", "#17becf",
                                            "#393b79", "#637939", "#7f7f7f", "#e377c2"};
  return colours[static_cast<std::size_t>(std::max(dimension, 0)) % std::size(colours)];
}

HypercubeGeometry::HypercubeGeometry(int node_count) : nodes(node_count) {
  while ((1 << dims) < nodes) ++dims;
  cell_w = std::clamp(1100.0 / nodes, 3.0, 18.0);
  panel_height = dims * cell_h + 40;
  width = left + cell_w * nodes + 40;
  height = top + 2 * panel_height + 70;
}

LinkMark HypercubeGeometry::channel(const LinkIdentity& channel, int panel) const {
  return {true, {left + channel.from.index * cell_w, panel_top(panel) + channel.dimension * cell_h}, {cell_w, cell_h - 1}, 0, {},
          dimension_colour(channel.dimension)};
}

namespace {

// A grid's sides as x, y, z: the network's (a mesh without them: one row of all its nodes), then 1s.
std::vector<int> grid_sides_of(const NetworkLinks& network, int nodes) {
  std::vector<int> sides = network.grid_sides;
  if (sides.empty()) sides = {nodes};
  if (sides.size() == 1 && sides[0] < nodes) sides.push_back((nodes + sides[0] - 1) / sides[0]);
  sides.resize(3, 1);
  return sides;
}

}  // namespace

MeshGeometry::MeshGeometry(const NetworkLinks& network, int nodes)
    : sides(grid_sides_of(network, nodes)), wraps(network.grid_wraps), cols(sides[0]), rows(sides[1]), layers(sides[2]) {
  // Wrap-around arrows need half a pitch beyond the outer nodes; the layers' shift needs one pitch.
  cell = std::clamp(900.0 / std::max(rows, cols), 14.0, 80.0);
  layer_shift = layers > 1 ? cell * 0.8 / layers : 0;
  left = wraps ? 40 + cell * 0.5 : 40;
  width = left * 2 + cell * cols + layer_shift * (layers - 1);
  height = top + cell * rows + layer_shift * (layers - 1) + (wraps ? cell * 0.5 : 0) + 80;
  side = (layers > 1 ? std::min(cell * 0.12, layer_shift * 0.3) : cell * 0.12);
  stroke = std::max(1.0, cell / 14 / layers);  // layers drawn over one another: thinner lines
}

int MeshGeometry::coordinate(int n, int dimension) const {
  if (dimension == 0) return n % cols;
  if (dimension == 1) return n / cols % rows;
  return n / (cols * rows);
}

Point MeshGeometry::node(int n) const {
  const double shift = layer_shift * coordinate(n, 2);
  return {left + cell * (coordinate(n, 0) + 0.5) + shift, top + cell * (coordinate(n, 1) + 0.5) + shift};
}

LinkMark MeshGeometry::channel(const LinkIdentity& channel) const {
  const int from = channel.from.index, to = channel.to.index;
  Point a = node(from), b = node(to);
  // The dimension it crosses (a channel without one: the first its ends differ in).
  int d = channel.dimension;
  for (int k = 0; d < 0 && k < 3; ++k)
    if (coordinate(from, k) != coordinate(to, k)) d = k;
  const int step = d < 0 ? 0 : coordinate(to, d) - coordinate(from, d);
  const bool wrap = wraps && d >= 0 && std::abs(step) > 1;
  if (wrap) {
    // Travel one pitch of this dimension in the direction the wrap-around goes on with: past the
    // edge from the source, in from the other edge to the destination.
    const double pitch = d == 2 ? layer_shift : cell;
    const double ux = d == 1 ? 0 : pitch, uy = d == 0 ? 0 : pitch;
    const double sign = step < 0 ? 1 : -1;  // from k-1 to 0 goes on upwards
    b = {a.x + sign * ux, a.y + sign * uy};
  }
  // Each direction drawn beside its twin: to the right of the direction of travel.
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double length = std::max(1e-9, std::hypot(dx, dy));
  const double nx = -dy / length * side, ny = dx / length * side;
  if (!wrap) return {false, {a.x + nx + dx * 0.15, a.y + ny + dy * 0.15}, {b.x + nx - dx * 0.15, b.y + ny - dy * 0.15}, stroke, {}, {}};
  const Point c = node(to);
  return {false, {a.x + nx + dx * 0.15, a.y + ny + dy * 0.15}, {a.x + nx + dx * 0.55, a.y + ny + dy * 0.55}, stroke,
          std::pair{Point{c.x + nx - dx * 0.55, c.y + ny - dy * 0.55}, Point{c.x + nx - dx * 0.15, c.y + ny - dy * 0.15}}, {}};
}

CrossbarGeometry::CrossbarGeometry(const NetworkLinks& network, int node_count) : nodes(node_count) {
  for (std::size_t d = 0; d < 3 && d < network.grid_sides.size(); ++d) sides[d] = network.grid_sides[d];
  cell = std::clamp(1000.0 / std::max(sides[0], sides[1]), 20.0, 220.0);
  // Layers as a grid's, a little further apart: a bar lies halfway to the next layer's nodes (a
  // quarter of the pitch without layers), so a node's stubs never reach another node.
  layer_shift = sides[2] > 1 ? cell * 0.9 / sides[2] : 0;
  reach = sides[2] > 1 ? layer_shift * 0.5 : cell * 0.25;
  side = reach * 0.22;
  stroke = std::max(0.6, reach / 9);
  width = left * 2 + cell * sides[0] + layer_shift * (sides[2] - 1) + reach;
  height = top + cell * sides[1] + layer_shift * (sides[2] - 1) + reach + 80;
}

int CrossbarGeometry::coordinate(int n, int dimension) const {
  if (dimension == 0) return n % sides[0];
  if (dimension == 1) return n / sides[0] % sides[1];
  return n / (sides[0] * sides[1]);
}

Point CrossbarGeometry::node(int n) const {
  const double shift = layer_shift * coordinate(n, 2);
  return {left + cell * (coordinate(n, 0) + 0.5) + shift, top + cell * (coordinate(n, 1) + 0.5) + shift};
}

Point CrossbarGeometry::along(int dimension) const {
  if (dimension == 0) return {1, 0};
  if (dimension == 1) return {0, 1};
  return {std::numbers::sqrt2 / 2, std::numbers::sqrt2 / 2};  // the layers' shift
}

Point CrossbarGeometry::toward_bar(int dimension) const {
  if (dimension == 0) return {0, 1};  // under the row
  if (dimension == 1) return {1, 0};  // right of the column
  return {std::numbers::sqrt2 / 2, -std::numbers::sqrt2 / 2};  // above and right of the line across the layers
}

std::pair<Point, Point> CrossbarGeometry::bar(int n, int dimension) const {
  const int step = dimension == 0 ? 1 : dimension == 1 ? sides[0] : sides[0] * sides[1];
  const int c = coordinate(n, dimension);
  const Point first = node(n - c * step), last = node(n + (sides[dimension] - 1 - c) * step);
  const Point u = toward_bar(dimension), a = along(dimension);
  const double over = dimension == 2 ? reach * 0.5 : reach;  // beyond the line's end nodes
  return {{first.x + u.x * reach - a.x * over, first.y + u.y * reach - a.y * over},
          {last.x + u.x * reach + a.x * over, last.y + u.y * reach + a.y * over}};
}

LinkMark CrossbarGeometry::link(const LinkIdentity& link) const {
  const bool into = link.from.index < nodes;
  const int n = into ? link.from.index : link.to.index;
  const int d = std::clamp(link.dimension, 0, 2);
  const Point p = node(n), u = toward_bar(d), a = along(d);
  const double t = into ? -side : side;  // into the crossbar beside out of it
  const Point at_node{p.x + u.x * reach * 0.2 + a.x * t, p.y + u.y * reach * 0.2 + a.y * t};
  const Point at_bar{p.x + u.x * reach + a.x * t, p.y + u.y * reach + a.y * t};
  return {false, into ? at_node : at_bar, into ? at_bar : at_node, stroke, {}, {}};
}

StarGeometry::StarGeometry(int node_count)
    : nodes(node_count), side(std::min(1.5, std::numbers::pi * 330 / std::max(1, node_count) * 0.3)) {}

Point StarGeometry::node(int n) const {
  const double angle = 2 * std::numbers::pi * n / std::max(1, nodes) - std::numbers::pi / 2;
  return {centre.x + radius * std::cos(angle), centre.y + radius * std::sin(angle)};
}

LinkMark StarGeometry::link(const LinkIdentity& link) const {
  const bool into = link.from.index < nodes;
  const Point p = node(into ? link.from.index : link.to.index);
  const Point r{(p.x - centre.x) / radius, (p.y - centre.y) / radius}, q{-r.y, r.x};
  const double t = into ? -side : side;
  const double rim = hub / std::max(std::abs(r.x), std::abs(r.y));  // where the spoke meets the switch's box
  const Point outer{p.x - r.x * 8 + q.x * t, p.y - r.y * 8 + q.y * t};
  const Point inner{centre.x + r.x * rim + q.x * t, centre.y + r.y * rim + q.y * t};
  const double stroke = std::clamp(2 * std::numbers::pi * radius / std::max(1, nodes) / 5, 0.5, 2.5);
  return {false, into ? outer : inner, into ? inner : outer, stroke, {}, {}};
}

RingGeometry::RingGeometry(const NetworkLinks& network, int node_count) : nodes(node_count) {
  for (const auto& link : network.links)
    for (const LinkEnd& end : {link.from, link.to}) switches = std::max(switches, end.index + 1 - nodes);
}

Point RingGeometry::vertex(int index) const {
  const bool node = index < nodes;
  const int count = node ? nodes : std::max(1, switches);
  const double radius = node ? 330 : (switches == 1 ? 0 : 200);
  const double angle = 2 * std::numbers::pi * (node ? index : index - nodes) / count - std::numbers::pi / 2;
  return {width / 2 + radius * std::cos(angle), 50 + 330 + radius * std::sin(angle)};
}

LinkMark RingGeometry::link(const LinkIdentity& link) const {
  const Point a = vertex(link.from.index), b = vertex(link.to.index);
  // Each direction beside its twin, as on a mesh.
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double length = std::max(1e-9, std::hypot(dx, dy));
  return {false, {a.x - dy / length * 1.5, a.y + dx / length * 1.5}, {b.x - dy / length * 1.5, b.y + dx / length * 1.5}, 1.5, {}, {}};
}

NetworkDrawing network_drawing(const NetworkLinks& network, int nodes) {
  NetworkDrawing drawing;
  drawing.links.resize(network.links.size());
  switch (network.layout) {
    case NetworkLayout::tree: {
      const FatTreeGeometry g(network, nodes);
      drawing.width = g.width, drawing.height = g.height;
      for (std::size_t i = 0; i < network.links.size(); ++i) {
        const LinkIdentity& link = network.links[i];
        if (link.role == LinkRole::fat_tree_wire) drawing.links[i] = g.wire(link);
        if (link.role == LinkRole::node_interface && link.from.index < nodes) drawing.links[i] = g.interface(link);
      }
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back({g.x_of({0, n}), g.y_of(0) + g.box + 6});
      break;
    }
    case NetworkLayout::dimensions: {
      const HypercubeGeometry g(nodes);
      drawing.width = g.width, drawing.height = g.panel_top(1);
      for (std::size_t i = 0; i < network.links.size(); ++i) {
        const LinkIdentity& link = network.links[i];
        if (link.role == LinkRole::network_channel && link.from.index < nodes && link.dimension >= 0)
          drawing.links[i] = g.channel(link);
      }
      // The nodes above their column of channels (the replay writes their numbers in binary, the
      // bit a row's channels flip being the row's dimension).
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back({g.left + (n + 0.5) * g.cell_w, g.top - 6});
      for (int d = 0; d < g.dims; ++d)
        drawing.labels.push_back({"dim " + std::to_string(d) + " (bit " + std::to_string(d) + ")",
                                  {g.left - 4, g.top + d * g.cell_h + g.cell_h * 0.7}, dimension_colour(d)});
      break;
    }
    case NetworkLayout::grid: {
      const MeshGeometry g(network, nodes);
      drawing.width = g.width, drawing.height = g.height;
      for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].role == LinkRole::network_channel) drawing.links[i] = g.channel(network.links[i]);
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back(g.node(n));
      break;
    }
    case NetworkLayout::crossbars: {
      const CrossbarGeometry g(network, nodes);
      drawing.width = g.width, drawing.height = g.height;
      for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].role == LinkRole::switch_link) drawing.links[i] = g.link(network.links[i]);
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back(g.node(n));
      // Each crossbar once, from the first node of its line.
      for (int d = 0; d < 3; ++d)
        for (int n = 0; n < nodes; ++n)
          if (g.coordinate(n, d) == 0) {
            const auto [from, to] = g.bar(n, d);
            drawing.switches.push_back({from, to, std::max(1.0, g.reach * 0.25)});
          }
      drawing.labels.push_back({"grey bars: the crossbars, along x under each row, along y right of each column, along z "
                                "above the line across the layers; a node's stubs: into a crossbar (first) and out of it",
                                {g.width - 10, g.height - 20}, {}});
      break;
    }
    case NetworkLayout::star: {
      const StarGeometry g(nodes);
      drawing.width = g.width, drawing.height = g.height;
      for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].role == LinkRole::switch_link) drawing.links[i] = g.link(network.links[i]);
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back(g.node(n));
      const Point c = g.centre;
      const double h = g.hub;
      const Point corners[] = {{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}};
      for (int k = 0; k < 4; ++k) drawing.switches.push_back({corners[k], corners[(k + 1) % 4], 2});
      drawing.labels.push_back({"switch", {c.x + 17, c.y + 3}, {}});
      break;
    }
    case NetworkLayout::list: {
      const RingGeometry g(network, nodes);
      drawing.width = g.width, drawing.height = g.height;
      for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].role != LinkRole::node_interface) drawing.links[i] = g.link(network.links[i]);
      for (int n = 0; n < nodes; ++n) drawing.nodes.push_back(g.vertex(n));
      break;
    }
  }
  return drawing;
}

}  // namespace mcsim
