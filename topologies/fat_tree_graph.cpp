#include "fat_tree_graph.hpp"

#include <fmt/format.h>

namespace mcsim {

NetworkGraph make_fat_tree_graph(const FatTreeShape& shape) {
  NetworkGraph net;
  net.nodes = shape.nodes();
  std::vector<std::size_t> first_vertex(static_cast<std::size_t>(shape.levels()) + 1, 0);
  for (int node = 0; node < shape.nodes(); ++node)
    boost::add_vertex(NetworkVertex{fmt::format("node-{}", node), 0}, net.graph);
  for (int level = 1; level <= shape.levels(); ++level) {
    first_vertex[static_cast<std::size_t>(level)] = boost::num_vertices(net.graph);
    for (std::size_t g = 0; g < shape.groups(level); ++g)
      for (std::size_t c = 0; c < shape.copies(level); ++c)
        boost::add_vertex(NetworkVertex{fmt::format("switch-{}-{}-{}", level, g, c), level}, net.graph);
  }
  auto vertex = [&](int level, std::size_t group, std::size_t copy) {
    return first_vertex[static_cast<std::size_t>(level)] + group * shape.copies(level) + copy;
  };
  net.lower.resize(shape.wire_count());
  net.upper.resize(shape.wire_count());
  for (int level = 1; level <= shape.levels(); ++level) {
    const int w = shape.parents(level);
    for (std::size_t g = 0; g < shape.groups(level - 1); ++g)
      for (std::size_t c = 0; c < shape.copies(level - 1); ++c)
        for (int b = 0; b < w; ++b) {
          const std::size_t id = shape.wire_id(level, g, c, b);
          const std::size_t below = vertex(level - 1, g, c);
          const std::size_t above = vertex(level, g / static_cast<std::size_t>(shape.arity()),
                                           c * static_cast<std::size_t>(w) + static_cast<std::size_t>(b));
          net.lower[id] = below;
          net.upper[id] = above;
          boost::add_edge(below, above, NetworkEdge{id}, net.graph);
        }
  }
  return net;
}

}  // namespace mcsim
