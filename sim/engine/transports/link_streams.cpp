#include "link_streams.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LinkStreams::LinkStreams(const std::vector<double>& bandwidth_Bps, s4u::Host* host) : host_(host) {
  for (const double b : bandwidth_Bps) sharing_.add_link(b);
}

s4u::SemaphorePtr LinkStreams::begin(std::span<const int> links, double bytes) {
  auto done = s4u::Semaphore::create(0);
  start(links, bytes, End{done, nullptr});
  return done;
}

LinkStreams::Id LinkStreams::start(std::span<const int> links, double bytes, std::shared_ptr<StreamListener> listener) {
  return start(links, bytes, End{nullptr, std::move(listener)});
}

LinkStreams::Id LinkStreams::start(std::span<const int> links, double bytes, End end) {
  clock_.run_on(host_, "link-streams");
  const MaxMinSharing::FlowId id = sharing_.start(links, bytes, 0, s4u::Engine::get_clock());
  if (ends_.size() <= id) ends_.resize(id + 1);
  ends_[id] = std::move(end);
  clock_.replan();
  return id;
}

double LinkStreams::stop(Id id, const StreamListener& listener) {
  // ended() takes a stream's listener out of ends_, so an ended (or reused) id no longer holds it.
  if (!running(id, listener)) return 0;
  const double left = sharing_.remaining(id, s4u::Engine::get_clock());
  sharing_.stop(id);
  ends_[id] = End{};
  clock_.replan();
  return left;
}

// Taken out first: a release is a simcall, during which other actors may start streams and reuse
// the ids just freed, and a listener starts and stops streams itself.
void LinkStreams::ended(const std::vector<MaxMinSharing::FlowId>& ids) {
  std::vector<End> due;
  due.reserve(ids.size());
  for (const MaxMinSharing::FlowId id : ids) due.push_back(std::move(ends_[id]));
  for (const End& end : due) {
    if (end.done)
      end.done->release();
    else
      end.listener->stream_ended();
  }
}

}  // namespace mcsim
