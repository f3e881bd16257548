#include "link_streams.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LinkStreams::LinkStreams(const std::vector<double>& bandwidth_Bps, s4u::Host* host) : host_(host) {
  for (const double b : bandwidth_Bps) sharing_.add_link(b);
}

s4u::SemaphorePtr LinkStreams::begin(std::span<const int> links, double bytes) {
  auto done = s4u::Semaphore::create(0);
  start(links, bytes, done);
  return done;
}

LinkStreams::Id LinkStreams::start(std::span<const int> links, double bytes, s4u::SemaphorePtr done) {
  clock_.run_on(host_, "link-streams");
  const MaxMinSharing::FlowId id = sharing_.start(links, bytes, 0, s4u::Engine::get_clock());
  if (done_.size() <= id) done_.resize(id + 1);
  done_[id] = std::move(done);
  clock_.replan();
  return id;
}

double LinkStreams::stop(Id id, const s4u::SemaphorePtr& done) {
  // ended() takes a stream's semaphore out of done_, so an ended (or reused) id no
  // longer holds `done`.
  if (!running(id, done)) return 0;
  const double left = sharing_.remaining(id, s4u::Engine::get_clock());
  sharing_.stop(id);
  done_[id] = nullptr;
  clock_.replan();
  return left;
}

// Taken out first: a release is a simcall, during which other actors may start streams and reuse
// the ids just freed.
void LinkStreams::ended(const std::vector<MaxMinSharing::FlowId>& ids) {
  due_.clear();
  for (const MaxMinSharing::FlowId id : ids) due_.push_back(std::move(done_[id]));
  for (const auto& d : due_) d->release();
}

}  // namespace mcsim
