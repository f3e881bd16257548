#include "channel_dependencies.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace mcsim {

std::vector<RouteChannel> channel_dependency_cycle(const TopologyFamily& family) {
  const int vcs = family.virtual_channels();
  const auto channel_count = static_cast<std::size_t>(family.link_count()) * vcs;
  auto id = [vcs](const RouteChannel& c) { return static_cast<std::size_t>(c.link) * vcs + c.vc; };
  std::vector<std::vector<std::size_t>> next(channel_count);
  for (int src = 0; src < family.nodes(); ++src)
    for (int dst = 0; dst < family.nodes(); ++dst) {
      const Route route = family.route(src, dst);
      for (std::size_t i = 1; i < route.size(); ++i) next[id(route[i - 1])].push_back(id(route[i]));
    }
  for (auto& edges : next) {
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  }
  // Depth-first search without recursion; a grey vertex met again closes a cycle.
  enum : std::uint8_t { white, grey, black };
  std::vector<std::uint8_t> colour(channel_count, white);
  std::vector<std::pair<std::size_t, std::size_t>> stack;  // (vertex, next edge to follow)
  for (std::size_t start = 0; start < channel_count; ++start) {
    if (colour[start] != white) continue;
    stack.push_back({start, 0});
    colour[start] = grey;
    while (!stack.empty()) {
      auto& [vertex, edge] = stack.back();
      if (edge == next[vertex].size()) {
        colour[vertex] = black;
        stack.pop_back();
        continue;
      }
      const std::size_t to = next[vertex][edge++];
      if (colour[to] == white) {
        colour[to] = grey;
        stack.push_back({to, 0});
      } else if (colour[to] == grey) {
        std::vector<RouteChannel> cycle;
        auto from = std::find_if(stack.begin(), stack.end(), [to](const auto& e) { return e.first == to; });
        for (; from != stack.end(); ++from)
          cycle.push_back({static_cast<int>(from->first / vcs), static_cast<int>(from->first % vcs)});
        return cycle;
      }
    }
  }
  return {};
}

}  // namespace mcsim
