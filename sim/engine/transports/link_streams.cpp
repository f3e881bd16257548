#include "link_streams.hpp"

#include <xbt/config.hpp>

#include "../actor_errors.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LinkStreams::LinkStreams(const std::vector<double>& bandwidth_Bps, s4u::Host* host)
    : host_(host), precision_s_(simgrid::config::get_value<double>("surf/precision")) {
  for (const double b : bandwidth_Bps) sharing_.add_link(b);
}

LinkStreams::~LinkStreams() {
  if (actor_) actor_->kill();
}

s4u::SemaphorePtr LinkStreams::begin(std::span<const int> links, double bytes) {
  auto done = s4u::Semaphore::create(0);
  start(links, bytes, done);
  return done;
}

LinkStreams::Id LinkStreams::start(std::span<const int> links, double bytes, s4u::SemaphorePtr done) {
  if (!serving_) {
    // Marked first: creating the actor is a simcall, during which other actors may begin streams.
    serving_ = true;
    // The actor keeps the semaphore it sleeps on: killed by the destructor, it lets go of it only
    // as it unwinds, after the rest of this object is gone.
    actor_ = s4u::Actor::create("link-streams", host_, guarded([this, keep = wake_] { serve(); }));
    actor_->daemonize();
  }
  const MaxMinSharing::FlowId id = sharing_.start(links, bytes, 0, s4u::Engine::get_clock());
  if (done_.size() <= id) done_.resize(id + 1);
  done_[id] = std::move(done);
  wake_server();
  return id;
}

double LinkStreams::stop(Id id, const s4u::SemaphorePtr& done) {
  // serve() takes a stream's semaphore out of done_ as it ends it, so an ended (or reused) id no
  // longer holds `done`.
  if (!running(id, done)) return 0;
  const double left = sharing_.remaining(id, s4u::Engine::get_clock());
  sharing_.stop(id);
  done_[id] = nullptr;
  wake_server();
  return left;
}

void LinkStreams::wake_server() {
  if (!wake_posted_) {
    wake_posted_ = true;
    wake_->release();
  }
}

// As FluidNetwork::serve: completions due within SimGrid's precision of the clock end now.
void LinkStreams::serve() {
  for (;;) {
    double now = s4u::Engine::get_clock();
    sharing_.share(now);
    const double next = sharing_.next_completion();
    if (next > now + precision_s_) {
      if (next == MaxMinSharing::never)
        wake_->acquire();
      else
        wake_->acquire_timeout(next - now);
      while (wake_->get_capacity() > 0) wake_->acquire();
      wake_posted_ = false;
      now = s4u::Engine::get_clock();
    }
    // Taken out first: a release is a simcall, during which other actors may start streams and
    // reuse the ids just freed.
    due_.clear();
    for (const MaxMinSharing::FlowId id : sharing_.finish_due(now + precision_s_)) due_.push_back(std::move(done_[id]));
    for (const auto& d : due_) d->release();
  }
}

}  // namespace mcsim
