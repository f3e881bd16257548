// Fixture of tests/check_layers_selftest.cmake (never compiled): a core value that needs SimGrid.
#pragma once

#include <vector>
#include <simgrid/s4u.hpp>
