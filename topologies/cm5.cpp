// CM-5 parameters and their sources.
//
// Data network (fat tree):
//  - 4 children per switch; per-node bandwidth 20 MB/s within a group of 4 nodes, 10 MB/s within
//    16, 5 MB/s beyond: Bader, JaJa, Chellappa, UMIACS CS-TR-3123 (1993) sec. 2.2, citing
//    Leiserson et al., "The network architecture of the Connection Machine CM-5", SPAA 1992;
//    the same figures on the TOP500 wiki CM-5 page.
//  - a wire carries 10 MB/s each way, 2 wires per node ("20 MB/s (10 MB/s/wire; 2 wires/node)"):
//    TOP500 wiki, CM-5 page. Each node's 2 wires go to different switches, first-level switches
//    have 2 up-links and higher-level ones 4: ORNL CSEP, "Computer Architecture", sec. on the CM-5.
//  - Derived here: with 10 MB/s wires, the published per-node figures fix the up-links per level
//    at w = (2, 2, 2, 4, 4, ...): 4 nodes x 2 wires = 20 MB/s each; a group of 4 has 2 switches x 2
//    up-links = 40 MB/s = 4 x 10; a group of 16 has 4 switches x 2 = 80 MB/s = 16 x 5; a group of
//    64 has 8 switches x 4 = 320 MB/s = 64 x 5. CSEP's "four up-links above the first level"
//    would give 10 MB/s beyond 16 and contradict the per-node figures, which we follow.
//  - random choice among up-links, unique path down: Leiserson et al. 1992 (see routing/).
//  - 16-byte packet payloads; messages of a multiple of 16 bytes are much cheaper: Ponnusamy,
//    Choudhary, Fox, "Communication overhead on the CM5: an experimental performance
//    evaluation", Frontiers '92, abstract; Bader et al. sec. 2.2 (4 data words per packet).
//
// CMMD (node side):
//  - latency of the data network for a CMMD message: 88 us (Ponnusamy, Choudhary, Fox 1992,
//    abstract), measured in 1992 as the paper's own runs were.
//  - asymptotic point-to-point bandwidth 8.06 MB/s (Dongarra et al., "The performance of PVM on
//    MPP systems", UT-CS-95-301, 1995, section on the CM-5: CMMD_send_block/receive_block).
//    NPAC's notes give 80 us and 8.7 MB/s for the later CMMD 3.1; we keep the 1992 figures.
//  - assumption: the 88 us start-up is CPU time in CMMD, split evenly between sender and
//    receiver (no published split found).
//  - calls (option cmmd): the 1992 CMMD had no asynchronous messages (Ranka, Wang, Kumar 1992,
//    sec. 3.3 footnote), and CMMD_send_block is a synchronous send: it returns only once the
//    receiver has posted the matching receive, and two nodes that both send first deadlock
//    (J. Dongarra, "The Performance of PVM on MPP Systems", 1995, netlib.org/utk/papers/pvmmpp,
//    citing the CMMD Reference Manual, 1993). So cmmd = rendezvous (default) is a library whose
//    one protocol is a rendezvous, whose sends are synchronous and whose receives block: the
//    engine makes every program's data wait for its receive and every send wait for its delivery,
//    and the Plan interpreter runs the phases of loosely synchronous plans as blocking calls in an
//    order that cannot deadlock (sim/core/plan_program.cpp). Programs that post receives ahead
//    (AC, DRS, two-stage's exchanges) have them count from their post, as CMMD's later
//    asynchronous receive would (assumption: the 1992 CMMD could not run them). cmmd = overlapped
//    is CMMD's asynchronous calls (CMMD_send_async, "asynchronous, non-blocking": Dongarra 1995):
//    sends return at once, receives are posted ahead, both directions of an exchange move at once.
//    The rendezvous' packets are not published; their cost is taken to be inside the measured
//    start-up (a ping-pong measures it with the receive already posted).
//  - assumption: a node's sends and receives share one CMMD copy rate. The CM-5 network interface
//    is a pair of memory-mapped FIFOs that the node's SPARC fills and drains itself (von Eicken,
//    Culler, Goldstein, Schauser, "Active Messages", ISCA 1992, sec. on the CM-5), so one
//    processor moves the bytes of both directions. Option node_interface = "duplex" lifts it.
//
// CMAML, the CMMD active-message layer (machine options control_messages and data_messages; the
// defaults stay CMMD, as the 1992 papers ran):
//  - a single-packet active message costs 1.6 us to send and 1.7 us to receive: Ranka, Shankar,
//    Alsabti, "Many-to-many personalized communication with bounded traffic", Frontiers'95, sec. 3,
//    citing von Eicken, Culler, Goldstein, Schauser, "Active Messages", ISCA 1992.
//    control_messages = "cmaml" charges these to Node::send_control instead of a CMMD message's.
//  - CMAML scopy (a bulk transfer built on active messages) 23 us + 0.12 us per byte, against
//    CMMD's 86 us + 0.12 us per byte: Koester, Ranka, Fox, NPAC SCCS-679 (1994), citing their
//    ref. [6]. The page lost its micro signs and says "per word"; only 0.12 us per BYTE (8.3 MB/s)
//    agrees with the 8.06 MB/s measured for CMMD above, so we read it so. data_messages =
//    "cmaml-scopy" sets the start-up to 23 us (split like CMMD's: assumption) and the rate to
//    1 / 0.12 us per byte. Its sends return at once and its data goes into a segment the receiver
//    allocated ahead (DRS's pre-allocated buffers, Ranka, Shankar, Alsabti 1995, sec. 5); a scopy
//    whose receive is not posted yet waits for it (assumption: a library without a buffer).
//
// Control network:
//  - barrier 4 us (Mohr, Malony et al., pC++ runtime on the CM-5, SC'93: "The CMMD barrier
//    operation is very fast (4 microseconds)"); NPAC gives about 5 us for CMMD 3.1.
#include "cm5.hpp"

#include <simgrid/s4u.hpp>

#include <bit>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "fat_tree_family.hpp"
#include "fat_tree_zone.hpp"
#include "machine_options.hpp"

namespace mcsim {

Cm5Parameters Cm5Parameters::published() {
  return {
      .wire_bandwidth_Bps = 10e6,
      .cmmd_startup_s = 88e-6,
      .cmmd_bandwidth_Bps = 8.06e6,
      .barrier_s = 4e-6,
      .shared_node_interface = true,
      .packet_payload_bytes = 16,
      .cmmd_1992_calls = true,
      .cmaml_control_messages = false,
      .cmaml_scopy_data = false,
      .active_message_send_s = 1.6e-6,
      .active_message_receive_s = 1.7e-6,
  };
}

std::vector<int> cm5_parents_per_level(int levels) {
  std::vector<int> w;
  for (int level = 1; level <= levels; ++level) w.push_back(level <= 3 ? 2 : 4);
  return w;
}

FatTreeShape cm5_shape(int nodes) {
  if (nodes < 32 || nodes > 16384 || !std::has_single_bit(static_cast<unsigned>(nodes)))
    throw Error("machine cm5", fmt::format("cannot take {} nodes: CM-5 partitions are powers of two from 32 to 16384",
                                           nodes));
  int levels = 0;
  for (int span = 1; span < nodes; span *= 4) ++levels;
  return FatTreeShape(nodes, 4, cm5_parents_per_level(levels));
}

double cm5_per_node_bandwidth_beyond(const FatTreeShape& shape, double wire_bandwidth_Bps, int level) {
  // Wires leaving one group of 4^level nodes, times their bandwidth, shared by its nodes.
  std::size_t span = 1;
  for (int l = 0; l < level; ++l) span *= 4;
  const std::size_t up_wires = shape.copies(level) * static_cast<std::size_t>(shape.parents(level + 1));
  return static_cast<double>(up_wires) * wire_bandwidth_Bps / static_cast<double>(span);
}

void Cm5Platform::build() {
  namespace s4u = simgrid::s4u;
  zone_ = new FatTreeZone("cm5", shape_, parameters_.random_uplinks);  // the first zone created becomes SimGrid's root
  s4u::NetZone* zone = zone_->get_iface();
  hosts_.clear();
  for (int i = 0; i < shape_.nodes(); ++i) {
    s4u::Host* host = zone->create_host(fmt::format("node-{}", i), 1e9);
    FatTreeZone::NodeInterface interface;
    if (parameters_.shared_node_interface) {
      s4u::Link* copy = zone->create_link(fmt::format("cmmd-{}", i), parameters_.cmmd_bandwidth_Bps);
      interface.outgoing = {copy};
      interface.incoming = {copy};
    } else {
      interface.outgoing = {zone->create_link(fmt::format("cmmd-{}-out", i), parameters_.cmmd_bandwidth_Bps)};
      interface.incoming = {zone->create_link(fmt::format("cmmd-{}-in", i), parameters_.cmmd_bandwidth_Bps)};
    }
    zone_->add_node(i, host, std::move(interface));
    hosts_.push_back(host);
  }
  std::vector<s4u::Link*> up(shape_.wire_count()), down(shape_.wire_count());
  for (int level = 1; level <= shape_.levels(); ++level)
    for (std::size_t g = 0; g < shape_.groups(level - 1); ++g)
      for (std::size_t c = 0; c < shape_.copies(level - 1); ++c)
        for (int b = 0; b < shape_.parents(level); ++b) {
          const std::size_t id = shape_.wire_id(level, g, c, b);
          const std::string name = fmt::format("wire-L{}-g{}-c{}-p{}", level, g, c, b);
          up[id] = zone->create_link(name + "-up", parameters_.wire_bandwidth_Bps);
          down[id] = zone->create_link(name + "-down", parameters_.wire_bandwidth_Bps);
        }
  zone_->set_wire_links(std::move(up), std::move(down));
  auto* loopback = zone->create_link("loopback", 1e12);
  loopback->set_sharing_policy(s4u::Link::SharingPolicy::FATPIPE);
  zone_->set_loopback(loopback);
  zone->seal();
}

MessageLibrary cm5_library(const Cm5Parameters& p) {
  constexpr const char* dongarra = "Dongarra, The Performance of PVM on MPP Systems (1995), citing the CMMD Reference "
                                   "Manual (1993)";
  constexpr const char* split = "no published split of the start-up between sender and receiver";
  const bool scopy = p.cmaml_scopy_data;
  const bool blocking = p.cmmd_1992_calls && !scopy;
  MessageLibrary l;
  if (scopy)
    l.name = cited<std::string>("CMAML scopy for data (active-message bulk transfer)",
                                "Koester, Ranka, Fox, NPAC SCCS-679 (1994); option data_messages");
  else if (blocking)
    l.name = cited<std::string>("CMMD as of 1992: CMMD_send_block and CMMD_receive_block",
                                "Ranka, Wang, Kumar 1992, sec. 3.3 footnote (no asynchronous CMMD); option cmmd");
  else
    l.name = cited<std::string>("CMMD's asynchronous calls (CMMD_send_async, CMMD_receive_async)",
                                std::string(dongarra) + "; option cmmd = overlapped");
  SizeRegime all;
  all.name = "messages";
  all.up_to_bytes = assumed(unlimited, "no size at which CMMD or CMAML changes protocol was found");
  all.protocol = blocking ? cited(Protocol::rendezvous, std::string(dongarra) + ": a synchronous send returns only "
                                                                                   "once the receiver has posted")
                          : assumed(Protocol::eager, "data leaves at once; with no buffer it waits for its receive");
  all.startup_s = scopy ? cited(p.cmmd_startup_s, "Koester, Ranka, Fox, SCCS-679: scopy 23 us")
                        : cited(p.cmmd_startup_s, "Ponnusamy, Choudhary, Fox, Frontiers'92: 88 us");
  all.per_hop_s = cited(0.0, "a fat tree of flows: no header time per hop");
  all.trip_cpu_s = assumed(0.0, "the rendezvous' packets are inside the measured start-up (measured with the receive "
                                "posted)");
  l.regimes = {all};
  l.sends = blocking ? cited(SendReturns::synchronous, std::string(dongarra) + " (CMMD_send_block)")
                     : cited(SendReturns::posted, scopy ? "CMAML scopy is asynchronous (Koester, Ranka, Fox 1994)"
                                                        : std::string(dongarra) + " (CMMD_send_async)");
  l.receives = blocking
                   ? cited(ReceiveCall::blocking, "CMMD_receive_block, the only receive of 1992 (Ranka, Wang, Kumar "
                                                  "1992, sec. 3.3); receives a program posts ahead count from then "
                                                  "(assumption)")
                   : cited(ReceiveCall::posted, scopy ? "segments allocated ahead (Ranka, Shankar, Alsabti 1995, sec. 5)"
                                                      : "CMMD_receive_async");
  l.sender_share = assumed(0.5, split);
  l.packet_bytes = cited(static_cast<double>(p.packet_payload_bytes),
                         "Ponnusamy, Choudhary, Fox 1992; Bader, JaJa, Chellappa 1993 (4 data words per packet)");
  if (p.cmaml_control_messages) {
    const char* am = "Ranka, Shankar, Alsabti 1995 sec. 3, citing von Eicken et al., Active Messages, ISCA'92";
    l.control_send_s = cited(p.active_message_send_s, am);
    l.control_receive_s = cited(p.active_message_receive_s, am);
  } else {
    l.control_send_s = assumed(p.cmmd_startup_s / 2, "a CMMD message's share (option control_messages = cmaml: "
                                                     "CMAML's 1.6 / 1.7 us)");
    l.control_receive_s = assumed(p.cmmd_startup_s / 2, split);
  }
  l.node_ports = cited(NodePorts::unlimited, "flows; a node's sends and receives share its CMMD rate in the platform "
                                             "(option node_interface)");
  l.receive_buffer_bytes =
      blocking ? cited(0.0, "a synchronous send's data never arrives before its receive")
               : assumed(0.0, "no CMMD or CMAML buffer for unexpected data was found: data waits for its receive");
  l.copy_rate_Bps = cited(unlimited, "nothing is ever copied out of a buffer (none)");
  l.barrier_s = cited(p.barrier_s, "Mohr, Malony et al. SC'93 (CMMD barrier on the control network)");
  return l;
}

void Cm5Platform::reseed_routing(std::uint64_t seed) {
  if (zone_) zone_->reseed(seed);
}

void Cm5Platform::skip_route(int src, int dst) { zone_->skip_route(src, dst); }

namespace {

std::vector<MachineParameter> documented(const FatTreeShape& shape, const Cm5Parameters& p) {
  auto per_node_bandwidth_beyond = [&](int level) {
    return cm5_per_node_bandwidth_beyond(shape, p.wire_bandwidth_Bps, level);
  };
  return {
      {"nodes", fmt::format("{}", shape.nodes()), "CM-5 partitions: powers of two, 32..16384"},
      {"fat tree", fmt::format("4-ary, {} switch levels, up-links per level {}", shape.levels(),
                               fmt::join(cm5_parents_per_level(shape.levels()), ",")),
       "Leiserson et al. SPAA'92; ORNL CSEP; up-links derived from the per-node bandwidths"},
      {"wire bandwidth", fmt::format("{} MB/s each way", p.wire_bandwidth_Bps / 1e6), "TOP500 wiki CM-5 page"},
      {"per-node bandwidth", fmt::format("{} / {} / {} MB/s within 4 / 16 / beyond", per_node_bandwidth_beyond(0) / 1e6,
                                         per_node_bandwidth_beyond(1) / 1e6,
                                         shape.levels() > 2 ? per_node_bandwidth_beyond(2) / 1e6 : 0.0),
       "Bader, JaJa, Chellappa CS-TR-3123 sec. 2.2 (computed from the shape)"},
      {p.cmaml_scopy_data ? "CMAML scopy bandwidth" : "CMMD bandwidth", fmt::format("{} MB/s", p.cmmd_bandwidth_Bps / 1e6),
       p.cmaml_scopy_data ? "Koester, Ranka, Fox, SCCS-679: 0.12 us per byte (read as bytes)"
                          : "Dongarra et al., PVM on MPP systems, UT-CS-95-301"},
      {"node interface", p.shared_node_interface ? "shared by sends and receives" : "one rate each way",
       "assumption from the processor-driven NI (von Eicken et al. ISCA'92)"},
  };
}

}  // namespace

std::unique_ptr<Machine> make_cm5_machine(int nodes, Cm5Parameters p) {
  FatTreeShape shape = cm5_shape(nodes);
  auto positive = [](double value, const char* what) {
    if (!(value > 0)) throw Error("machine cm5", fmt::format("{} must be positive, got {}", what, value));
  };
  positive(p.wire_bandwidth_Bps, "wire bandwidth");
  positive(p.cmmd_bandwidth_Bps, "CMMD bandwidth");
  if (p.cmmd_startup_s < 0 || p.barrier_s < 0) throw Error("machine cm5", "start-up and barrier times cannot be negative");
  if (p.packet_payload_bytes < 1) throw Error("machine cm5", "packet payload must be at least 1 byte");
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"cm5", nodes, documented(shape, p)},
      // The fat-tree family's routes; under random up-links the nominal ones (fat_tree_family.hpp).
      .hints = {p.cmmd_startup_s, 1.0 / p.cmmd_bandwidth_Bps,
                route_function(std::make_shared<const FatTree>(shape, p.random_uplinks ? UpLinks::random
                                                                                       : UpLinks::deterministic))},
      .library = cm5_library(p),
      .switching = std::make_shared<const PlainSwitching>("flow"),
      .routes = nullptr,
      .platform = std::make_unique<Cm5Platform>(std::move(shape), p),
  });
}

std::unique_ptr<Machine> make_cm5(const MachineSpec& spec) {
  Cm5Parameters p = Cm5Parameters::published();
  MachineOptions options(spec, "machine cm5");
  // CMAML (see the top of this file); explicit start-up and bandwidth options below still win.
  if (options.choice("data_messages", {"cmmd", "cmaml-scopy"}, "cmmd") == "cmaml-scopy") {
    p.cmmd_startup_s = 23e-6;              // Koester, Ranka, Fox SCCS-679: scopy 23 us
    p.cmmd_bandwidth_Bps = 1.0 / 0.12e-6;  // ... + 0.12 us per byte
    p.cmaml_scopy_data = true;
  }
  p.cmaml_control_messages = options.choice("control_messages", {"cmmd", "cmaml"}, "cmmd") == "cmaml";
  p.shared_node_interface = options.choice("node_interface", {"shared", "duplex"}, "shared") == "shared";
  p.cmmd_startup_s = options.number("cmmd_startup_us", p.cmmd_startup_s * 1e6) * 1e-6;
  p.cmmd_bandwidth_Bps = options.number("cmmd_bandwidth_MBps", p.cmmd_bandwidth_Bps / 1e6) * 1e6;
  p.wire_bandwidth_Bps = options.number("wire_bandwidth_MBps", p.wire_bandwidth_Bps / 1e6) * 1e6;
  p.barrier_s = options.number("barrier_us", p.barrier_s * 1e6) * 1e-6;
  p.cmmd_1992_calls = options.choice("cmmd", {"rendezvous", "overlapped"}, "rendezvous") == "rendezvous";
  options.reject_unknown();
  return make_cm5_machine(spec.nodes, p);
}

}  // namespace mcsim
