#include "notices.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "free_slots.hpp"

namespace mcsim {

Notices::Notices(int nodes) : pairs_(nodes), blocked_(static_cast<std::size_t>(nodes), 0) {
  wake_.reserve(static_cast<std::size_t>(nodes));
  for (int n = 0; n < nodes; ++n) wake_.push_back(simgrid::s4u::Semaphore::create(0));
}

std::uint32_t Notices::post(int from, int to) {
  const std::uint32_t slot = take_free_slot(slots_, free_);
  slots_[slot] = {nullptr, 0, to, false};
  Pair& pair = pairs_(from, to);
  if (pair.messages.empty()) {
    pair.receives.push_back(slot);
  } else {
    void* payload = pair.messages.front();
    pair.messages.erase(pair.messages.begin());
    complete(slot, payload);
  }
  return slot;
}

void Notices::arrive(int from, int to, void* payload) {
  Pair& pair = pairs_(from, to);
  if (pair.receives.empty()) {
    pair.messages.push_back(payload);
    return;
  }
  const std::uint32_t slot = pair.receives.front();
  pair.receives.erase(pair.receives.begin());
  complete(slot, payload);
}

bool Notices::waiting(int from, int to) const {
  const Pair* pair = pairs_.find(from, to);
  return pair && !pair->messages.empty();
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
