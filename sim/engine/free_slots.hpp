#pragma once

#include <cstdint>
#include <vector>

namespace mcsim {

// The slot for a new entry of `slots` (a vector or a deque of records addressed by number): the last
// one given back to `free`, else a new one at the end. Posted receives and arrival notices both keep
// their records this way, so a handle is a small number and a finished record's place is reused.
template <class Slots>
std::uint32_t take_free_slot(Slots& slots, std::vector<std::uint32_t>& free) {
  if (free.empty()) {
    slots.emplace_back();
    return static_cast<std::uint32_t>(slots.size() - 1);
  }
  const std::uint32_t slot = free.back();
  free.pop_back();
  return slot;
}

}  // namespace mcsim
