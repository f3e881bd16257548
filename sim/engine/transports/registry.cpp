// The one list of switching models: a name, one line saying what it does, its traits (what the
// executor, the work estimate and the machine builder read instead of the name), and the factory in
// the model's own file.
#include "../transport.hpp"

namespace mcsim {

std::unique_ptr<Transport> make_flow_transport(Machine& machine);               // flow.cpp
std::unique_ptr<Transport> make_reserved_path_transport(Machine& machine);      // reserved_path.cpp
std::unique_ptr<Transport> make_store_and_forward_transport(Machine& machine);  // store_and_forward.cpp
std::unique_ptr<Transport> make_wormhole_transport(Machine& machine);           // wormhole.cpp

const std::vector<TransportEntry>& transport_registry() {
  static const std::vector<TransportEntry> registry = {
      {"flow", "SimGrid's flows as they are: latency + bytes/bandwidth, max-min sharing of every link",
       {.shares_links_as_flows = true}, &make_flow_transport},
      {"circuit", "claim the route's channels in order holding what is held (per-hop setup), stream, release",
       {.header_delay = true}, &make_reserved_path_transport},
      {"wormhole", "the header claims channels in order (hop delay each) through FIFO flit buffers; the tail frees "
                   "each once the last flit has crossed it, as fast as the flits ahead can move",
       {.header_delay = true, .flit_buffers = true}, &make_wormhole_transport},
      {"store-and-forward", "hop by hop: each channel held for a whole start-up + bytes/bandwidth in turn",
       {.startup_per_hop = true}, &make_store_and_forward_transport},
  };
  return registry;
}

}  // namespace mcsim
