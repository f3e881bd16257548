// A first-come-first-served lock whose state lives outside SimGrid's kernel.
//
// SimGrid runs one actor at a time and switches only at simcalls, so plain state read and written
// between two simcalls needs no kernel object to stay consistent. Taking a free lock, or releasing
// one nobody waits for, is then a few instructions instead of a simcall (two context switches
// through the maestro and a kernel handler): on the switched machines a message claims and frees a
// lock per channel of its route and per end node, and these simcalls were most of a trip's events.
// Only a caller that must wait blocks, on a semaphore of its own, and is handed the lock by the
// release that lets it go: waiters get it in arrival order, as with s4u::Mutex.
//
// What changes against s4u::Mutex is only the order of claims made at one simulated instant: an
// actor now takes every free lock it asks for before the next actor runs, where a simcall per lock
// interleaved the claims of the actors running at that instant.
#pragma once

#include <simgrid/s4u.hpp>

#include <vector>

namespace mcsim {

class FifoLock {
 public:
  void acquire() {
    if (!held_) {
      held_ = true;
      return;
    }
    const auto handed = simgrid::s4u::Semaphore::create(0);
    waiters_.push_back(handed);
    handed->acquire();  // the lock is ours when release() hands it over (held_ stays true)
  }

  // Any actor may release (a wormhole's tail frees what its header took).
  void release() {
    if (waiters_.empty()) {
      held_ = false;
      return;
    }
    const auto next = waiters_.front();
    waiters_.erase(waiters_.begin());
    next->release();
  }

  bool held() const { return held_; }

 private:
  bool held_ = false;
  std::vector<simgrid::s4u::SemaphorePtr> waiters_;  // few at a time; no allocation while none wait
};

}  // namespace mcsim
