// The topology families (the interface is sim/core/topology.hpp) and what every family shares:
// the vertices a route visits, and the registry by the name a machine file gives in [topology]
// family. The schedulers' route hint is the family itself (SchedulingHints::routes).
//  - Link numbers are the family's; for the machines that exist today they are the numbers their
//    old channel classes had, so that switching a machine over changed no golden.
//  - Registry: make_topology_family(name, shape, nodes) looks the family up by name; each family
//    reads and checks its own [topology.shape] keys and the node count, throwing mcsim::Error
//    naming the key.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/machine_file.hpp"
#include "../sim/core/topology.hpp"

namespace mcsim {

// The vertices a route visits, src and dst included: a view of the route for tests and pictures,
// not a second route type.
std::vector<int> route_nodes(const TopologyFamily& family, int src, const Route& route);

// The [topology.shape] records of a machine file (MachineFile::under("topology.shape.")).
using ShapeRecords = std::vector<const ParameterRecord*>;

// The family registered as `name`, for `nodes` nodes of the shape the records give.
// Throws mcsim::Error for an unknown family (reported at `where`: a machine file gives its family
// record's "file:line (topology.family)"), a bad shape key or a node count the shape cannot take.
std::unique_ptr<TopologyFamily> make_topology_family(const std::string& name, const ShapeRecords& shape, int nodes,
                                                     const std::string& where = "topology.family");
std::vector<std::string> topology_family_names();

}  // namespace mcsim
