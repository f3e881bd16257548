// The bandwidth of a link shared by the streams on its virtual channels.
//
// A family with virtual channels (a torus and its dateline) lets two messages hold two VCs of one
// link at once; the VCs have their own buffers but one wire. Model: the streams moving bytes over
// a link at the same time share it equally, and a stream moves at the smallest share along its
// links: its rate is min over its links l of bandwidth(l) / (streams on l now). The rates are
// recomputed whenever a stream starts or ends on one of its links (a fluid model, as SimGrid's
// flows are, but without its max-min redistribution of what a stream slowed elsewhere leaves
// unused: at most the equal share). A stream alone on its links gets the whole bandwidth.
//
// Plain state between simcalls (as fifo_lock.hpp): a stream sleeps until its predicted end and is
// woken, through a semaphore of its own, when its rate changes.
#pragma once

#include <simgrid/s4u.hpp>

#include <list>
#include <vector>

namespace mcsim {

class SharedLinks {
 public:
  explicit SharedLinks(std::vector<double> bandwidth_Bps);  // per link

  struct Stream;
  // Starts `bytes` over `links` (no link twice); the stream moves from now on.
  Stream* begin(const std::vector<int>& links, double bytes);
  // In the calling actor: returns when the stream's bytes have moved, and ends it.
  void finish(Stream* stream);

  struct Stream {
    std::vector<int> links;
    double remaining_bytes = 0;
    double rate_Bps = 0;
    double since = 0;  // the clock when remaining_bytes was last brought up to date
    simgrid::s4u::SemaphorePtr rate_changed = simgrid::s4u::Semaphore::create(0);
  };

 private:
  void settle(Stream& s) const;  // brings remaining_bytes to now at the current rate
  // New rates for every stream sharing a link with `links` (settled first), each woken.
  void rerate(const std::vector<int>& links);

  std::vector<double> bandwidth_Bps_;
  std::vector<std::vector<Stream*>> on_link_;
  std::list<Stream> streams_;
};

}  // namespace mcsim
