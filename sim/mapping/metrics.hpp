// The metrics of a mapped phased computation (Lo et al. 1992, sec. 3, Definitions 2-5), computed
// from the mapping itself: every edge goes on its route in the mesh family the engine runs for
// rows x cols (topologies/k_ary_n_cube.hpp, dimension order = XY), a link is a wire of that
// family's fabric graph (topologies/fabric_graph.hpp) or one of its directed links, and the i-th
// phase interference sets are found by intersecting the routes' links. Nothing here uses the paper's closed forms.
#pragma once

#include <vector>

#include "mesh_mapping.hpp"
#include "task_graph.hpp"

namespace mcsim {

// What a "link" is when two routes are compared (Definition 3: a link is an edge of the machine
// graph G_A). The paper's G_A is undirected: two messages crossing one wire in opposite
// directions interfere. `directed_channel` counts them apart (full-duplex wires).
enum class LinkModel { undirected_wire, directed_channel };

struct EdgeMetrics {
  TaskEdge edge;
  int src_node = 0;
  int dst_node = 0;
  int dilation = 0;                  // D(e) = |M_e(e)| in links (Definition 2)
  std::vector<int> interference;     // I(e, i): indices of the other edges of the phase (Definition 4)
  double interference_weight = 0;    // C_w(e, i) = sum of W(e') over I(e, i) (Definition 5)
};

struct PhaseMetrics {
  int phase = 0;                     // i, from 1
  std::vector<EdgeMetrics> edges;    // in the order of the task graph's E_i
  double weight = 0;                 // W(E_i): the heaviest edge
  int dilation = 0;                  // D(E_i) = max D(e)
  double weighted_dilation = 0;      // D_w(E_i) = max W(e) D(e)
  int conflict = 0;                  // C(E_i) = max |I(e, i)| (the uniform contention of sec. 3)
  double weighted_contention = 0;    // C_w(E_i) = max C_w(e, i)
  int link_contention = 0;           // Definition 3 within the phase: most edges of E_i on one link
};

struct MappingMetrics {
  std::vector<PhaseMetrics> phases;
};

// Throws mcsim::Error if the mapping does not place every task of the graph on its mesh.
MappingMetrics compute_metrics(const PhasedTaskGraph& graph, const MeshMapping& mapping,
                               LinkModel links = LinkModel::undirected_wire);

// The same routes and interference sets under the weights W(e) of `graph`: the weighted metrics
// (Definition 5) recomputed, the rest kept. Routes do not depend on the volumes, so one route walk
// serves every alpha (sec. 2) and gives exactly compute_metrics(graph, mapping, links).
// Throws mcsim::Error if the graph's phases or edges are not the ones measured.
MappingMetrics reweighted(MappingMetrics metrics, const PhasedTaskGraph& graph);

}  // namespace mcsim
