#include "library_state.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LibraryState::LibraryState(int nodes, double buffer_bytes)
    : nodes_(nodes),
      capacity_(buffer_bytes),
      buffered_(static_cast<std::size_t>(nodes), 0.0),
      waiting_(static_cast<std::size_t>(nodes)) {}

LibraryState::Pair& LibraryState::pair(std::uint64_t key) {
  auto [it, fresh] = open_.try_emplace(key);
  if (fresh) it->second.era = next_era_++;
  return it->second;
}

// Every message of the pair has met its receive: nothing refers to its tickets any more but
// waiters whose message this was, and posted() tells them so from the era.
void LibraryState::settle(std::unordered_map<std::uint64_t, Pair>::iterator it) {
  if (it->second.sent == it->second.posted) open_.erase(it);
}

Ticket LibraryState::sent(int src, int dst) {
  const std::uint64_t k = key(src, dst);
  Pair& p = pair(k);
  const Ticket ticket{p.era, p.sent++};
  settle(open_.find(k));
  return ticket;
}

bool LibraryState::posted(int src, int dst, const Ticket& ticket) const {
  const auto it = open_.find(key(src, dst));
  if (it == open_.end() || it->second.era != ticket.era) return true;  // its era has settled
  return it->second.posted > ticket.index;
}

LibraryState::Posted LibraryState::post(int src, int dst) {
  const std::uint64_t k = key(src, dst);
  Pair& p = pair(k);
  const Ticket matched{p.era, p.posted++};
  Posted posted;
  const auto it = unexpected_.find(k);
  if (it != unexpected_.end() && it->second.front().ticket == matched) {
    posted.unexpected_bytes = it->second.front().bytes;
    posted.arriving = std::move(it->second.front().arriving);
    buffered_[static_cast<std::size_t>(dst)] -= static_cast<double>(it->second.front().bytes);
    it->second.pop_front();
    if (it->second.empty()) unexpected_.erase(it);
  }
  posted.ticket = matched;
  if (const auto r = requests_.find(k); r != requests_.end())
    for (const Request& request : r->second)
      if (request.ticket == matched) posted.answer_s = request.answer_s;
  settle(open_.find(k));
  wake(dst);
  return posted;
}

bool LibraryState::request_waiting(int src, int dst, const Ticket& ticket, double answer_s) {
  if (posted(src, dst, ticket)) return false;
  requests_[key(src, dst)].push_back({ticket, answer_s, false});
  return true;
}

void LibraryState::replied(int src, int dst, const Ticket& ticket) {
  for (Request& request : requests_[key(src, dst)])
    if (request.ticket == ticket) request.replied = true;
  wake(dst);
}

bool LibraryState::has_replied(int src, int dst, const Ticket& ticket) const {
  const auto it = requests_.find(key(src, dst));
  if (it == requests_.end()) return false;
  for (const Request& request : it->second)
    if (request.ticket == ticket) return request.replied;
  return false;
}

void LibraryState::forget_request(int src, int dst, const Ticket& ticket) {
  const auto it = requests_.find(key(src, dst));
  if (it == requests_.end()) return;
  std::erase_if(it->second, [&](const Request& request) { return request.ticket == ticket; });
  if (it->second.empty()) requests_.erase(it);
}

bool LibraryState::reserve(int src, int dst, const Ticket& ticket, std::uint64_t bytes, bool force,
                           std::shared_ptr<const ArrivingBytes> arriving) {
  double& held = buffered_[static_cast<std::size_t>(dst)];
  if (!force && held + static_cast<double>(bytes) > capacity_) return false;
  held += static_cast<double>(bytes);
  unexpected_[key(src, dst)].push_back({ticket, bytes, std::move(arriving)});
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
