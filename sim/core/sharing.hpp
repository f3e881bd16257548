// Who shares the flow transport's links among its flows: a typed choice, made once per run by the
// runner (choose_sharing, sim/runner/sharing_choice.hpp), carried in the run's options
// (SimulationOptions::sharing), written into each job's record and asked for on the command line
// (`--sharing auto|simgrid|fluid`; `--cfg mcsim/sharing:VALUE` is read as the same option).
//   simgrid  SimGrid's network model (CM02, max-min, its own solver);
//   fluid    mcsim's incremental max-min sharing (sim/engine/sharing/fluid_network.hpp), the same
//            allocation, refilling only the flows a change reaches.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mcsim {

enum class Sharing { simgrid, fluid };

// What the user asked for: `automatic` lets choose_sharing decide from the machine and the jobs.
enum class SharingRequest { automatic, simgrid, fluid };

// Why a run shares its links the way it does.
enum class SharingReason {
  asked,              // the request named it
  not_flows,          // the transport does not share links as flows (SimGrid's locks and waits run it)
  not_rendezvous,     // the message library sends before the receive is posted (rendezvous_library)
  link_latency,       // the links have latency, which SimGrid's CM02 also lets weigh the shares
  node_programs,      // a job is a node program: its flows are not known before it runs
  few_flows,          // too few flows in flight at once for the fluid sharing to pay
  many_flows,         // many flows in flight at once: the fluid sharing pays
  not_chosen,         // simulate() was called without a choice (tests that drive the engine alone)
};

struct SharingDecision {
  Sharing sharing = Sharing::simgrid;
  SharingReason reason = SharingReason::not_chosen;

  friend bool operator==(const SharingDecision&, const SharingDecision&) = default;
};

// When a job keeps so many flows in flight that SimGrid's re-solve of every flow at each start and
// end is what it costs, so that `auto` takes the fluid sharing: at least kCoupledFrom messages in
// all, and on average kFluidFrom with bytes in each phase (AC: all at once; CGM: about one per
// node and phase; LP: d real messages per node spread over n - 1 phases of dummies, which take no
// time). Measured on the CM-5, d = 16, CPU seconds SimGrid's sharing -> the fluid one
// (bench/speed-and-memory.md, "Ninth round"): CGM 256 nodes (204 flows a phase) 0.16 -> 0.14 s,
// CGM 1,024 (779) 3.6 -> 1.0 s, CGM 2,048 25.4 -> 2.2 s; LP 256 (16 flows a phase) 1.04 -> 1.41 s:
// with few flows SimGrid's solve is cheap and the fluid sharing's actor and notices cost more.
// Every bundled reproduction's phased run has at most 64 flows a phase, so they keep SimGrid's
// sharing and their outputs. (The executor's choice of SimGrid's network/optim uses kCoupledFrom
// too.)
inline constexpr std::size_t kCoupledFrom = 1024;
inline constexpr double kFluidFrom = 512;
inline bool fluid_pays(double messages, double flows_per_phase) {
  return messages >= static_cast<double>(kCoupledFrom) && flows_per_phase >= kFluidFrom;
}

// "simgrid", "fluid"; "auto" for SharingRequest::automatic.
std::string_view sharing_name(Sharing sharing);
std::string_view sharing_request_name(SharingRequest request);
// One word each, as a job record writes it: "asked", "not-flows", ...
std::string_view sharing_reason_name(SharingReason reason);
// One line: "fluid (many flows in flight at once)".
std::string describe(const SharingDecision& decision);
// "auto", "simgrid" or "fluid"; throws mcsim::Error(where, ...) naming the known values otherwise.
SharingRequest parse_sharing_request(std::string_view text, const std::string& where);
// A job record's words back: "simgrid" or "fluid", and a reason's word; throw mcsim::Error(where, ...)
// for anything else.
Sharing parse_sharing(std::string_view text, const std::string& where);
SharingReason parse_sharing_reason(std::string_view text, const std::string& where);

}  // namespace mcsim
