// Channel locks for switched transports: one FIFO lock per directed channel of the machine (any
// actor may release one, so a wormhole's tail may free what its header claimed).
// Machines number their channels so that every route claims increasing numbers: claims follow one
// global order and cannot deadlock (Dally and Seitz 1987).
#pragma once

#include <simgrid/s4u.hpp>

#include <vector>

#include "../machine.hpp"
#include "fifo_lock.hpp"

namespace mcsim {

class ChannelLocks {
 public:
  // Creates the locks; call inside the running engine. Throws mcsim::Error for a machine without
  // channel routes.
  explicit ChannelLocks(const Machine& machine);

  FifoLock& operator[](int channel) { return locks_[static_cast<std::size_t>(channel)]; }
  // The channels of the route src -> dst, checked to increase (throws mcsim::Error otherwise).
  std::vector<int> route_channels(int src, int dst) const;
  // The channel of one hop.
  int channel(int from, int to) const { return routes_.channel_index(from, to); }
  const ChannelRoutes& routes() const { return routes_; }

 private:
  const Machine& machine_;
  const ChannelRoutes& routes_;
  std::vector<FifoLock> locks_;
};

}  // namespace mcsim
