#include "library_state.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LibraryState::LibraryState(int nodes, double buffer_bytes)
    : capacity_(buffer_bytes),
      pairs_(nodes),
      buffered_(static_cast<std::size_t>(nodes), 0.0),
      waiting_(static_cast<std::size_t>(nodes)) {}

// A pair whose every message has met its receive (settled) opens a new era when used again:
// nothing refers to its tickets any more but waiters whose message this was, and posted() tells them
// so from the era.
LibraryState::Pair& LibraryState::pair(int src, int dst) {
  Pair& p = pairs_(src, dst);
  if (p.sent == p.posted) {
    p.era = next_era_++;
    p.sent = p.posted = 0;
  }
  return p;
}

Ticket LibraryState::sent(int src, int dst) {
  Pair& p = pair(src, dst);
  return Ticket{p.era, p.sent++};
}

bool LibraryState::posted(int src, int dst, const Ticket& ticket) const {
  const Pair* p = pairs_.find(src, dst);
  if (!p || p->era != ticket.era) return true;  // its era has settled
  return p->posted > ticket.index;
}

LibraryState::Posted LibraryState::post(int src, int dst) {
  Pair& p = pair(src, dst);
  const Ticket matched{p.era, p.posted++};
  Posted posted;
  std::vector<Unexpected>& unexpected = p.unexpected;
  if (!unexpected.empty() && unexpected.front().ticket == matched) {
    posted.unexpected_bytes = unexpected.front().bytes;
    posted.arriving = std::move(unexpected.front().arriving);
    buffered_[static_cast<std::size_t>(dst)] -= static_cast<double>(unexpected.front().bytes);
    unexpected.erase(unexpected.begin());
  }
  posted.ticket = matched;
  for (const Request& request : p.requests)
    if (request.ticket == matched) posted.answer_s = request.answer_s;
  wake(dst);
  return posted;
}

bool LibraryState::request_waiting(int src, int dst, const Ticket& ticket, double answer_s) {
  if (posted(src, dst, ticket)) return false;
  pairs_(src, dst).requests.push_back({ticket, answer_s, false});
  return true;
}

void LibraryState::replied(int src, int dst, const Ticket& ticket) {
  for (Request& request : pairs_(src, dst).requests)
    if (request.ticket == ticket) request.replied = true;
  wake(dst);
}

bool LibraryState::has_replied(int src, int dst, const Ticket& ticket) const {
  const Pair* p = pairs_.find(src, dst);
  if (!p) return false;
  for (const Request& request : p->requests)
    if (request.ticket == ticket) return request.replied;
  return false;
}

void LibraryState::forget_request(int src, int dst, const Ticket& ticket) {
  if (Pair* p = pairs_.find(src, dst))
    std::erase_if(p->requests, [&](const Request& request) { return request.ticket == ticket; });
}

bool LibraryState::reserve(int src, int dst, const Ticket& ticket, std::uint64_t bytes, bool force,
                           std::shared_ptr<const ArrivingBytes> arriving) {
  double& held = buffered_[static_cast<std::size_t>(dst)];
  if (!force && held + static_cast<double>(bytes) > capacity_) return false;
  held += static_cast<double>(bytes);
  pairs_(src, dst).unexpected.push_back({ticket, bytes, std::move(arriving)});
  return true;
}

// Plain state between simcalls: a waiter checks, then blocks on a semaphore of its own, which any
// change at `dst` releases; it then checks again.
void LibraryState::wait_at(int dst, const std::function<bool()>& condition) {
  while (!condition()) {
    const auto woken = s4u::Semaphore::create(0);
    waiting_[static_cast<std::size_t>(dst)].push_back(woken);
    woken->acquire();
  }
}

void LibraryState::wake(int dst) {
  auto& waiting = waiting_[static_cast<std::size_t>(dst)];
  if (waiting.empty()) return;
  std::vector<s4u::SemaphorePtr> woken;
  woken.swap(waiting);
  for (const auto& w : woken) w->release();
}

}  // namespace mcsim
