#include "sharing_clock.hpp"

#include <xbt/config.hpp>

#include "../actor_errors.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

SharingClock::SharingClock(MaxMinSharing& sharing, Ended ended)
    : sharing_(sharing), ended_(std::move(ended)), precision_s_(simgrid::config::get_value<double>("surf/precision")) {}

SharingClock::~SharingClock() {
  if (actor_) actor_->kill();
}

void SharingClock::run_on(s4u::Host* host, const std::string& name) {
  if (made_) return;
  made_ = true;
  // The actor keeps the semaphore it sleeps on: killed by the destructor, it lets go of it only as
  // it unwinds, after the rest of this object is gone.
  actor_ = s4u::Actor::create(name, host, guarded([this, keep = wake_] { serve(); }));
  actor_->daemonize();
}

void SharingClock::replan() {
  if (!wake_posted_) {
    wake_posted_ = true;
    wake_->release();
  }
}

void SharingClock::serve() {
  for (;;) {
    double now = s4u::Engine::get_clock();
    sharing_.share(now);
    const double next = sharing_.next_completion();
    if (next > now + precision_s_) {
      // Woken by a new or stopped flow or at the next completion date, whichever is first.
      if (next == MaxMinSharing::never)
        wake_->acquire();
      else
        wake_->acquire_timeout(next - now);
      // A flow started at the instant of a timeout leaves a count behind; it is in the sharing
      // already. New starts wake the actor again from here on.
      while (wake_->get_capacity() > 0) wake_->acquire();
      wake_posted_ = false;
      now = s4u::Engine::get_clock();
    }
    ended_(sharing_.finish_due(now + precision_s_), now);
  }
}

}  // namespace mcsim
