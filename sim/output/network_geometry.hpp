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
//   crossbars   a hyper-crossbar's nodes placed as a grid's (layers shifted likewise), each crossbar
//               a bar along its line: an x crossbar under its row, a y crossbar right of its column,
//               a z crossbar beside the diagonal its layers' nodes make; each link a short stub
//               between a node and the bar, into it beside out of it (never a chord)
//   star        the nodes on a circle round the one switch (a box in the centre), each link a spoke
//               between a node and the box, into the switch beside out of it
//   list        (the replay only: the link-load picture lists these networks' busiest links) the
//               nodes on a circle, switches and crossbars on an inner circle, links as lines
#pragma once

#include <array>
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
  std::string outline;  // a box's outline colour where it tells something (a hypercube's dimension), else ""
};

// A hypercube's dimension d as a colour: the outline of its channels' cells and its row's label. Fill
// is the link's load (yellow to dark red), so these are blues, greens and purples, apart from it.
std::string dimension_colour(int dimension);

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

class CrossbarGeometry {
 public:
  CrossbarGeometry(const NetworkLinks& network, int nodes);
  Point node(int n) const;
  // The crossbar along `dimension` through `node`: its bar's two ends.
  std::pair<Point, Point> bar(int node, int dimension) const;
  // A node's link into (from the node) or out of (to the node) one of its crossbars.
  LinkMark link(const LinkIdentity& link) const;
  int coordinate(int n, int dimension) const;  // 0 = x

  std::array<int, 3> sides{1, 1, 1};  // x, y, z
  int nodes;
  double cell, layer_shift, reach, side, stroke, left = 40, top = 50, width, height;

 private:
  Point along(int dimension) const;  // a unit step along the dimension's lines
  Point toward_bar(int dimension) const;  // from a node towards its crossbar of that dimension
};

class StarGeometry {
 public:
  explicit StarGeometry(int nodes);
  Point node(int n) const;
  LinkMark link(const LinkIdentity& link) const;  // a spoke: into the switch (from a node) or out of it

  int nodes;
  double width = 900, height = 760, radius = 330, hub = 36, side;
  Point centre{450, 380};
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
    std::string colour;  // "" for the text's own
  };
  struct Bar {  // a switch drawn under the links (a crossbar, the star's switch): a grey line
    Point from, to;
    double width = 3;
  };
  double width = 0, height = 0;
  std::vector<std::optional<LinkMark>> links;
  std::vector<Point> nodes;
  std::vector<Label> labels;  // what a reader needs to name the rows: a hypercube's dimensions
  std::vector<Bar> switches;
};
NetworkDrawing network_drawing(const NetworkLinks& network, int nodes);

}  // namespace mcsim
