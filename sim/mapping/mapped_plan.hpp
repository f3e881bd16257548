// A mapped phased task graph as an mcsim Plan, to run on a simulated mesh: phase i of the task
// graph is phase i of the plan (Strategy::phase_synchronous: the paper's loosely synchronous model
// "synchronizes after each phase", Lo et al. 1992 sec. 3), each edge a message from the mapped
// sender to the mapped receiver of round(volume * unit_bytes) bytes.
//
// A message whose two tasks land on the same mesh node is DROPPED (it never enters the network,
// and the paper's metrics give it no cost); the paper's mappings are one-to-one, so none of their
// messages is dropped. Phases keep their numbers even when every message of one was dropped.
#pragma once

#include "mesh_mapping.hpp"
#include "sim/core/plan.hpp"
#include "task_graph.hpp"

namespace mcsim {

// Throws mcsim::Error for unit_bytes <= 0 or a mapping that does not fit the graph.
// partial_permutation is set per phase from the messages (true for every phase of B(n)).
Plan mapped_plan(const PhasedTaskGraph& graph, const MeshMapping& mapping, double unit_bytes);

}  // namespace mcsim
