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
// stream when its bytes have moved and releases the semaphore its caller waits on, or calls the
// listener that started it (a worm's tail, which runs in no actor of its own: wormhole.cpp).
#pragma once

#include <simgrid/s4u.hpp>

#include <memory>
#include <span>
#include <vector>

#include "../sharing/max_min_sharing.hpp"
#include "../sharing/sharing_clock.hpp"

namespace mcsim {

// Told in the sharing clock's actor that its stream has moved its bytes. Kept alive by the streams
// until told, so it may be told after its owner let go of it.
class StreamListener {
 public:
  virtual void stream_ended() = 0;

 protected:
  ~StreamListener() = default;
};

class LinkStreams {
 public:
  // Per link, its bandwidth; `host` runs the daemon actor.
  LinkStreams(const std::vector<double>& bandwidth_Bps, simgrid::s4u::Host* host);
  LinkStreams(const LinkStreams&) = delete;
  LinkStreams& operator=(const LinkStreams&) = delete;

  // Starts `bytes` (> 0) over `links` (no link twice, at least one) now; the returned semaphore is
  // released once they have moved.
  simgrid::s4u::SemaphorePtr begin(std::span<const int> links, double bytes);
  // Starts `bytes` (> 0) over `links` now and tells `listener` once they have moved, unless stopped
  // first; the id names the stream until then. The listener is told in the clock's actor, at the
  // instant the stream ends, and may start and stop streams from there.
  using Id = MaxMinSharing::FlowId;
  Id start(std::span<const int> links, double bytes, std::shared_ptr<StreamListener> listener);
  // Ends the stream `id` started for `listener` now and returns the bytes it had still to move; 0 if
  // it has ended (then `listener` is, or is about to be, told).
  double stop(Id id, const StreamListener& listener);
  // The stream `id` started for `listener` has bytes still to move.
  bool running(Id id, const StreamListener& listener) const {
    return id < ends_.size() && ends_[id].listener.get() == &listener;
  }
  // begin() and wait for the bytes.
  void move(std::span<const int> links, double bytes) { begin(links, bytes)->acquire(); }

 private:
  // Who is told of a stream's end: one of the two.
  struct End {
    simgrid::s4u::SemaphorePtr done;
    std::shared_ptr<StreamListener> listener;
  };
  Id start(std::span<const int> links, double bytes, End end);
  void ended(const std::vector<MaxMinSharing::FlowId>& ids);

  MaxMinSharing sharing_;
  simgrid::s4u::Host* host_;
  std::vector<End> ends_;  // by flow id
  SharingClock clock_{sharing_, [this](const std::vector<MaxMinSharing::FlowId>& ids, double) { ended(ids); }};
};

}  // namespace mcsim
