// Channel locks for switched transports: one FIFO lock per directed channel of the machine (any
// actor may release one, so a wormhole's tail may free what its header claimed).
// Machines number their channels so that every route claims increasing numbers: claims follow one
// global order and cannot deadlock (Dally and Seitz 1987).
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "../machine.hpp"
#include "fifo_lock.hpp"

namespace mcsim {

class ActivityRecorder;

// The bytes of one held path (see ChannelLocks::stream).
struct HeldStream {
  const std::vector<int>& channels;
  std::uint64_t bytes;
};

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

  // How long `bytes` take over `channels` while the caller holds them all: latency plus bytes at the
  // slowest channel's bandwidth, read from the channels' SimGrid links; 0 for no channel (a node to
  // itself). A held channel carries nothing else, so this is what SimGrid's flow model gives such a
  // stream; the transports sleep for it instead of starting a host-to-host communication
  // (s4u::Comm::sendto), which SimGrid 3.32 detaches and keeps in one list that every finished
  // communication scans (std::list::remove): 18-34% of a 8,192-16,384-node store-and-forward run,
  // 11% of RS_N on the 4,096-node iPSC/860.
  double stream_seconds(const std::vector<int>& channels, std::uint64_t bytes) const;
  // In the calling actor, which holds every channel of `streams`: moves their bytes at once, each
  // alone on its links, and returns when the longest is done. `recorder` (if any) is told what each
  // link carried.
  void stream(ActivityRecorder* recorder, std::initializer_list<HeldStream> streams) const;

 private:
  const Machine& machine_;
  const ChannelRoutes& routes_;
  std::vector<FifoLock> locks_;
  std::vector<double> bandwidth_Bps_;  // per channel, from its link
  std::vector<double> latency_s_;
};

}  // namespace mcsim
