// Fixture of tests/check_layers_selftest.cmake (never compiled): a mapping that includes a graph
// view (allowed), the engine (from the project root) and a scheduler (relative path).
#include "bad_metrics.hpp"

#include "topologies/fabric_graph.hpp"
#include "sim/engine/machine.hpp"
#include "../../schedulers/good_scheduler.hpp"
