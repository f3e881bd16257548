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
//    OK_TO_SEND, then the data (chbrndv.c). chdef.h defines PI_NO_NSEND and PI_NO_NRECV: ch_p4 has
//    only blocking send paths, so an MPI_Isend returns once its message has gone, and
//    MPI_Alltoallv's "Isend to rank 0, 1, ..." sends one message after the other.
//  - ASSUMPTION: the 120 us is CPU time of the TCP/MPI stack, half at the sender, half at the
//    receiver; short and long eager messages cost alike; a rendezvous adds one round trip of two
//    control messages (2 x 120 us) before the data, the receive being posted (our programs post
//    receives before sending).
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

namespace mcsim {

int SwitchedStarChannels::channel_index(int from, int to) const {
  if (from >= 0 && from < nodes_ && to == nodes_) return from;
  if (from == nodes_ && to >= 0 && to < nodes_) return nodes_ + to;
  return -1;
}

std::pair<int, int> SwitchedStarChannels::channel_ends(int channel) const {
  if (channel < nodes_) return {channel, nodes_};
  return {nodes_, channel - nodes_};
}

// MPICH ch_p4: the latency split between the ends; a rendezvous (above the eager limit) adds the
// request-to-send and OK-to-send round trip before the data.
namespace {
class ChP4Protocol final : public NodeProtocol {
 public:
  explicit ChP4Protocol(EthernetClusterParameters p) : p_(p) {}
  NodeCosts costs(std::uint64_t bytes) const override {
    const double half = p_.mpi_latency_s / 2;
    const double rendezvous = bytes > p_.eager_limit ? 2 * p_.mpi_latency_s : 0;
    return {half + rendezvous, half, /*blocking_send=*/true};
  }
  double barrier_seconds() const override { return p_.barrier_s; }

 private:
  EthernetClusterParameters p_;
};
}  // namespace

EthernetClusterParameters EthernetClusterParameters::published(int nodes) {
  const double latency = 120e-6;
  return {.port_bandwidth_Bps = 11e6,
          .mpi_latency_s = latency,
          .short_limit = 16384,
          .eager_limit = 128000,
          .barrier_s = std::ceil(std::log2(std::max(nodes, 2))) * latency};
}

namespace {
std::vector<MachineParameter> documented(int nodes, const EthernetClusterParameters& p) {
  return {
      {"nodes", fmt::format("{} workstations on one switch (the paper's cluster: 24 Suns)", nodes),
       "Guo and Pan 2005, sec. 5.3"},
      {"port bandwidth", fmt::format("{} MB/s each way (MPI over 100Base-T)", p.port_bandwidth_Bps / 1e6),
       "Ames Lab SCL cluster benchmarks (IBM cluster, not Sun)"},
      {"MPI latency", fmt::format("{:g} us, half at each end", p.mpi_latency_s * 1e6),
       "Ames Lab SCL (110-130 us); assumption: split evenly"},
      {"ch_p4 protocol", fmt::format("short <= {} B, eager <= {} B, rendezvous above (one more round trip); "
                                     "sends block (no non-blocking path)",
                                     p.short_limit, p.eager_limit),
       "MPICH 1.1.2 source (packets.h, ch2/chinit.c, chbrndv.c, chdef.h)"},
      {"switch", "store-and-forward, full-duplex ports; its delay is inside the MPI latency", "Guo and Pan 2005 sec. 5.3"},
      {"barrier", fmt::format("{:g} us", p.barrier_s * 1e6), "assumption: ceil(log2 n) latencies"},
  };
}
}  // namespace

std::unique_ptr<Machine> make_ethernet_cluster_machine(int nodes, const EthernetClusterParameters& p) {
  const std::string where = "machine ethernet-cluster";
  if (nodes < 2 || nodes > 1024) throw Error(where, fmt::format("cannot take {} nodes (2..1024)", nodes));
  if (!(p.port_bandwidth_Bps > 0) || p.mpi_latency_s < 0 || p.barrier_s < 0)
    throw Error(where, "bandwidth must be positive, latencies not negative");
  auto routes = std::make_shared<const SwitchedStarChannels>(nodes);
  return std::make_unique<Machine>(Machine::Parts{
      .description = {"ethernet-cluster", nodes, documented(nodes, p)},
      .hints = {p.mpi_latency_s, 1.0 / p.port_bandwidth_Bps, {}},
      .protocol = std::make_shared<const ChP4Protocol>(p),
      .switching = std::make_shared<const PlainSwitching>("flow"),
      .routes = routes,
      .platform = std::make_unique<DirectNetworkPlatform>("ethernet-cluster", nodes, routes, p.port_bandwidth_Bps),
  });
}

std::unique_ptr<Machine> make_ethernet_cluster(const MachineSpec& spec) {
  EthernetClusterParameters p = EthernetClusterParameters::published(spec.nodes);
  MachineOptions options(spec, "machine ethernet-cluster");
  p.port_bandwidth_Bps = options.number("bandwidth_MBps", p.port_bandwidth_Bps / 1e6) * 1e6;
  p.mpi_latency_s = options.number("latency_us", p.mpi_latency_s * 1e6) * 1e-6;
  p.barrier_s = options.number("barrier_us", p.barrier_s * 1e6) * 1e-6;
  options.reject_unknown();
  return make_ethernet_cluster_machine(spec.nodes, p);
}

}  // namespace mcsim
