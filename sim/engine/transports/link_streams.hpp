// The bandwidth of links shared by the streams on their virtual channels, max-min fair.
//
// A family with virtual channels (a torus and its dateline) lets two messages hold two VCs of one
// link at once; the VCs have their own buffers but one wire, and a router's link arbiter gives the
// wire to the VCs with a flit to send in turn, one flit a cycle (round robin). Over many cycles a
// stream then gets an equal share of each link it crosses unless it is slowed elsewhere, in which
// case the others take what it leaves: the max-min fair share (Bertsekas and Gallager, Data
// Networks, 2nd ed., 6.5.2), the same allocation mcsim's flows get. It is computed by the same
// incremental max-min (sharing/max_min_sharing.hpp), so one sharing rule serves every transport.
//
// The sharing's clock (sharing/sharing_clock.hpp, its actor made at the first stream) ends each
// stream when its bytes have moved and releases the semaphore its caller waits on.
#pragma once

#include <simgrid/s4u.hpp>

#include <span>
#include <vector>

#include "../sharing/max_min_sharing.hpp"
#include "../sharing/sharing_clock.hpp"

namespace mcsim {

class LinkStreams {
 public:
  // Per link, its bandwidth; `host` runs the daemon actor.
  LinkStreams(const std::vector<double>& bandwidth_Bps, simgrid::s4u::Host* host);
  LinkStreams(const LinkStreams&) = delete;
  LinkStreams& operator=(const LinkStreams&) = delete;

  // Starts `bytes` (> 0) over `links` (no link twice, at least one) now; the returned semaphore is
  // released once they have moved.
  simgrid::s4u::SemaphorePtr begin(std::span<const int> links, double bytes);
  // Starts `bytes` (> 0) over `links` now and releases `done` once they have moved, unless stopped
  // first; the id names the stream until then.
  using Id = MaxMinSharing::FlowId;
  Id start(std::span<const int> links, double bytes, simgrid::s4u::SemaphorePtr done);
  // Ends the stream `id` started with `done` now and returns the bytes it had still to move; 0 if it
  // has ended (then `done` is, or is about to be, released).
  double stop(Id id, const simgrid::s4u::SemaphorePtr& done);
  // The stream `id` started with `done` has bytes still to move.
  bool running(Id id, const simgrid::s4u::SemaphorePtr& done) const { return id < done_.size() && done_[id] == done; }
  // begin() and wait for the bytes.
  void move(std::span<const int> links, double bytes) { begin(links, bytes)->acquire(); }

 private:
  void ended(const std::vector<MaxMinSharing::FlowId>& ids);

  MaxMinSharing sharing_;
  simgrid::s4u::Host* host_;
  std::vector<simgrid::s4u::SemaphorePtr> done_;  // by flow id
  std::vector<simgrid::s4u::SemaphorePtr> due_;
  SharingClock clock_{sharing_, [this](const std::vector<MaxMinSharing::FlowId>& ids, double) { ended(ids); }};
};

}  // namespace mcsim
