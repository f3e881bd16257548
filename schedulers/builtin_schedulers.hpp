// The schedulers mcsim ships, registered by name (LP, CGM, CGMH, AC, RS_N, RS_NL, ...).
#pragma once

#include "../sim/core/scheduler.hpp"

namespace mcsim {

// Adds every built-in scheduler to `registry`; a program calls it once at start-up.
void register_builtin_schedulers(SchedulerRegistry& registry);

}  // namespace mcsim
