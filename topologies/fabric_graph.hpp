// The one Boost.Graph view of a machine's fabric, built from its topology family
// (sim/core/topology.hpp), so that what is measured on the graph (hop distances, Lo et al.'s
// mapping metrics in sim/mapping/metrics.cpp) is measured on the network the engine runs.
// Vertices are the family's vertices: nodes 0..nodes-1, then its switches. Edges are its wires:
// a family's links are directed, and a wire is a link together with the link back between the
// same two vertices (the lowest-numbered unpaired one, where two vertices have several), or a
// link alone where there is none back.
#pragma once

#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "../sim/core/topology.hpp"

namespace mcsim {

struct FabricWire {
  int wire = 0;
};

class FabricGraph {
 public:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, FabricWire>;

  explicit FabricGraph(const TopologyFamily& family);

  const Graph& graph() const { return graph_; }
  int nodes() const { return nodes_; }
  int wire_count() const { return static_cast<int>(boost::num_edges(graph_)); }
  // The wire a family link is one direction of.
  int wire_of(int link) const { return wire_of_link_.at(static_cast<std::size_t>(link)); }
  // Hop distances (in wires) from a vertex to every vertex (breadth-first search).
  std::vector<int> hop_distances(int from) const;
  // True when the route's links form a walk from vertex src to vertex dst along the graph's wires.
  bool is_path(int src, int dst, const Route& route) const;

 private:
  Graph graph_;
  std::vector<int> wire_of_link_;
  std::vector<std::pair<int, int>> link_ends_;
  int nodes_ = 0;
};

}  // namespace mcsim
