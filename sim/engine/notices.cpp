#include "notices.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "free_slots.hpp"

namespace mcsim {

Notices::Notices(int nodes) : nodes_(nodes), blocked_(static_cast<std::size_t>(nodes), 0) {
  wake_.reserve(static_cast<std::size_t>(nodes));
  for (int n = 0; n < nodes; ++n) wake_.push_back(simgrid::s4u::Semaphore::create(0));
}

std::uint64_t Notices::key(int from, int to) const {
  return static_cast<std::uint64_t>(from) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(to);
}

std::uint32_t Notices::post(int from, int to) {
  const std::uint32_t slot = take_free_slot(slots_, free_);
  slots_[slot] = {nullptr, 0, to, false};
  const auto it = pairs_.find(key(from, to));
  if (it != pairs_.end() && !it->second.messages.empty()) {
    void* payload = it->second.messages.front();
    it->second.messages.pop_front();
    if (it->second.messages.empty()) pairs_.erase(it);
    complete(slot, payload);
  } else {
    pairs_[key(from, to)].receives.push_back(slot);
  }
  return slot;
}

void Notices::arrive(int from, int to, void* payload) {
  Pair& pair = pairs_[key(from, to)];
  if (pair.receives.empty()) {
    pair.messages.push_back(payload);
    return;
  }
  const std::uint32_t slot = pair.receives.front();
  pair.receives.pop_front();
  if (pair.receives.empty()) pairs_.erase(key(from, to));
  complete(slot, payload);
}

bool Notices::waiting(int from, int to) const {
  const auto it = pairs_.find(key(from, to));
  return it != pairs_.end() && !it->second.messages.empty();
}

void Notices::complete(std::uint32_t slot, void* payload) {
  Slot& s = slots_[slot];
  s.payload = payload;
  s.at_s = simgrid::s4u::Engine::get_clock();
  s.done = true;
  const auto node = static_cast<std::size_t>(s.to);
  if (blocked_[node]) {
    blocked_[node] = 0;
    wake_[node]->release();
  }
}

std::size_t Notices::wait_any(int to, std::span<const std::uint32_t> slots) {
  if (slots.empty()) throw Error("node program", fmt::format("node {} waits for any of no receives", to));
  for (;;) {
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots_[slots[i]].done) return i;
    // Woken by the first completion of one of this node's receives; one not among `slots`
    // (posted, waited for later) only means a look again.
    blocked_[static_cast<std::size_t>(to)] = 1;
    wake_[static_cast<std::size_t>(to)]->acquire();
  }
}

Notices::Arrived Notices::take(std::uint32_t slot) {
  const Arrived arrived{slots_[slot].payload, slots_[slot].at_s};
  free_.push_back(slot);
  return arrived;
}

}  // namespace mcsim
