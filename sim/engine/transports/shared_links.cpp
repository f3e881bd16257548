#include "shared_links.hpp"

#include <algorithm>

namespace mcsim {

namespace s4u = simgrid::s4u;

SharedLinks::SharedLinks(std::vector<double> bandwidth_Bps)
    : bandwidth_Bps_(std::move(bandwidth_Bps)), on_link_(bandwidth_Bps_.size()) {}

void SharedLinks::settle(Stream& s) const {
  const double now = s4u::Engine::get_clock();
  s.remaining_bytes -= s.rate_Bps * (now - s.since);
  s.since = now;
}

void SharedLinks::rerate(const std::vector<int>& links) {
  std::vector<Stream*> touched;
  for (const int l : links)
    for (Stream* s : on_link_[static_cast<std::size_t>(l)])
      if (std::find(touched.begin(), touched.end(), s) == touched.end()) touched.push_back(s);
  // Every rate first, then the wake-ups: a release is a simcall, during which other actors may run
  // and end their streams, so no Stream is touched after the first one.
  std::vector<s4u::SemaphorePtr> wake;
  for (Stream* s : touched) {
    settle(*s);
    double rate = 0;
    for (const int l : s->links) {
      const auto u = static_cast<std::size_t>(l);
      const double share = bandwidth_Bps_[u] / static_cast<double>(on_link_[u].size());
      if (rate == 0 || share < rate) rate = share;
    }
    if (rate != s->rate_Bps) {
      s->rate_Bps = rate;
      wake.push_back(s->rate_changed);
    }
  }
  for (const auto& w : wake) w->release();
}

SharedLinks::Stream* SharedLinks::begin(const std::vector<int>& links, double bytes) {
  Stream& s = streams_.emplace_back();
  s.links = links;
  s.remaining_bytes = bytes;
  s.since = s4u::Engine::get_clock();
  for (const int l : links) on_link_[static_cast<std::size_t>(l)].push_back(&s);
  rerate(links);
  return &s;
}

void SharedLinks::finish(Stream* stream) {
  for (;;) {
    settle(*stream);
    const double left_s = stream->remaining_bytes / stream->rate_Bps;
    if (!(left_s > 0)) break;
    if (stream->rate_changed->acquire_timeout(left_s)) break;  // timed out at the predicted end: no rate changed
  }
  for (const int l : stream->links) {
    auto& here = on_link_[static_cast<std::size_t>(l)];
    here.erase(std::find(here.begin(), here.end(), stream));
  }
  const std::vector<int> links = stream->links;
  streams_.remove_if([stream](const Stream& s) { return &s == stream; });
  rerate(links);
}

}  // namespace mcsim
