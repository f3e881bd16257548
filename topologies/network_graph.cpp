#include "network_graph.hpp"

#include <boost/graph/breadth_first_search.hpp>

namespace mcsim {

std::vector<int> NetworkGraph::hop_distances(std::size_t from) const {
  std::vector<int> distance(boost::num_vertices(graph), 0);
  boost::breadth_first_search(
      graph, boost::vertex(from, graph),
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(distance.data(), boost::on_tree_edge()))));
  return distance;
}

bool NetworkGraph::is_path(int src, int dst, const std::vector<Channel>& route) const {
  std::size_t at = static_cast<std::size_t>(src);
  for (const Channel& c : route) {
    if (c.wire >= lower.size()) return false;
    const std::size_t from = c.up ? lower[c.wire] : upper[c.wire];
    const std::size_t to = c.up ? upper[c.wire] : lower[c.wire];
    if (from != at) return false;
    at = to;
  }
  return at == static_cast<std::size_t>(dst);
}

}  // namespace mcsim
