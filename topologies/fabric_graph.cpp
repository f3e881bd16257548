#include "fabric_graph.hpp"

#include <algorithm>

#include <boost/graph/breadth_first_search.hpp>

namespace mcsim {

FabricGraph::FabricGraph(const TopologyFamily& family)
    : graph_(static_cast<std::size_t>(family.vertex_count())), nodes_(family.nodes()) {
  const int links = family.link_count();
  wire_of_link_.assign(static_cast<std::size_t>(links), -1);
  link_ends_.reserve(static_cast<std::size_t>(links));
  // Per vertex, its links still waiting for their way back: (to, link), lowest link first.
  std::vector<std::vector<std::pair<int, int>>> unpaired(static_cast<std::size_t>(family.vertex_count()));
  for (int l = 0; l < links; ++l) {
    const auto [from, to] = family.link_ends(l);
    link_ends_.emplace_back(from, to);
    auto& waiting = unpaired[static_cast<std::size_t>(to)];
    const auto back = std::find_if(waiting.begin(), waiting.end(), [from = from](const auto& w) { return w.first == from; });
    if (back != waiting.end()) {
      wire_of_link_[static_cast<std::size_t>(l)] = wire_of_link_[static_cast<std::size_t>(back->second)];
      waiting.erase(back);
      continue;
    }
    const int wire = wire_count();
    boost::add_edge(static_cast<std::size_t>(from), static_cast<std::size_t>(to), FabricWire{wire}, graph_);
    wire_of_link_[static_cast<std::size_t>(l)] = wire;
    unpaired[static_cast<std::size_t>(from)].emplace_back(to, l);
  }
}

std::vector<int> FabricGraph::hop_distances(int from) const {
  std::vector<int> distance(boost::num_vertices(graph_), 0);
  boost::breadth_first_search(
      graph_, boost::vertex(static_cast<std::size_t>(from), graph_),
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(distance.data(), boost::on_tree_edge()))));
  return distance;
}

bool FabricGraph::is_path(int src, int dst, const Route& route) const {
  int at = src;
  for (const RouteChannel& c : route) {
    if (c.link < 0 || c.link >= static_cast<int>(link_ends_.size())) return false;
    const auto [from, to] = link_ends_[static_cast<std::size_t>(c.link)];
    if (from != at) return false;
    at = to;
  }
  return at == dst;
}

}  // namespace mcsim
