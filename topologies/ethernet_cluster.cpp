// Switched 100Base-T workstation cluster with MPICH 1.1.2 (ch_p4, TCP): parameters and sources.
//
//  - the cluster: 24 Sun workstations (400 MHz, 128 MB), one 100Base-T Ethernet through a switching
//    hub, Solaris 8, MPICH 1.1.2 (Guo and Pan 2005, sec. 5.3). Switch ports are full duplex.
//  - MPI over switched Fast Ethernet: about 90 Mbit/s (11 MB/s) and 110-130 us latency, measured on
//    an IBM cluster, not on Suns (Ames Laboratory Scalable Computing Lab, cluster benchmark pages,
//    scl.ameslab.gov; the page prints the latency in "milliseconds", which can only mean us). We take
//    11 MB/s per port and direction and 120 us. No Sun/MPICH 1.1.2 figure could be found.
//  - ch_p4 protocol (MPICH 1.1.2 source, mpid/ch2 and mpid/ch_p4): short messages up to
//    MPID_PKT_MAX_DATA_SIZE = 16384 bytes (heterogeneous build, which ch_p4 is), eager up to
//    long_len = 128000 bytes (ch2/chinit.c), rendezvous above: REQUEST_SEND, the receiver's
//    OK_TO_SEND once the receive is posted, then the data (chbrndv.c). An eager message is written
//    to the receiver at once, whether or not its receive is posted; one that arrives first waits
//    in the receiver's queue of unexpected messages and is copied into the receive when it is
//    posted. chdef.h defines PI_NO_NSEND and PI_NO_NRECV: ch_p4 has only blocking send paths, so
//    an MPI_Isend returns once its message has been written (it is at the receiver), and
//    MPI_Alltoallv's "Isend to rank 0, 1, ..." sends one message after the other.
//  - Unexpected messages: the p4 layer's sockets hold 16384 bytes each way (SOCK_BUFF_SIZE,
//    p4_sock_util.h, set by net_set_sockbuf_size), but a receiving process inside MPI reads every
//    arriving message off its sockets into the unexpected queue (socket_recv; a blocked write
//    reads too, net_send), which is allocated as messages come. ASSUMPTION: that queue may use the
//    workstation's 128 MB (Guo and Pan 2005, sec. 5.3), so no sender of these programs is held
//    back; option receive_buffer_bytes = 32768 gives the two socket buffers alone.
//  - ASSUMPTION: copying an unexpected message into its receive runs at 200 MB/s (option
//    copy_rate_MBps): no memory-copy rate of the paper's 400 MHz Suns was found.
//  - ASSUMPTION: the 120 us is CPU time of the TCP/MPI stack, half at the sender, half at the
//    receiver; short and long eager messages cost alike; the rendezvous' REQUEST_SEND and
//    OK_TO_SEND are control packets of one latency each, half at each end (so an unloaded
//    rendezvous adds 2 x 120 us, run as the two trips).
//  - ASSUMPTION: a barrier costs ceil(log2 n) message latencies (a dissemination barrier); MPICH's
//    barrier over TCP was not measured in the sources we found.
//  - The switch is store-and-forward per frame; at 1500-byte frames that adds about one frame time
//    (0.1 ms) per message, which the measured MPI latency above already contains.
#include "ethernet_cluster.hpp"

#include <fmt/format.h>

#include <cmath>

#include "../sim/core/error.hpp"
#include "direct_network.hpp"
#include "machine_options.hpp"
#include "star_family.hpp"

namespace mcsim {

MessageLibrary ch_p4_library(const EthernetClusterParameters& p) {
  constexpr const char* latency = "Ames Lab SCL cluster benchmarks (110-130 us MPI over Fast Ethernet, IBM cluster)";
  constexpr const char* source = "MPICH 1.1.2 source";
  MessageLibrary l;
  l.name = cited<std::string>("MPICH 1.1.2, ch_p4 device (TCP)", "Guo and Pan 2005, sec. 5.3");
  SizeRegime short_messages{"short", cited(static_cast<double>(p.short_limit),
                                           "MPICH 1.1.2 packets.h: MPID_PKT_MAX_DATA_SIZE (heterogeneous ch_p4)"),
                            cited(Protocol::eager, "MPICH 1.1.2 ch2: data in the packet, sent at once"),
                            cited(p.mpi_latency_s, latency), cited(0.0, "one switch; its delay is in the latency"),
                            cited(0.0, "no request or reply")};
  SizeRegime eager = short_messages;
  eager.name = "eager";
  eager.up_to_bytes = cited(static_cast<double>(p.eager_limit), "MPICH 1.1.2 ch2/chinit.c: long_len = 128000");
  eager.protocol = cited(Protocol::eager, "MPICH 1.1.2 ch2: eager, written at once");
  eager.startup_s = assumed(p.mpi_latency_s, "long eager messages cost a short one's start-up");
  SizeRegime rendezvous = eager;
  rendezvous.name = "rendezvous";
  rendezvous.up_to_bytes = cited(unlimited, "MPICH 1.1.2 ch2/chinit.c: above long_len");
  rendezvous.protocol = cited(Protocol::rendezvous, "MPICH 1.1.2 chbrndv.c: REQUEST_SEND, OK_TO_SEND once posted, data");
  rendezvous.startup_s = assumed(p.mpi_latency_s, "its own part costs a short message's start-up");
  rendezvous.trip_cpu_s = assumed(p.mpi_latency_s / 2, "REQUEST_SEND and OK_TO_SEND cost one latency each, half at "
                                                       "each end");
  l.regimes = {short_messages, eager, rendezvous};
  l.sends = cited(SendReturns::local, std::string(source) + " ch_p4/chdef.h: PI_NO_NSEND, only blocking sends");
  l.receives = cited(ReceiveCall::posted, "MPI_Irecv (Alltoallv and the schedules post receives ahead)");
  l.sender_share = assumed(0.5, "the latency is CPU time of the TCP/MPI stack, half at each end");
  l.packet_bytes = cited(0.0, "a TCP stream: no packet rounding");
  l.control_send_s = assumed(p.mpi_latency_s / 2, "MPI has no active messages: a short message's share");
  l.control_receive_s = assumed(p.mpi_latency_s / 2, "MPI has no active messages: a short message's share");
  l.node_ports = cited(NodePorts::unlimited, "full-duplex switch ports (Guo and Pan 2005, sec. 5.3)");
  l.receive_buffer_bytes =
      assumed(p.receive_buffer_bytes, "MPICH reads unexpected messages off its 16384-byte sockets into a queue "
                                      "allocated as they come (p4 socket_recv, net_send): the workstation's 128 MB "
                                      "(Guo and Pan sec. 5.3) bound it");
  l.copy_rate_Bps = assumed(p.copy_rate_Bps, "no memory-copy rate of the paper's 400 MHz Suns found");
  l.barrier_s = assumed(p.barrier_s, "ceil(log2 n) latencies (a dissemination barrier)");
  return l;
}

EthernetClusterParameters EthernetClusterParameters::published(int nodes) {
  const double latency = 120e-6;
  return {.port_bandwidth_Bps = 11e6,
          .mpi_latency_s = latency,
          .short_limit = 16384,
          .eager_limit = 128000,
          .barrier_s = std::ceil(std::log2(std::max(nodes, 2))) * latency,
          .receive_buffer_bytes = 128e6,
          .copy_rate_Bps = 200e6};
}

namespace {
std::vector<MachineParameter> documented(int nodes, const EthernetClusterParameters& p) {
  return {
      {"nodes", fmt::format("{} workstations on one switch (the paper's cluster: 24 Suns)", nodes),
       "Guo and Pan 2005, sec. 5.3"},
      {"port bandwidth", fmt::format("{} MB/s each way (MPI over 100Base-T)", p.port_bandwidth_Bps / 1e6),
       "Ames Lab SCL cluster benchmarks (IBM cluster, not Sun)"},
      {"switch", "store-and-forward, full-duplex ports; its delay is inside the MPI latency", "Guo and Pan 2005 sec. 5.3"},
  };
}
}  // namespace

std::unique_ptr<Machine> make_ethernet_cluster_machine(int nodes, const EthernetClusterParameters& p) {
  const std::string where = "machine ethernet-cluster";
  if (nodes < 2 || nodes > 1024) throw Error(where, fmt::format("cannot take {} nodes (2..1024)", nodes));
  if (!(p.port_bandwidth_Bps > 0) || p.mpi_latency_s < 0 || p.barrier_s < 0)
    throw Error(where, "bandwidth must be positive, latencies not negative");
  if (p.short_limit > p.eager_limit)
    throw Error(where, fmt::format("short limit {} B is above the eager limit {} B", p.short_limit, p.eager_limit));
  if (p.receive_buffer_bytes < 0 || !(p.copy_rate_Bps > 0))
    throw Error(where, "the receive buffer cannot be negative, the copy rate must be positive");
  // One family object (node -> switch -> node) gives the platform's links and the schedulers' routes.
  auto family = std::make_shared<const SwitchedStar>(nodes);
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"ethernet-cluster", nodes, documented(nodes, p)},
      .hints = {p.mpi_latency_s, 1.0 / p.port_bandwidth_Bps, route_function(family)},
      .library = ch_p4_library(p),
      .switching = std::make_shared<const PlainSwitching>("flow"),
      .routes = family,
      .platform = std::make_unique<DirectNetworkPlatform>("ethernet-cluster", family, p.port_bandwidth_Bps),
  });
}

std::unique_ptr<Machine> make_ethernet_cluster(const MachineSpec& spec) {
  EthernetClusterParameters p = EthernetClusterParameters::published(spec.nodes);
  MachineOptions options(spec, "machine ethernet-cluster");
  p.port_bandwidth_Bps = options.number("bandwidth_MBps", p.port_bandwidth_Bps / 1e6) * 1e6;
  p.mpi_latency_s = options.number("latency_us", p.mpi_latency_s * 1e6) * 1e-6;
  p.barrier_s = options.number("barrier_us", p.barrier_s * 1e6) * 1e-6;
  p.short_limit = options.byte_count("short_limit_bytes", p.short_limit);
  p.eager_limit = options.byte_count("eager_limit_bytes", p.eager_limit);
  p.receive_buffer_bytes = options.number("receive_buffer_bytes", p.receive_buffer_bytes);
  p.copy_rate_Bps = options.number("copy_rate_MBps", p.copy_rate_Bps / 1e6) * 1e6;
  options.reject_unknown();
  return make_ethernet_cluster_machine(spec.nodes, p);
}

}  // namespace mcsim
