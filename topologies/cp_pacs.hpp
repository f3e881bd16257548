// CP-PACS (University of Tsukuba) as Guo and Pan 2005 (sec. 5.2) used it: the 64-processor Pilot-3,
// a 3-D hyper-crossbar network. Every number and every assumption is cited in cp_pacs.cpp.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "../sim/core/machine_spec.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

struct CpPacsParameters {
  std::array<int, 3> shape;    // processors along x, y, z
  std::string order;           // dimension order of routing, e.g. "xyz"
  double link_bandwidth_Bps;   // each direction of each exchanger-crossbar link
  double crossbar_latency_s;   // hardware latency of one crossbar passage
  double startup_s;            // message-passing library time per message, at the sender
  double barrier_s;            // a barrier of all processors
  std::string transport;       // switching model (a name in the transport registry)

  static CpPacsParameters published();
};

std::unique_ptr<Machine> make_cp_pacs_machine(const CpPacsParameters& parameters);
std::unique_ptr<Machine> make_cp_pacs(const MachineSpec& spec);

}  // namespace mcsim
