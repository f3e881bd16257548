// Fixture of tests/check_layers_selftest.cmake (never compiled): breaks no rule.
#pragma once

#include "../sim/core/plan.hpp"
#include "sim/core/scheduler.hpp"
