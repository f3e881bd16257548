// Fixture of tests/check_layers_selftest.cmake (never compiled): routing/ reaching up into
// topologies/ through a relative path.
#pragma once

#include "node_path.hpp"
#include "../topologies/cm5.hpp"
