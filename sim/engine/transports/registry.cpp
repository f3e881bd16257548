// The one list of switching models: a name, one line saying what it does, its traits (what the
// executor, the work estimate and the machine builder read instead of the name), and the factory in
// the model's own file.
#include "../transport.hpp"

namespace mcsim {

std::unique_ptr<Transport> make_flow_transport(Machine& machine);               // flow.cpp
std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine);      // reserved_path.cpp
std::unique_ptr<Transport> make_store_and_forward_transport(Machine& machine);  // store_and_forward.cpp
std::unique_ptr<Transport> make_wormhole_transport(Machine& machine);           // wormhole.cpp

// The simulation costs (SimulationCost): CPU per unit measured by bench/work-estimate.sh (d = 16,
// uniform, 1 KiB units; CPU seconds / the estimate of commit 87f5136, which weighed every transport
// 1; the table is in bench/work-estimate.md), memory as the peak resident set less the 35 MiB of a
// run of 64 nodes, over the messages sent, the largest per transport so that the bound errs on
// refusing.
//  - flow: 1 (the CM-5's fat tree, 13-35 us a unit); 4 KiB (CM-5 4,096 CGM: 275 MiB, 3.7 KiB;
//    16,384: 2.2).
//  - circuit: 2 (iPSC/860 RS_N 128-8,192 nodes: 53, 92, 206, 261 us a unit; CP-PACS AC 64-4,096:
//    62, 85, 108, 126), not the 5 these ask: the bundled iPSC/860 reproductions run 32-64 nodes at
//    a few us a unit, and at 5 wang94-fig5 (1.02e8) passed the default limit; 20 KiB (CP-PACS 2,048
//    and 4,096 AC: 608 and 1,228 MiB, 17.2 and 18.6 KiB a message; the iPSC/860's RS_N, n - 1
//    phases, 5.1).
//  - wormhole: 5 (2-D mesh AC 256-4,096 nodes: 188-261 us, Paragon 500-4,000: 170-276, T3D
//    64-2,048: 51-99); 32 KiB (2-D mesh 2,048 and 4,096 nodes: 1,089 and 2,095 MiB for 32,768 and
//    65,536 messages; Paragon 4,000: 30 KiB; T3D 2,048: 12).
//  - store-and-forward: 3 (a star of 16,384 nodes, d = 1, AC: 2.94 s of CPU for 3.69e4 units, 80 us
//    a unit); 24 KiB (the same star: 626 MiB, 37 KiB a node and its message; 65,536 nodes passed
//    4.1 GB).
const std::vector<TransportEntry>& transport_registry() {
  static const std::vector<TransportEntry> registry = {
      {"flow", "SimGrid's flows as they are: latency + bytes/bandwidth, max-min sharing of every link",
       {.shares_links_as_flows = true, .cost = {.work_weight = 1, .message_bytes = 4 * 1024.0}}, &make_flow_transport},
      {"circuit", "claim the route's channels in order holding what is held (per-hop setup), stream, release",
       {.header_delay = true, .cost = {.work_weight = 2, .message_bytes = 20 * 1024.0}}, &make_reserved_path_transport},
      {"wormhole", "the header claims channels in order (hop delay each) through FIFO flit buffers; the tail frees "
                   "each once the last flit has crossed it, as fast as the flits ahead can move",
       {.header_delay = true, .flit_buffers = true, .cost = {.work_weight = 5, .message_bytes = 32 * 1024.0}},
       &make_wormhole_transport},
      {"store-and-forward", "hop by hop: each channel held for a whole start-up + bytes/bandwidth in turn",
       {.startup_per_hop = true, .cost = {.work_weight = 3, .message_bytes = 24 * 1024.0}},
       &make_store_and_forward_transport},
  };
  return registry;
}

}  // namespace mcsim
