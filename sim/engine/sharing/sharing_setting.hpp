// `--cfg mcsim/sharing:VALUE`: who shares the flow transport's links among its flows.
//   simgrid  SimGrid's network model (CM02, max-min, its own solver);
//   fluid    mcsim's incremental max-min sharing (fluid_network.hpp), the same allocation;
//   auto     (default) fluid when every message of a run is in flight at once on links without
//            latency and the run is not recorded (executor.cpp), else simgrid.
#pragma once

#include <string>

namespace mcsim {

enum class Sharing { simgrid, fluid };

// Declares the setting to SimGrid (once per process); call before the engine reads its --cfg.
void declare_sharing_setting();
// The setting as given: "auto", "simgrid" or "fluid" (an error, one line, for anything else).
std::string sharing_setting();
// Settles "auto" (call in the running engine, before any transport is made).
void settle_sharing(Sharing chosen);
// The choice in force: fluid only when given or settled so (an "auto" nobody settled, as in an
// engine a test builds itself, is simgrid).
Sharing sharing_in_use();
// True when no link of the platform has a latency.
bool links_without_latency();

class Machine;
// Why the fluid sharing cannot stand in for SimGrid's on this machine ("" when it can): it takes
// no link latency into account, and it moves a message's bytes from the moment the flow transport
// starts them, which is SimGrid's timing only when the library started them once the receive was
// posted (a rendezvous in every size regime; SimGrid's data would wait in the mailbox for an
// eager message's receive). Call it in the running engine, after the platform is built.
std::string fluid_sharing_unfit(const Machine& machine);

}  // namespace mcsim
