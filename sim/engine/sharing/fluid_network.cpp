#include "fluid_network.hpp"

#include "../actor_errors.hpp"
#include "../platform.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

FluidNetwork::FluidNetwork(Platform& platform) : platform_(platform) {
  actor_ = s4u::Actor::create("fluid-network", platform_.host(0), guarded([this] { serve(); }));
  actor_->daemonize();
}

FluidNetwork::~FluidNetwork() {
  if (actor_) actor_->kill();
}

int FluidNetwork::link_index(s4u::Link* link) {
  const auto [at, added] = link_index_.try_emplace(link, 0);
  if (added) at->second = sharing_.add_link(link->get_bandwidth());
  return at->second;
}

std::shared_ptr<TransferDone> FluidNetwork::start(int src, int dst, std::uint64_t bytes, void* payload,
                                                  s4u::Mailbox* mailbox) {
  // The route SimGrid would take for this message (the zone draws its up-links now, as it does when
  // a communication starts). SimGrid bounds a flow by its slowest link; only a link every flow may
  // use in full (FATPIPE, the loopback) can make that bound bite.
  route_.clear();
  double latency = 0;
  platform_.host(src)->route_to(platform_.host(dst), route_, &latency);
  shared_links_.clear();
  double bound = 0;
  for (s4u::Link* link : route_) {
    if (link->get_sharing_policy() == s4u::Link::SharingPolicy::FATPIPE) {
      if (bound == 0 || link->get_bandwidth() < bound) bound = link->get_bandwidth();
    } else {
      shared_links_.push_back(link_index(link));
    }
  }
  const double now = s4u::Engine::get_clock();
  const MaxMinSharing::FlowId id = sharing_.start(shared_links_, static_cast<double>(bytes), bound, now);
  if (messages_.size() <= id) messages_.resize(id + 1);
  auto done = std::make_shared<TransferDone>();
  messages_[id] = {dst, payload, mailbox, done};
  if (!wake_posted_) {
    wake_posted_ = true;
    wake_->release();
  }
  return done;
}

void FluidNetwork::serve() {
  for (;;) {
    double now = s4u::Engine::get_clock();
    sharing_.share(now);
    const double next = sharing_.next_completion();
    if (next > now) {
      // Woken by a new flow or at the next completion date, whichever is first.
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
    // Taken out first: the deliveries are simcalls, during which other actors may start flows and
    // reuse the ids just freed.
    arrived_.clear();
    for (const MaxMinSharing::FlowId id : sharing_.finish_due(now)) arrived_.push_back(std::move(messages_[id]));
    for (Message& message : arrived_) {
      if (message.mailbox) {
        s4u::this_actor::set_host(platform_.host(message.dst));
        message.mailbox->put_init(message.payload, 0)->detach();
      }
      message.done->moved->release();
    }
  }
}

}  // namespace mcsim
