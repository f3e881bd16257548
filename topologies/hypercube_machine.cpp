// iPSC/860 parameters and their sources.
//
//  - circuit switching over e-cube paths; one send and one receive per node, concurrent only in a
//    synchronised pairwise exchange; paths meeting at a node do not interfere: Wang and Ranka
//    1994, sec. 2.2; Bokhari, "Communication overhead on the Intel iPSC-860 hypercube", ICASE
//    1990 (DTIC ADA227204), abstract: link contention can slow a message more than 7x, node
//    contention has no measurable effect, hop count matters for short messages only.
//  - 2.8 MB/s each way per channel: the iPSC/2 Direct-Connect router (Nugent, "The iPSC/2
//    direct-connect communications technology", C3P 1988), kept in the iPSC/860 (second-hand).
//  - protocol change at 100 bytes: PARKBENCH low-level benchmarks (netlib, multi-lowlevel.html);
//    Wang and Ranka sec. 6 see it between 64 and 128 bytes.
//  - NX's two protocols (option nx = protocols): a short message is sent at once into the
//    receiver's buffers (eager); a long one only after its library has sent a request to the
//    receiver's library and had a reply (the "handshake" before long messages), which NX answers
//    whether or not the receive is posted: an unexpected long message is taken into a system
//    buffer, whose copy-out Wang and Ranka sec. 2.2, observation 4, says S1's ready signal avoids
//    ("for long messages, buffer copying is costly enough that the sender should wait until the
//    receiver indicates that it is ready"). Their sec. 3: "each processor may only have limited
//    space of message buffers ... when the system buffer space is fully occupied by unconfirmed
//    messages, further messages will be blocked at sender processors side". ASSUMED, as no size or
//    rate was found: a 1 MB system buffer per node, copied out at 40 MB/s (options
//    receive_buffer_bytes, copy_rate_MBps). The packets of the handshake are not documented anywhere we could read;
//    ASSUMED here: each trip is a bare message that sets up its own circuit at the short protocol's
//    per-hop time, the data trip takes what is left of the long per-hop time (long - 2 x short),
//    the data message's own library time is a short message's, and the rest of the long start-up
//    (long - short) is spent in four equal parts around the two trips. So an unloaded long message
//    takes exactly the aggregate model's time; only contention and overlap differ.
//  - ASSUMPTIONS, named in `mcsim list machines -v`: the start-ups (75 us short, 150 us long, the
//    long one including its handshake) and per-hop costs (10 us short, 30 us long) are the values
//    usually quoted from Bokhari 1990 and Dunigan 1991 (ORNL/TM-11790), whose full texts we could
//    not reach to confirm. Every one is an option (short_startup_us, ...).
#include "hypercube_machine.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "direct_network.hpp"
#include "k_ary_n_cube.hpp"
#include "machine_options.hpp"

namespace mcsim {

namespace {
constexpr const char* bandwidth_source = "Nugent, iPSC/2 Direct-Connect, C3P 1988 (second-hand)";
constexpr const char* latency_source =
    "figures quoted from Bokhari 1990 / Dunigan 1991, not confirmed against the reports";
}  // namespace

Ipsc860Parameters Ipsc860Parameters::published() {
  return {.channel_bandwidth_Bps = 2.8e6, .short_limit_bytes = 100, .short_startup_s = 75e-6,
          .long_startup_s = 150e-6, .short_hop_s = 10e-6, .long_hop_s = 30e-6, .shared_node_port = true,
          .protocol_trips = true, .receive_buffer_bytes = 1e6, .copy_rate_Bps = 40e6};
}

namespace {
int dimensions_of(int nodes) {
  if (nodes < 2 || nodes > 16384 || !std::has_single_bit(static_cast<unsigned>(nodes)))
    throw Error("machine ipsc860",
                fmt::format("cannot take {} nodes: a hypercube has a power of two from 2 to 16384 nodes", nodes));
  return std::countr_zero(static_cast<unsigned>(nodes));
}
}  // namespace

// The start-up is library time, half at each end (assumption, no published split). With the
// protocol trips, a long message's own part is a short message's; its handshake has the rest, in
// four equal parts around the request and the reply; and its data's header takes what is left of
// the long per-hop time once the request and the reply (bare, short) have crossed every hop.
MessageLibrary nx_library(const Ipsc860Parameters& p) {
  MessageLibrary l;
  l.name = cited<std::string>("NX", "Wang and Ranka 1994, sec. 2.2 and 6");
  const std::string quoted = latency_source;
  SizeRegime short_messages{"short", cited(static_cast<double>(p.short_limit_bytes),
                                           "PARKBENCH low-level benchmarks (protocol change at 100 bytes)"),
                            assumed(Protocol::eager, "a short message goes at once into the receiver's buffers"),
                            assumed(p.short_startup_s, quoted), assumed(p.short_hop_s, quoted),
                            cited(0.0, "no request or reply")};
  SizeRegime long_messages = short_messages;
  long_messages.name = "long";
  long_messages.up_to_bytes = cited(unlimited, "PARKBENCH: another protocol above 100 bytes");
  if (p.protocol_trips) {
    long_messages.protocol = assumed(Protocol::handshake, "request and reply before the data (option nx); Wang and "
                                                          "Ranka sec. 2.2 obs. 4 (system buffer, copy)");
    long_messages.startup_s = assumed(p.short_startup_s, "its own part is a short message's; the handshake has the rest "
                                                         "of the long start-up (" + quoted + ")");
    long_messages.per_hop_s = assumed(std::max(0.0, p.long_hop_s - 2 * p.short_hop_s),
                                      "the long per-hop time less the request's and the reply's");
    long_messages.trip_cpu_s = assumed(std::max(0.0, p.long_startup_s - p.short_startup_s) / 4,
                                       "the long start-up's excess over the short one, in four equal parts");
  } else {
    long_messages.protocol = assumed(Protocol::eager, "option nx = startup: one aggregate start-up per message");
    long_messages.startup_s = assumed(p.long_startup_s, quoted);
    long_messages.per_hop_s = assumed(p.long_hop_s, quoted);
  }
  l.regimes = {short_messages, long_messages};
  l.sends = cited(SendReturns::posted, "Wang and Ranka 1994, sec. 3, Figure 1 (post, send all, confirm)");
  l.receives = cited(ReceiveCall::posted, "Wang and Ranka 1994, sec. 3 (receives posted ahead: buffers pre-allocated)");
  l.sender_share = assumed(0.5, "no published split of the start-up");
  l.packet_bytes = cited(0.0, "circuit switched: no packet rounding");
  l.control_send_s = assumed(p.short_startup_s / 2, "a short message's share; NX has no active messages");
  l.control_receive_s = assumed(p.short_startup_s / 2, "a short message's share; NX has no active messages");
  l.node_ports = p.shared_node_port ? cited(NodePorts::one_shared, "Wang and Ranka 1994, sec. 2.2, observation 1")
                                    : assumed(NodePorts::unlimited, "option node_ports = unlimited");
  l.receive_buffer_bytes = assumed(p.receive_buffer_bytes, "limited (Wang and Ranka sec. 3); its size was not found");
  l.copy_rate_Bps = assumed(p.copy_rate_Bps, "costly (Wang and Ranka sec. 2.2, obs. 4); no rate was found");
  l.barrier_s = assumed(0.0, "no barrier of its own; none of the iPSC/860 strategies uses one");
  return l;
}

namespace {

std::vector<MachineParameter> documented(int dimensions, const Ipsc860Parameters& p) {
  return {
      {"nodes", fmt::format("{} ({}-dimensional hypercube)", 1 << dimensions, dimensions),
       "Wang and Ranka 1994 used 64; the real machine had up to 128, larger cubes are extrapolations"},
      {"routing", "e-cube (lowest differing address bit first), circuit switched", "Wang and Ranka 1994, sec. 2.2"},
      {"channel bandwidth", fmt::format("{} MB/s each way", p.channel_bandwidth_Bps / 1e6), bandwidth_source},
      {"short protocol", fmt::format("up to {} bytes: start-up {:g} us, {:g} us per hop", p.short_limit_bytes,
                                     p.short_startup_s * 1e6, p.short_hop_s * 1e6),
       std::string("assumption: ") + latency_source},
      {"long protocol", fmt::format("above {} bytes: start-up {:g} us, {:g} us per hop (option nx = {})",
                                    p.short_limit_bytes, p.long_startup_s * 1e6, p.long_hop_s * 1e6,
                                    p.protocol_trips ? "protocols: as its request, reply and data" : "startup"),
       std::string("assumption: ") + latency_source},
  };
}

}  // namespace

std::unique_ptr<Machine> make_ipsc860_machine(int nodes, Ipsc860Parameters p) {
  const int dimensions = dimensions_of(nodes);
  if (!(p.channel_bandwidth_Bps > 0)) throw Error("machine ipsc860", "channel bandwidth must be positive");
  if (p.short_startup_s < 0 || p.long_startup_s < 0 || p.short_hop_s < 0 || p.long_hop_s < 0)
    throw Error("machine ipsc860", "start-up and hop times cannot be negative");
  if (p.receive_buffer_bytes < 0 || !(p.copy_rate_Bps > 0))
    throw Error("machine ipsc860", "the receive buffer cannot be negative, the copy rate must be positive");
  // One family object (k = 2, e-cube) gives the platform's channels, the transports' routes and the schedulers'.
  auto family = std::make_shared<const KAryNCube>(
      KAryNCubeShape{.sides = std::vector<int>(static_cast<std::size_t>(dimensions), 2), .binary_numbering = true});
  MessageLibrary library = nx_library(p);
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"ipsc860", nodes, documented(dimensions, p)},
      .hints = {p.long_startup_s, 1.0 / p.channel_bandwidth_Bps, route_function(family)},
      .library = library,
      .switching = std::make_shared<const Ipsc860Switching>(library),
      .routes = family,
      .platform = std::make_unique<DirectNetworkPlatform>("ipsc860", family, p.channel_bandwidth_Bps),
  });
}

std::unique_ptr<Machine> make_ipsc860(const MachineSpec& spec) {
  Ipsc860Parameters p = Ipsc860Parameters::published();
  MachineOptions options(spec, "machine ipsc860");
  p.channel_bandwidth_Bps = options.number("channel_bandwidth_MBps", p.channel_bandwidth_Bps / 1e6) * 1e6;
  p.short_limit_bytes = static_cast<std::uint64_t>(
      std::max(0, options.integer("short_limit_bytes", static_cast<int>(p.short_limit_bytes))));
  p.short_startup_s = options.number("short_startup_us", p.short_startup_s * 1e6) * 1e-6;
  p.long_startup_s = options.number("long_startup_us", p.long_startup_s * 1e6) * 1e-6;
  p.short_hop_s = options.number("short_hop_us", p.short_hop_s * 1e6) * 1e-6;
  p.long_hop_s = options.number("long_hop_us", p.long_hop_s * 1e6) * 1e-6;
  p.shared_node_port = options.choice("node_ports", {"shared", "unlimited"}, "shared") == "shared";
  p.protocol_trips = options.choice("nx", {"protocols", "startup"}, "protocols") == "protocols";
  p.receive_buffer_bytes = options.number("receive_buffer_bytes", p.receive_buffer_bytes);
  p.copy_rate_Bps = options.number("copy_rate_MBps", p.copy_rate_Bps / 1e6) * 1e6;
  options.reject_unknown();
  return make_ipsc860_machine(spec.nodes, p);
}

}  // namespace mcsim
