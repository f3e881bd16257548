// `--cfg mcsim/sharing:VALUE`: who shares the flow transport's links among its flows.
//   simgrid  SimGrid's network model (CM02, max-min, its own solver);
//   fluid    mcsim's incremental max-min sharing (fluid_network.hpp), the same allocation;
//   auto     (default) fluid when many flows of a run are in flight at once (fluid_pays) on links
//            without latency and the run is not recorded (executor.cpp), else simgrid.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

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

// When a job keeps so many flows in flight that SimGrid's re-solve of every flow at each start and
// end is what it costs, so that `auto` takes the fluid sharing: at least kCoupledFrom messages in
// all, and on average kFluidFrom with bytes in each phase (AC: all at once; CGM: about one per
// node and phase; LP: d real messages per node spread over n - 1 phases of dummies, which take no
// time). Measured on the CM-5, d = 16, CPU seconds SimGrid's sharing -> the fluid one
// (bench/speed-and-memory.md, "Ninth round"): CGM 256 nodes (204 flows a phase) 0.16 -> 0.14 s,
// CGM 1,024 (779) 3.6 -> 1.0 s, CGM 2,048 25.4 -> 2.2 s; LP 256 (16 flows a phase) 1.04 -> 1.41 s:
// with few flows SimGrid's solve is cheap and the fluid sharing's actor and notices cost more.
// Every bundled reproduction's phased run has at most 64 flows a phase, so they keep SimGrid's
// sharing and their outputs.
inline constexpr std::size_t kCoupledFrom = 1024;
inline constexpr double kFluidFrom = 512;
bool fluid_pays(double messages, double flows_per_phase);
// Whether a run given these SimGrid settings may take the fluid sharing at all: not when it is
// recorded, nor when `--cfg mcsim/sharing:simgrid` asks for SimGrid's.
bool fluid_sharing_allowed(const std::vector<std::string>& simgrid_config, bool recorded);

class Machine;
// The part of fluid_sharing_unfit known before the engine runs: the message library starts every
// message once its receive is posted (a rendezvous in every size regime).
bool rendezvous_library(const Machine& machine);
// Why the fluid sharing cannot stand in for SimGrid's on this machine ("" when it can): it takes
// no link latency into account, and it moves a message's bytes from the moment the flow transport
// starts them, which is SimGrid's timing only when the library started them once the receive was
// posted (a rendezvous in every size regime; SimGrid's data would wait in the mailbox for an
// eager message's receive). Call it in the running engine, after the platform is built.
std::string fluid_sharing_unfit(const Machine& machine);

}  // namespace mcsim
