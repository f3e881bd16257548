#include "library_state.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

LibraryState::LibraryState(int nodes, double buffer_bytes)
    : nodes_(nodes),
      capacity_(buffer_bytes),
      sent_(nodes),
      posted_(nodes),
      buffered_(static_cast<std::size_t>(nodes), 0.0),
      waiting_(static_cast<std::size_t>(nodes)) {}

LibraryState::Posted LibraryState::post(int src, int dst) {
  Posted posted{posted_.increment(src, dst), std::nullopt};
  const auto it = unexpected_.find(key(src, dst));
  if (it != unexpected_.end() && it->second.front().index == posted.index) {
    posted.unexpected_bytes = it->second.front().bytes;
    buffered_[static_cast<std::size_t>(dst)] -= static_cast<double>(it->second.front().bytes);
    it->second.pop_front();
    if (it->second.empty()) unexpected_.erase(it);
  }
  wake(dst);
  return posted;
}

bool LibraryState::reserve(int src, int dst, std::uint32_t index, std::uint64_t bytes, bool force) {
  double& held = buffered_[static_cast<std::size_t>(dst)];
  if (!force && held + static_cast<double>(bytes) > capacity_) return false;
  held += static_cast<double>(bytes);
  unexpected_[key(src, dst)].push_back({index, bytes});
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
