// A picture of a mapped phased task graph (like Figures 4 and 6 of Lo et al. 1992): the mesh's
// processors as circles labelled with the task placed there (the root as a square), the tree edges
// as lines from sender to receiver, one colour per phase, each phase drawn a little aside so that
// phases sharing a row or column stay apart. Plain SVG text, deterministic.
#pragma once

#include <string>

#include "mesh_mapping.hpp"
#include "task_graph.hpp"

namespace mcsim {

// `root` is the task drawn as a square (-1: none). Throws mcsim::Error for meshes wider or taller
// than 128 nodes (too small to read) or a mapping that does not fit the graph.
std::string mapping_svg(const PhasedTaskGraph& graph, const MeshMapping& mapping, int root, const std::string& title);

}  // namespace mcsim
