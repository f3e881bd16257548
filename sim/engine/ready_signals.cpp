#include "ready_signals.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

ReadySignals::ReadySignals(int nodes) : nodes_(nodes), waiting_for_(static_cast<std::size_t>(nodes), -1) {
  wake_.reserve(static_cast<std::size_t>(nodes));
  for (int n = 0; n < nodes; ++n) wake_.push_back(simgrid::s4u::Semaphore::create(0));
}

std::uint64_t ReadySignals::key(int from, int to) const {
  return static_cast<std::uint64_t>(from) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(to);
}

void ReadySignals::post(int from, int to) {
  int& waiting = waiting_for_.at(static_cast<std::size_t>(to));
  if (waiting == from) {
    waiting = -1;
    wake_[static_cast<std::size_t>(to)]->release();
    return;
  }
  ++pending_[key(from, to)];
}

void ReadySignals::wait(int from, int to) {
  if (const auto it = pending_.find(key(from, to)); it != pending_.end()) {
    if (--it->second == 0) pending_.erase(it);
    return;
  }
  int& waiting = waiting_for_.at(static_cast<std::size_t>(to));
  if (waiting >= 0)
    throw Error("node program", fmt::format("node {} waits for two ready signals at once", to));
  waiting = from;
  wake_[static_cast<std::size_t>(to)]->acquire();
}

}  // namespace mcsim
