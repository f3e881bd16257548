#include "channel_locks.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../../core/error.hpp"
#include "../activity_recorder.hpp"
#include "../timed_wait.hpp"

namespace mcsim {

ChannelLocks::ChannelLocks(const Machine& machine)
    : machine_(machine),
      family_(machine.routes()),
      vcs_(family_.virtual_channels()),
      classes_(family_.vc_classes()),
      locks_(static_cast<std::size_t>(family_.link_count()) * static_cast<std::size_t>(vcs_)),
      link_latency_s_(machine.switching().link_latency_s()),
      nodes_(machine.nodes()) {
  for (int l = 0; l < family_.link_count(); ++l) {
    const std::string name = link_name(channel_identity(family_, l));
    const simgrid::s4u::Link* link = simgrid::s4u::Link::by_name_or_null(name);
    if (!link) throw Error(machine.name(), fmt::format("link {} has no SimGrid link named {}", l, name));
    bandwidth_Bps_.push_back(link->get_bandwidth());
  }
  if (links_shared()) shared_.emplace(bandwidth_Bps_, machine.platform().host(0));
  if (classes_ < 1 || classes_ > vcs_)
    throw Error(machine.name(), fmt::format("{} routes over {} VC classes but has {} VCs per link", family_.describe(),
                                            classes_, vcs_));
  if (vcs_ > classes_) class_waiters_.resize(static_cast<std::size_t>(family_.link_count() * classes_));
  if (nodes_ <= kRoutesKept) {
    kept_.resize(static_cast<std::size_t>(nodes_) * static_cast<std::size_t>(nodes_));
    known_.assign(kept_.size(), 0);
  }
}

const Route& ChannelLocks::route(int src, int dst, Route& scratch) {
  if (nodes_ <= kRoutesKept) {
    const std::size_t pair = static_cast<std::size_t>(src) * static_cast<std::size_t>(nodes_) + static_cast<std::size_t>(dst);
    if (!known_[pair]) {
      kept_[pair] = checked_route(src, dst);
      known_[pair] = 1;
    }
    return kept_[pair];
  }
  scratch = checked_route(src, dst);
  return scratch;
}

Route ChannelLocks::checked_route(int src, int dst) const {
  Route route = family_.route(src, dst);
  for (std::size_t i = 0; i < route.size(); ++i)
    if (route[i].link < 0 || route[i].link >= family_.link_count() || route[i].vc < 0 || route[i].vc >= classes_)
      throw Error(machine_.name(), fmt::format("route {} -> {} names channel (link {}, VC {}) at hop {}, which {} does "
                                               "not have",
                                               src, dst, route[i].link, route[i].vc, i + 1, family_.describe()));
  return route;
}

RouteChannel ChannelLocks::claim(const RouteChannel& wanted) {
  if (vcs_ == classes_) {
    locks_[index(wanted)].acquire();
    return wanted;
  }
  for (int vc = wanted.vc; vc < vcs_; vc += classes_) {
    FifoLock& lock = locks_[index({wanted.link, vc})];
    if (!lock.held()) {
      lock.acquire();
      return {wanted.link, vc};
    }
  }
  int handed_vc = -1;
  const auto handed = simgrid::s4u::Semaphore::create(0);
  class_waiters_[static_cast<std::size_t>(wanted.link * classes_ + wanted.vc)].push_back({handed, &handed_vc});
  handed->acquire();  // release() hands over its VC, still held
  return {wanted.link, handed_vc};
}

void ChannelLocks::release(const RouteChannel& taken) {
  if (vcs_ > classes_) {
    auto& waiting = class_waiters_[static_cast<std::size_t>(taken.link * classes_ + taken.vc % classes_)];
    if (!waiting.empty()) {
      const Waiting next = waiting.front();
      waiting.erase(waiting.begin());
      *next.vc = taken.vc;
      next.handed->release();
      return;
    }
  }
  locks_[index(taken)].release();
}

double ChannelLocks::stream_seconds(const Route& route, std::uint64_t bytes) const {
  if (route.empty()) return 0;  // a node to itself crosses no channel (and has no slowest one)
  const double latency_s = latency_seconds(route);
  if (bytes == 0) return latency_s;
  double slowest_Bps = 0;
  for (const RouteChannel& c : route) {
    const double bandwidth = bandwidth_Bps_[static_cast<std::size_t>(c.link)];
    if (slowest_Bps == 0 || bandwidth < slowest_Bps) slowest_Bps = bandwidth;
  }
  return latency_s + static_cast<double>(bytes) / slowest_Bps;
}

void ChannelLocks::stream(ActivityRecorder* recorder, std::initializer_list<HeldStream> streams) {
  // Each stream's time alone on its links (for the recorder too: computed again there, not kept,
  // so that a trip allocates nothing here).
  const auto alone_s = [this](const HeldStream& s) { return stream_seconds(s.route, s.bytes); };
  double longest_s = 0;
  for (const HeldStream& s : streams) longest_s = std::max(longest_s, alone_s(s));
  const auto tell = [&](auto&& told) {
    if (!recorder) return;
    for (const HeldStream& s : streams)
      if (s.bytes > 0)
        for (const RouteChannel& c : s.route) (recorder->*told)(c.link, static_cast<double>(s.bytes), alone_s(s));
  };
  tell(&ActivityRecorder::link_stream_begins);
  if (!shared_) {
    wait_for(longest_s);
  } else {
    // The bytes, sharing the links, then the latency (each stream's own; the longest is waited).
    double latency_s = 0;
    std::vector<simgrid::s4u::SemaphorePtr> moving;
    for (const HeldStream& s : streams) {
      latency_s = std::max(latency_s, latency_seconds(s.route));
      if (s.bytes == 0 || s.route.empty()) continue;
      std::vector<int> links;
      for (const RouteChannel& c : s.route)
        if (std::find(links.begin(), links.end(), c.link) == links.end()) links.push_back(c.link);
      moving.push_back(shared_->begin(links, static_cast<double>(s.bytes)));
    }
    for (const auto& m : moving) m->acquire();
    wait_for(latency_s);
  }
  tell(&ActivityRecorder::link_stream_ends);
}

}  // namespace mcsim
