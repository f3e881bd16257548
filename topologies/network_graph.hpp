// A Boost.Graph view of a machine's network: vertices are nodes and switches, edges are the
// full-duplex wires. Routes (lists of channels = a wire in one direction) can be checked against
// it, and hop distances read from it, by tests and by schedulers that reason about links.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "../routing/channel.hpp"

namespace mcsim {

struct NetworkVertex {
  std::string name;
  int level = 0;  // 0 for compute nodes
};
struct NetworkEdge {
  std::size_t wire = 0;
};

using NetworkGraphType =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, NetworkVertex, NetworkEdge>;

struct NetworkGraph {
  NetworkGraphType graph;            // vertices 0..nodes-1 are the compute nodes
  std::vector<std::size_t> lower;    // wire -> vertex at its lower end
  std::vector<std::size_t> upper;    // wire -> vertex at its upper end
  int nodes = 0;

  // Hop distances (in wires) from a vertex to every vertex (breadth-first search).
  std::vector<int> hop_distances(std::size_t from) const;
  // True when the channels form a connected walk from node src to node dst.
  bool is_path(int src, int dst, const std::vector<Channel>& route) const;
};

}  // namespace mcsim
