#include "fluid_network.hpp"

#include <algorithm>

#include "../activity_recorder.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

FluidNetwork::FluidNetwork(Platform& platform, RouteDraws& draws)
    : platform_(platform), draws_(draws) {
  for (const s4u::Link* link : s4u::Engine::get_instance()->get_all_links()) {
    LinkUse use{-1, link->get_bandwidth()};
    if (link->get_sharing_policy() != s4u::Link::SharingPolicy::FATPIPE) use.index = sharing_.add_link(use.bandwidth);
    links_[link->get_impl()] = use;
  }
  // In SimGrid's kernel, as it starts a communication of ours: its message's flow begins on the
  // route drawn for it.
  drawn_routes_ = draws_.subscribe([this](const RouteDraws::For& drawn_for, int, int, const RouteDraws::Links& links) {
    if (drawn_for.starter != this) return;
    const auto waiting = drawing_.find(drawn_for.key);
    if (waiting == drawing_.end()) return;
    route_.assign(links.begin(), links.end());
    Drawing drawing = std::move(waiting->second);
    drawing_.erase(waiting);
    begin(route_, drawing.bytes, std::move(drawing.message));
  });
  clock_.run_on(platform_.host(0), "fluid-network");
}

FluidNetwork::~FluidNetwork() = default;

std::shared_ptr<TransferDone> FluidNetwork::start(int src, int dst, std::uint64_t bytes, void* payload,
                                                  s4u::Mailbox* mailbox, std::optional<std::uint64_t> index) {
  auto done = std::make_shared<TransferDone>();
  Message message{src, dst, index, 0, payload, mailbox, done};
  if (drawn_routes_ && src != dst) {
    // The flow begins when SimGrid draws this communication's route (the subscriber, above).
    const std::uint64_t key = next_drawing_++;
    drawing_.emplace(key, Drawing{bytes, std::move(message)});
    const s4u::CommPtr comm = s4u::Comm::sendto_init(platform_.host(src), platform_.host(dst));
    comm->set_payload_size(0);
    draws_.start(src, dst, {index, this, key}, comm, [&comm] { comm->detach(); });
  } else {
    std::vector<s4u::Link*> links;
    double latency = 0;
    platform_.host(src)->route_to(platform_.host(dst), links, &latency);
    route_.clear();
    for (const s4u::Link* link : links) route_.push_back(link->get_impl());
    begin(route_, bytes, std::move(message));
  }
  clock_.replan();
  return done;
}

double FluidNetwork::usage(const void* link_impl) const {
  const auto use = links_.find(link_impl);
  return use == links_.end() || use->second.index < 0 ? 0 : sharing_.load(use->second.index);
}

// SimGrid bounds a flow by its slowest link; only a link every flow may use in full (FATPIPE, the
// loopback) can make that bound bite.
void FluidNetwork::begin(const std::vector<const void*>& route, std::uint64_t bytes, Message message) {
  shared_links_.clear();
  double bound = 0;
  for (const void* impl : route) {
    const LinkUse& use = links_.at(impl);
    if (use.index >= 0)
      shared_links_.push_back(use.index);
    else if (bound == 0 || use.bandwidth < bound)
      bound = use.bandwidth;
  }
  const double now = s4u::Engine::get_clock();
  const MaxMinSharing::FlowId id = sharing_.start(shared_links_, static_cast<double>(bytes), bound, now);
  message.start_abs = now;
  if (messages_.size() <= id) messages_.resize(id + 1);
  messages_[id] = std::move(message);
}

// The messages whose bytes are in (SharingClock): each receiver's notice is posted and its sender
// let go. Taken out first: the deliveries are simcalls, during which other actors may start flows
// and reuse the ids just freed.
void FluidNetwork::arrive(const std::vector<MaxMinSharing::FlowId>& ids, double now) {
  arrived_.clear();
  for (const MaxMinSharing::FlowId id : ids) arrived_.push_back(std::move(messages_[id]));
  for (Message& message : arrived_) {
    if (recorder_ && message.index) recorder_->stream(message.src, message.dst, message.start_abs, now);
    if (message.mailbox) {
      s4u::this_actor::set_host(platform_.host(message.dst));
      message.mailbox->put_init(message.payload, 0)->detach();
    }
    message.done->moved->release();
  }
}

}  // namespace mcsim
