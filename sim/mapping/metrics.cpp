#include "metrics.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sim/core/error.hpp"
#include "topologies/fabric_graph.hpp"
#include "topologies/k_ary_n_cube.hpp"

namespace mcsim {

namespace {

// The weighted metrics of a phase from its edges' volumes and interference sets (Definition 5);
// the sum runs over I(e, i) in index order, so that any weights give the same figures whether
// measured afresh or reweighted.
void weigh(PhaseMetrics& phase) {
  phase.weight = phase.weighted_dilation = phase.weighted_contention = 0;
  for (auto& m : phase.edges) {
    m.interference_weight = 0;
    for (int other : m.interference) m.interference_weight += phase.edges[static_cast<std::size_t>(other)].edge.volume;
    phase.weight = std::max(phase.weight, m.edge.volume);
    phase.weighted_dilation = std::max(phase.weighted_dilation, m.edge.volume * m.dilation);
    phase.weighted_contention = std::max(phase.weighted_contention, m.interference_weight);
  }
}

}  // namespace

MappingMetrics compute_metrics(const PhasedTaskGraph& graph, const MeshMapping& mapping, LinkModel links) {
  if (mapping.node_of_task.size() != static_cast<std::size_t>(graph.tasks))
    throw Error(mapping.name + " mapping of " + graph.name,
                fmt::format("places {} tasks, the graph has {}", mapping.node_of_task.size(), graph.tasks));
  const MeshShape& mesh = mapping.mesh;
  // The mesh as the engine builds it for a machine of rows x cols (k_ary_n_cube.cpp, from_shape):
  // dimension 0 is the column, so its dimension-order routes are XY.
  const KAryNCube family({.sides = {mesh.cols, mesh.rows}});
  const FabricGraph fabric(family);
  const bool directed = links == LinkModel::directed_channel;
  const auto link_count = static_cast<std::size_t>(directed ? family.link_count() : fabric.wire_count());
  std::vector<std::vector<int>> users(link_count);  // link -> edges of the current phase on it
  MappingMetrics out;
  for (std::size_t p = 0; p < graph.phases.size(); ++p) {
    PhaseMetrics phase;
    phase.phase = static_cast<int>(p) + 1;
    std::vector<std::vector<std::size_t>> route_links;
    std::vector<std::size_t> touched;
    for (const TaskEdge& e : graph.phases[p]) {
      EdgeMetrics m;
      m.edge = e;
      m.src_node = mapping.node_of_task.at(static_cast<std::size_t>(e.sender));
      m.dst_node = mapping.node_of_task.at(static_cast<std::size_t>(e.receiver));
      const Route route = family.route(m.src_node, m.dst_node);
      m.dilation = static_cast<int>(route.size());
      auto& ids = route_links.emplace_back();
      for (const RouteChannel& c : route) {
        const auto id = static_cast<std::size_t>(directed ? c.link : fabric.wire_of(c.link));
        ids.push_back(id);
        if (users[id].empty()) touched.push_back(id);
        users[id].push_back(static_cast<int>(phase.edges.size()));
      }
      phase.edges.push_back(std::move(m));
    }
    // Definition 4: I(e, i) = the other edges of E_i whose routes share a link with e's.
    std::vector<int> seen_by(phase.edges.size(), -1);
    for (std::size_t k = 0; k < phase.edges.size(); ++k) {
      auto& m = phase.edges[k];
      seen_by[k] = static_cast<int>(k);
      for (std::size_t id : route_links[k])
        for (int other : users[id])
          if (seen_by[static_cast<std::size_t>(other)] != static_cast<int>(k)) {
            seen_by[static_cast<std::size_t>(other)] = static_cast<int>(k);
            m.interference.push_back(other);
          }
      std::sort(m.interference.begin(), m.interference.end());
      phase.dilation = std::max(phase.dilation, m.dilation);
      phase.conflict = std::max(phase.conflict, static_cast<int>(m.interference.size()));
    }
    weigh(phase);
    for (std::size_t id : touched) {
      phase.link_contention = std::max(phase.link_contention, static_cast<int>(users[id].size()));
      users[id].clear();
    }
    out.phases.push_back(std::move(phase));
  }
  return out;
}

MappingMetrics reweighted(MappingMetrics metrics, const PhasedTaskGraph& graph) {
  if (graph.phases.size() != metrics.phases.size())
    throw Error("reweighting to " + graph.name,
                fmt::format("the graph has {} phases, the metrics {}", graph.phases.size(), metrics.phases.size()));
  for (std::size_t p = 0; p < graph.phases.size(); ++p) {
    auto& phase = metrics.phases[p];
    const auto& edges = graph.phases[p];
    if (edges.size() != phase.edges.size())
      throw Error("reweighting to " + graph.name, fmt::format("phase {} has {} edges, the metrics {}", p + 1,
                                                              edges.size(), phase.edges.size()));
    for (std::size_t k = 0; k < edges.size(); ++k) {
      auto& measured = phase.edges[k].edge;
      if (edges[k].sender != measured.sender || edges[k].receiver != measured.receiver)
        throw Error("reweighting to " + graph.name,
                    fmt::format("edge {} of phase {} is {} -> {}, the metrics have {} -> {}", k, p + 1, edges[k].sender,
                                edges[k].receiver, measured.sender, measured.receiver));
      measured.volume = edges[k].volume;
    }
    weigh(phase);
  }
  return metrics;
}

}  // namespace mcsim
