// What a sending node waits for once a transport has started its message.
#pragma once

#include <simgrid/s4u.hpp>

#include <memory>

namespace mcsim {

// A message moved by an actor that outlives it (a node's send queue, a reused helper actor):
// `moved` is released once, when the work is over (for a message: its bytes are at the receiver
// and the receiver's notice is posted).
struct TransferDone {
  simgrid::s4u::SemaphorePtr moved = simgrid::s4u::Semaphore::create(0);
};

// Something a sending node can wait for: a SimGrid communication, or work done by an actor that
// outlives it (a send queue, a helper actor).
class TransferHandle {
 public:
  TransferHandle() = default;
  explicit TransferHandle(simgrid::s4u::CommPtr comm) : comm_(std::move(comm)) {}
  explicit TransferHandle(std::shared_ptr<TransferDone> done) : done_(std::move(done)) {}
  // A transfer that was over when it started (a ready signal that takes no time).
  static TransferHandle complete() {
    TransferHandle done;
    done.complete_ = true;
    return done;
  }
  void wait();
  bool started() const { return complete_ || comm_ || done_; }

 private:
  simgrid::s4u::CommPtr comm_;
  std::shared_ptr<TransferDone> done_;
  bool complete_ = false;
};

}  // namespace mcsim
