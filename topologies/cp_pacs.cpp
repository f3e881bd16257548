// CP-PACS parameters and their sources.
//
//  - network: a "Hyper Crossbar": crossbar switches along x, y and z, joined by an Exchanger at
//    each crossing point, which connects to a processing unit (CCS, University of Tsukuba,
//    www2.ccs.tsukuba.ac.jp/cppacs/architecture-e.html). The full machine is an 8 x 17 x 16 array.
//  - link: 300 MB/s throughput and 3 us latency, design figures (Y. Iwasaki, "The CP-PACS project",
//    Lattice 96, arXiv hep-lat/9608148).
//  - Pilot-3: a 64-processor subset of CP-PACS (Guo and Pan 2005, sec. 5, citing Nakazawa et al.,
//    Parallel Computing 25 (1999)).
//  - ASSUMPTION: Pilot-3 is a 4 x 4 x 4 array. Its shape is not published where we could look;
//    option shape (e.g. "2x4x8", "8x8x1").
//  - ASSUMPTION: routing crosses x, then y, then z (option order). Not published where we looked.
//  - ASSUMPTION: the 3 us latency is paid at every crossbar passage (the header's claim of the
//    link into and the link out of the crossbar, half each), and messages hold their whole path
//    while they stream (the transport "circuit": the flit buffers that would let a worm free the
//    channels behind it are not published; option switching, e.g. "flow").
//  - ASSUMPTION: no MPI software time per message (option startup_us) and a barrier of no cost
//    beyond waiting for the last processor (option barrier_us): no MPI latency or barrier time of
//    CP-PACS could be found, so the model's times are the network's alone. The rest of the message
//    library is assumed likewise (cp_pacs_library): one eager protocol, sends that return at once,
//    data that arrives before its receive waiting for it at no cost.
#include "cp_pacs.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "../sim/engine/transport.hpp"
#include "direct_network.hpp"
#include "hyper_crossbar_routes.hpp"
#include "machine_options.hpp"

namespace mcsim {

namespace {

// No MPI figures of CP-PACS were found: the library is named assumptions throughout, chosen so
// that the model's times are the network's alone (cp_pacs.cpp's header).
MessageLibrary cp_pacs_library(const CpPacsParameters& p) {
  const std::string none = "no published CP-PACS MPI figure found";
  MessageLibrary l;
  l.name = assumed<std::string>("MPI on CP-PACS, unmeasured", none);
  l.regimes = {{"messages", assumed(unlimited, none + ": one protocol"),
                assumed(Protocol::eager, none + ": data goes at once"),
                assumed(p.startup_s, none + " (option startup_us)"), cited(0.0, "the crossbars' latency is the switching's"),
                cited(0.0, "no request or reply")}};
  l.sends = assumed(SendReturns::posted, none);
  l.receives = assumed(ReceiveCall::posted, none);
  l.sender_share = assumed(1.0, none + ": the start-up is the sender's");
  l.packet_bytes = assumed(0.0, none + ": no packet rounding");
  l.control_send_s = assumed(p.startup_s, none + ": a message's start-up");
  l.control_receive_s = assumed(0.0, none);
  l.node_ports = assumed(NodePorts::unlimited, "the exchanger's ports are not published");
  l.receive_buffer_bytes = assumed(unlimited, none + ": data that comes first waits at no cost");
  l.copy_rate_Bps = assumed(unlimited, none + ": data that comes first waits at no cost");
  l.barrier_s = assumed(p.barrier_s, "not published (option barrier_us)");
  return l;
}

class CpPacsSwitching final : public SwitchingRules {
 public:
  explicit CpPacsSwitching(CpPacsParameters p) : p_(std::move(p)) {}
  std::string transport() const override { return p_.transport; }
  // Two channels per crossbar passage.
  double per_hop_seconds(std::uint64_t) const override { return p_.crossbar_latency_s / 2; }

 private:
  CpPacsParameters p_;
};

std::vector<MachineParameter> documented(const CpPacsParameters& p) {
  return {
      {"shape", fmt::format("{} x {} x {} processors (Pilot-3: 64)", p.shape[0], p.shape[1], p.shape[2]),
       "assumption: Pilot-3's shape is not published (64 processors: Guo and Pan 2005 sec. 5)"},
      {"network", "3-D hyper-crossbar: a crossbar per x, y and z line, an exchanger per node",
       "CCS Tsukuba, cppacs/architecture-e.html"},
      {"routing order", p.order, "assumption: not published"},
      {"link bandwidth", fmt::format("{} MB/s each way", p.link_bandwidth_Bps / 1e6),
       "Iwasaki, hep-lat/9608148 (design figure)"},
      {"crossbar latency", fmt::format("{} us per crossbar passed", p.crossbar_latency_s * 1e6),
       "Iwasaki, hep-lat/9608148 (3 us design figure); assumption: paid per crossbar"},
      {"switching", p.transport, "assumption: a message holds its whole path while it streams; option switching"},
  };
}

}  // namespace

CpPacsParameters CpPacsParameters::published() {
  return {.shape = {4, 4, 4},
          .order = "xyz",
          .link_bandwidth_Bps = 300e6,
          .crossbar_latency_s = 3e-6,
          .startup_s = 0,
          .barrier_s = 0,
          .transport = "circuit"};
}

std::unique_ptr<Machine> make_cp_pacs_machine(const CpPacsParameters& p) {
  const std::string where = "machine cp-pacs";
  if (!(p.link_bandwidth_Bps > 0) || p.crossbar_latency_s < 0 || p.startup_s < 0 || p.barrier_s < 0)
    throw Error(where, "bandwidth must be positive, latencies not negative");
  // One family object gives the platform's links, the transports' routes and the schedulers'.
  auto family = std::make_shared<const HyperCrossbar>(p.shape, dimension_order(p.order, where));
  const int nodes = family->nodes();
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"cp-pacs", nodes, documented(p)},
      .hints = {p.startup_s + 3 * p.crossbar_latency_s, 1.0 / p.link_bandwidth_Bps, route_function(family)},
      .library = cp_pacs_library(p),
      .switching = std::make_shared<const CpPacsSwitching>(p),
      .routes = family,
      .platform = std::make_unique<DirectNetworkPlatform>("cp-pacs", family, p.link_bandwidth_Bps),
  });
}

std::unique_ptr<Machine> make_cp_pacs(const MachineSpec& spec) {
  CpPacsParameters p = CpPacsParameters::published();
  MachineOptions options(spec, "machine cp-pacs");
  p.shape = grid_shape(options.text("shape", "4x4x4"), options.where());
  p.order = options.text("order", p.order);
  p.transport = options.text("switching", p.transport);
  (void)find_transport(p.transport, options.where() + ": option switching");
  p.link_bandwidth_Bps = options.number("link_bandwidth_MBps", p.link_bandwidth_Bps / 1e6) * 1e6;
  p.crossbar_latency_s = options.number("crossbar_latency_us", p.crossbar_latency_s * 1e6) * 1e-6;
  p.startup_s = options.number("startup_us", p.startup_s * 1e6) * 1e-6;
  p.barrier_s = options.number("barrier_us", p.barrier_s * 1e6) * 1e-6;
  options.reject_unknown();
  const int nodes = p.shape[0] * p.shape[1] * p.shape[2];
  if (spec.nodes != nodes)
    throw Error(options.where(), fmt::format("shape {}x{}x{} has {} processors, not {}", p.shape[0], p.shape[1],
                                             p.shape[2], nodes, spec.nodes));
  return make_cp_pacs_machine(p);
}

}  // namespace mcsim
