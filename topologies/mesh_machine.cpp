// 2-D mesh parameters and their sources.
//
//  - delta (wormhole): Intel Touchstone Delta, 16 x 36 mesh, 25 MB/s channels, 75-150 ns per
//    router hop (Delta brochure 1991, as typed into comp.arch, 2 June 1991; we take 150 ns).
//    ASSUMPTION: the message start-up of 75 us; no published Delta NX start-up could be reached.
//  - ipsc1 (store-and-forward): the original iPSC. The iPSC/2 papers (Nugent, C3P 1988) give the
//    iPSC/2 a 10x bandwidth (2.8 MB/s) and a 3x neighbour latency (~350 us) over the iPSC/1; we
//    infer 0.28 MB/s and 1 ms per hop (inferred from cited ratios, not measured values).
//  - dimensionless: Lo, Rajopadhye, Telle, Zhong 1992, sec. 3.1 (b = 1, c chosen). (filled in below, beside each number)
#include "mesh_machine.hpp"

#include <cmath>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "../sim/engine/transport.hpp"
#include "direct_network.hpp"
#include "k_ary_n_cube.hpp"
#include "machine_options.hpp"

namespace mcsim {

// Wormhole (and any transport but store-and-forward): the start-up c is paid once, by the sender.
// Store-and-forward pays it at every hop (per_hop_seconds), so the nodes themselves add nothing.
// The model has no node software beyond c (Lo et al. sec. 3.1): sends that return at once, data
// that waits at its receiver for free.
MessageLibrary mesh_library(const MeshParameters& p) {
  const std::string model = "the cost model has no node software beyond the start-up c";
  MessageLibrary l;
  l.name = assumed<std::string>("the model's: start-up c only", "Lo, Rajopadhye, Telle, Zhong 1992, sec. 3.1");
  const double startup = p.startup_per_hop() ? 0.0 : p.startup_s;
  l.regimes = {{"messages", cited(unlimited, "one protocol (Lo et al. sec. 3.1)"), assumed(Protocol::eager, model),
                cited(startup, p.startup_per_hop() ? "paid at every hop instead (store-and-forward)" : p.source),
                cited(0.0, "the header delay is the switching's"), cited(0.0, "no request or reply")}};
  l.sends = assumed(SendReturns::posted, model);
  l.receives = assumed(ReceiveCall::posted, model);
  l.sender_share = cited(1.0, "c is paid once per message (Lo et al. sec. 3.1); taken at the sender");
  l.packet_bytes = cited(0.0, "no packets in the model");
  l.control_send_s = assumed(startup, "a message's start-up");
  l.control_receive_s = assumed(0.0, model);
  l.node_ports = assumed(NodePorts::unlimited, model);
  l.receive_buffer_bytes = assumed(unlimited, model);
  l.copy_rate_Bps = assumed(unlimited, model);
  l.barrier_s = assumed(0.0, model);
  return l;
}

double MeshSwitching::per_hop_seconds(std::uint64_t) const {
  return parameters_.startup_per_hop() ? parameters_.startup_s : parameters_.hop_s;
}

FlitBuffers MeshSwitching::flit_buffers() const {
  return {parameters_.flit_bytes, parameters_.buffer_flits, 1.0 / parameters_.bandwidth_Bps};
}

namespace {

std::vector<MachineParameter> documented(int rows, int cols, const MeshParameters& p) {
  const bool per_hop = p.startup_per_hop();
  std::vector<MachineParameter> list = {
      {"shape", fmt::format("{} rows x {} columns, no wrap-around, XY routing", rows, cols),
       "Lo, Rajopadhye, Telle, Zhong 1992, sec. 3"},
      {"switching", p.transport, "option switching (mcsim list transports)"},
      {"parameter set", p.name, p.source},
      {"channel bandwidth (1/b)", fmt::format("{} bytes/s each way", p.bandwidth_Bps), p.source},
      {"start-up c", fmt::format("{} s {}", p.startup_s, per_hop ? "per hop" : "per message"), p.source},
  };
  if (!per_hop) list.push_back({"header delay per hop", fmt::format("{} s", p.hop_s), p.source});
  if (p.transport == "wormhole")
    list.push_back({"flit buffers", fmt::format("{} flit(s) of {} bytes per channel", p.buffer_flits, p.flit_bytes),
                    p.name == "delta" ? "ASSUMPTION: the Delta routing chip's flit size and buffer depth are not in "
                                        "the sources reached (options flit, buffer)"
                                      : "options flit (bytes) and buffer (flits)"});
  return list;
}

}  // namespace

std::unique_ptr<Machine> make_mesh_machine(int rows, int cols, MeshParameters p) {
  if (rows < 1 || cols < 1) throw Error("machine mesh", fmt::format("a {} x {} mesh has no nodes", rows, cols));
  if (!(p.bandwidth_Bps > 0) || p.startup_s < 0 || p.hop_s < 0)
    throw Error("machine mesh", "bandwidth must be positive, start-up and hop delay not negative");
  // One family object gives the platform's channels, the transports' routes and the schedulers'.
  auto family = std::make_shared<const KAryNCube>(KAryNCubeShape{.sides = {cols, rows}});
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"mesh", rows * cols, documented(rows, cols, p)},
      .hints = {p.startup_s, 1.0 / p.bandwidth_Bps, route_function(family)},
      .library = mesh_library(p),
      .switching = std::make_shared<const MeshSwitching>(p),
      .routes = family,
      .platform = std::make_unique<DirectNetworkPlatform>("mesh", family, p.bandwidth_Bps),
  });
}

std::pair<int, int> default_shape(int nodes) {
  int rows = static_cast<int>(std::sqrt(static_cast<double>(nodes)));
  while (rows > 1 && nodes % rows != 0) --rows;
  return {rows, nodes / rows};
}

namespace {

MeshParameters mesh_parameter_set(const std::string& name) {
  if (name == "dimensionless")
    // Lo et al. sec. 3.1: b = 1 per volume unit. One volume unit is 10^6 bytes here, so a plan in
    // bytes = volume x 10^6 gives times in the paper's units (seconds = units); c and the hop
    // delay are options.
    return {"dimensionless", "Lo, Rajopadhye, Telle, Zhong 1992, sec. 3.1 (b = 1; c is an option)", "wormhole",
            1e6, 0, 0};
  if (name == "delta")
    return {"delta", "Touchstone Delta brochure 1991 (25 MB/s, 150 ns/hop); start-up 75 us is an assumption",
            "wormhole", 25e6, 75e-6, 150e-9};
  return {"ipsc1", "iPSC/1, inferred from the iPSC/2 ratios of Nugent 1988 (0.28 MB/s, 1 ms per hop)",
          "store-and-forward", 0.28e6, 1e-3, 0};
}

}  // namespace

std::unique_ptr<Machine> make_mesh(const MachineSpec& spec) {
  MachineOptions options(spec, "machine mesh");
  constexpr int max_nodes = 65536;  // B(16) of Lo et al. on a 256 x 256 mesh, the largest simulated
  if (spec.nodes < 1 || spec.nodes > max_nodes)
    throw Error(options.where(), fmt::format("cannot take {} nodes (1 to {})", spec.nodes, max_nodes));
  const int rows = options.integer("rows", default_shape(spec.nodes).first);
  const int cols = options.integer("cols", spec.nodes / std::max(rows, 1));
  if (rows < 1 || cols < 1 || static_cast<std::int64_t>(rows) * cols != spec.nodes)
    throw Error(options.where(), fmt::format("a {} x {} mesh does not have {} nodes", rows, cols, spec.nodes));
  const std::string switching = options.text("switching", "wormhole");
  (void)find_transport(switching, options.where() + ": option switching");  // any registered transport
  const std::string set = options.choice("parameters", {"delta", "ipsc1", "dimensionless"},
                                         switching == "store-and-forward" ? "ipsc1" : "delta");
  MeshParameters p = mesh_parameter_set(set);
  p.transport = switching;
  // Only the header-claiming transports have a header delay, only wormhole has flit buffers; the
  // others accept the options (a scenario may set them and a sweep switch the transport) unused.
  const bool header_delay = switching == "wormhole" || switching == "circuit";
  if (set == "dimensionless") {
    p.startup_s = options.number("startup", p.startup_s);
    if (header_delay)
      p.hop_s = options.number("hop", p.hop_s);
    else
      options.unused({"hop"}, fmt::format("switching = {} has no header delay", switching));
    if (p.startup_s < 0 || p.hop_s < 0) throw Error(options.where(), "startup and hop cannot be negative");
  }
  if (switching != "wormhole") options.unused({"flit", "buffer"}, fmt::format("switching = {} has no flit buffers", switching));
  if (switching == "wormhole") {
    if (set == "delta") p.flit_bytes = 2;  // ASSUMPTION: one 16-bit channel word per flit (see documented())
    const int flit = options.integer("flit", static_cast<int>(p.flit_bytes));
    const int buffer = options.integer("buffer", static_cast<int>(p.buffer_flits));
    if (flit < 1 || buffer < 1)
      throw Error(options.where(), fmt::format("flit = {} bytes and buffer = {} flits must be at least 1", flit, buffer));
    p.flit_bytes = static_cast<std::uint64_t>(flit);
    p.buffer_flits = static_cast<std::uint64_t>(buffer);
  }
  options.reject_unknown();
  return make_mesh_machine(rows, cols, std::move(p));
}

}  // namespace mcsim
