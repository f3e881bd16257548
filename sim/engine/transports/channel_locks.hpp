// Channel locks for switched transports: one FIFO lock per channel (link, virtual channel) of the
// machine's topology family (any actor may release one, so a wormhole's tail may free what its
// header claimed), and the time the held channels take to move bytes.
// Deadlock freedom is the family's: its routes' channel-dependency graph has no cycle
// (topologies/channel_dependencies.hpp; Dally and Seitz 1987), so claims made in route order,
// holding what is held, cannot wait on each other in a ring.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "../machine.hpp"
#include "fifo_lock.hpp"
#include "link_streams.hpp"

namespace mcsim {

class ActivityRecorder;

// The bytes of one held route (see ChannelLocks::stream).
struct HeldStream {
  const Route& route;
  std::uint64_t bytes;
};

class ChannelLocks {
 public:
  // Creates the locks; call inside the running engine. Throws mcsim::Error for a machine without
  // routes, or one whose family has a link without its SimGrid link.
  explicit ChannelLocks(const Machine& machine);

  const TopologyFamily& family() const { return family_; }
  // The family's route src -> dst, its channels checked to exist (throws mcsim::Error otherwise).
  // On machines of up to kRoutesKept nodes each pair's route is computed once and kept (the
  // iPSC/860's send queues ask for one per trip: three per NX long message), and the kept one is
  // returned; on larger ones (up to 250 hops a route on a 16,384-node mesh) it is computed into
  // `scratch`, the caller's, and that is returned.
  const Route& route(int src, int dst, Route& scratch);
  // VC allocation at a hop: takes a VC of `wanted`'s class on its link (the route's vc is the
  // class: the dateline's on a torus) and returns the channel taken. Where the family has as many
  // VCs as classes that is the route's channel (operator[]'s lock); where it has more, the class
  // owns VCs class, class + classes, ... (TopologyFamily::vc_classes) and a header takes the lowest
  // free one, or waits, first come first served, for the first of them freed. Give it back with
  // release().
  RouteChannel claim(const RouteChannel& wanted);
  void release(const RouteChannel& taken);
  // Whether claim(wanted) would return `wanted` itself at once, without waiting: the family has as
  // many VCs as classes and nobody holds the channel.
  bool free_as_routed(const RouteChannel& wanted) const { return vcs_ == classes_ && !locks_[index(wanted)].held(); }
  // 0 .. link_count x virtual_channels - 1: one number per channel, for per-channel state.
  std::size_t index(const RouteChannel& channel) const {
    return static_cast<std::size_t>(channel.link) * static_cast<std::size_t>(vcs_) + static_cast<std::size_t>(channel.vc);
  }
  std::size_t channel_count() const { return locks_.size(); }
  // Whether two held channels can share a link (the family has more than one VC per link); if not,
  // a held channel's link carries nothing else.
  bool links_shared() const { return vcs_ > 1; }
  // The links' bandwidth shared max-min among the streams on their VCs (only when links_shared()).
  LinkStreams& streams() { return *shared_; }

  // How long `bytes` take over `route` while the caller holds it and nothing else streams on its
  // links: latency plus bytes at the slowest link's bandwidth, read from the links' SimGrid links;
  // 0 for no channel (a node to itself). The transports sleep for it instead of starting a
  // host-to-host communication (s4u::Comm::sendto), which SimGrid 3.32 detaches and keeps in one
  // list that every finished communication scans (std::list::remove): 18-34% of a
  // 8,192-16,384-node store-and-forward run, 11% of RS_N on the 4,096-node iPSC/860.
  // A message of no bytes still takes the latency.
  double stream_seconds(const Route& route, std::uint64_t bytes) const;
  // The latency of the links of `route` (SwitchingRules::link_latency_s each).
  double latency_seconds(const Route& route) const { return static_cast<double>(route.size()) * link_latency_s_; }
  // In the calling actor, which holds every channel of `streams`: moves their bytes at once and
  // returns when the longest is done. With one VC per link each stream is alone on its links and
  // takes stream_seconds(); with VCs the streams on one link's VCs share it (link_streams.hpp), then
  // wait their latency. A stream of no bytes waits its latency alone.
  // `recorder` (if any) is told what each link carried.
  void stream(ActivityRecorder* recorder, std::initializer_list<HeldStream> streams);

 private:
  const Machine& machine_;
  const TopologyFamily& family_;
  int vcs_;
  int classes_;
  std::vector<FifoLock> locks_;
  std::vector<double> bandwidth_Bps_;  // per link, from its SimGrid link
  double link_latency_s_;  // every link's (the platform's SimGrid links carry none on switched machines)
  std::optional<LinkStreams> shared_;  // only when links_shared()
  // Per (link, class), where the family has more VCs than classes: headers waiting for a VC of it,
  // each told the VC it was handed.
  struct Waiting {
    simgrid::s4u::SemaphorePtr handed;
    int* vc;
  };
  std::vector<std::vector<Waiting>> class_waiters_;
  Route checked_route(int src, int dst) const;
  // Routes kept per ordered pair (src x nodes + dst) on machines of up to kRoutesKept nodes; a
  // pair not yet asked has `known_` 0.
  static constexpr int kRoutesKept = 256;
  int nodes_;
  std::vector<Route> kept_;
  std::vector<char> known_;
};

}  // namespace mcsim
