// Where a machine's nodes and links go in a picture, as its topology family lays the network out
// (NetworkLinks::layout, sim/core/link_identity.hpp): one place for the still link-load picture
// (link_load_picture.cpp) and the moving replay (replay_page.cpp), so both draw the same machine.
//   tree        levels of switches above the nodes; each wire's up direction left of its centre
//               line, down right of it; the nodes' interfaces as boxes under the nodes
//   dimensions  one row per hypercube dimension, one cell per node's outgoing channel
//   grid        a mesh's or torus' nodes in rows, each directed channel drawn beside its twin; a third
//               dimension's layers as copies of the rows shifted down and right by a fraction of the
//               pitch (so its channels stay short); a torus' wrap-around channels as two arrows, one
//               leaving its source over the edge and one entering its destination from the other
//               edge, never a chord across the picture
//   list        (the replay only: the link-load picture lists these networks' busiest links) the
//               nodes on a circle, switches and crossbars on an inner circle, links as lines
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../core/link_identity.hpp"

namespace mcsim {

struct Point {
  double x = 0, y = 0;
};

// How a link is drawn: a line (from, to, its stroke width) or a box (corner `from`, size `to`); a
// wrap-around channel: the line is the arrow leaving its source, `enter` the arrow into its destination.
struct LinkMark {
  bool box = false;
  Point from, to;
  double stroke = 1;
  std::optional<std::pair<Point, Point>> enter;
};

class FatTreeGeometry {
 public:
  FatTreeGeometry(const NetworkLinks& network, int nodes);
  double x_of(const LinkEnd& end) const {
    return left + (end.index + 0.5) * plot_width / static_cast<double>(elements[static_cast<std::size_t>(end.level)]);
  }
  double y_of(int level) const { return top + level_gap * (levels - level); }
  LinkMark wire(const LinkIdentity& wire) const;
  LinkMark interface(const LinkIdentity& interface) const;

  int nodes;
  std::vector<std::size_t> elements;  // per level (0: the nodes), its switches' count
  int levels;
  double plot_width, left = 60, top = 60, level_gap = 110, width, height, offset, stroke, box;
};

class HypercubeGeometry {
 public:
  explicit HypercubeGeometry(int nodes);
  // The cell of a node's channel in panel `panel` (0: utilisation; the link-load picture's 1: held idle).
  LinkMark channel(const LinkIdentity& channel, int panel = 0) const;
  double panel_top(int panel) const { return top + panel * panel_height; }

  int nodes, dims = 0;
  double cell_w, cell_h = 16, left = 90, top = 56, panel_height, width, height;
};

class MeshGeometry {
 public:
  MeshGeometry(const NetworkLinks& network, int nodes);
  Point node(int n) const;
  LinkMark channel(const LinkIdentity& channel) const;

  std::vector<int> sides;  // x, y, z: 1 where the network has fewer dimensions
  bool wraps;
  int cols, rows, layers;
  double cell, layer_shift, left = 40, top = 50, width, height, side, stroke;

 private:
  int coordinate(int n, int dimension) const;
};

class RingGeometry {
 public:
  RingGeometry(const NetworkLinks& network, int nodes);
  Point vertex(int index) const;  // a node (index < nodes) or a switch (from nodes on)
  LinkMark link(const LinkIdentity& link) const;

  int nodes, switches = 0;
  double width = 900, height = 760;
};

// The mark of every link of `network` in its layout (nullopt: not drawn), in network.links order,
// and where each node is; the size of the drawing. The replay's view of the geometries above.
struct NetworkDrawing {
  struct Label {
    std::string text;
    Point at;  // its right end, on the baseline
  };
  double width = 0, height = 0;
  std::vector<std::optional<LinkMark>> links;
  std::vector<Point> nodes;
  std::vector<Label> labels;  // what a reader needs to name the rows: a hypercube's dimensions
};
NetworkDrawing network_drawing(const NetworkLinks& network, int nodes);

}  // namespace mcsim
