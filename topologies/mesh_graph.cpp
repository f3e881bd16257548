#include "mesh_graph.hpp"

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

NetworkGraph make_mesh_graph(int rows, int cols) {
  if (rows < 1 || cols < 1) throw Error("mesh", fmt::format("a {} x {} mesh has no nodes", rows, cols));
  NetworkGraph net;
  net.nodes = rows * cols;
  for (int node = 0; node < net.nodes; ++node)
    boost::add_vertex(NetworkVertex{fmt::format("node-{}-{}", node / cols, node % cols), 0}, net.graph);
  auto wire = [&](int a, int b) {
    const std::size_t id = net.lower.size();
    net.lower.push_back(static_cast<std::size_t>(a));
    net.upper.push_back(static_cast<std::size_t>(b));
    boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), NetworkEdge{id}, net.graph);
  };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c + 1 < cols; ++c) wire(r * cols + c, r * cols + c + 1);
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r + 1 < rows; ++r) wire(r * cols + c, (r + 1) * cols + c);
  return net;
}

std::vector<Channel> mesh_path_channels(const NetworkGraph& mesh, const NodePath& path) {
  std::vector<Channel> channels;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const auto from = static_cast<std::size_t>(path[i - 1]), to = static_cast<std::size_t>(path[i]);
    const auto [edge, exists] = boost::edge(from, to, mesh.graph);
    if (!exists) throw Error("mesh route", fmt::format("nodes {} and {} are not neighbours", from, to));
    const std::size_t id = mesh.graph[edge].wire;
    channels.push_back(Channel{id, mesh.lower[id] == from});
  }
  return channels;
}

}  // namespace mcsim
