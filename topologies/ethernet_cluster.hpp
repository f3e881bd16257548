// A workstation cluster on one switched Ethernet, running MPICH over TCP (the ch_p4 device): the
// 24 Sun workstations of Guo and Pan 2005, sec. 5.3. Every number is cited in ethernet_cluster.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "../sim/core/machine_spec.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

struct EthernetClusterParameters {
  double port_bandwidth_Bps;     // what MPI moves through one port, each way
  double mpi_latency_s;          // one-way latency of a small MPI message
  std::uint64_t short_limit;     // ch_p4: eager "short" messages up to this many bytes
  std::uint64_t eager_limit;     // ch_p4: eager up to this, rendezvous above
  double barrier_s;              // MPI_Barrier of all nodes
  double receive_buffer_bytes;   // unexpected messages a node's MPICH holds
  double copy_rate_Bps;          // copying one out when its receive is posted

  static EthernetClusterParameters published(int nodes);
};

// MPICH 1.1.2's ch_p4 device as the cluster's message library.
MessageLibrary ch_p4_library(const EthernetClusterParameters& parameters);

std::unique_ptr<Machine> make_ethernet_cluster_machine(int nodes, const EthernetClusterParameters& parameters);
std::unique_ptr<Machine> make_ethernet_cluster(const MachineSpec& spec);

}  // namespace mcsim
