#include "channel_locks.hpp"

#include <fmt/format.h>

#include "../../core/error.hpp"

namespace mcsim {

ChannelLocks::ChannelLocks(const Machine& machine)
    : machine_(machine), routes_(machine.routes()), locks_(static_cast<std::size_t>(routes_.channel_count())) {}

std::vector<int> ChannelLocks::route_channels(int src, int dst) const {
  const std::vector<int> path = routes_.route_path(src, dst);
  std::vector<int> channels;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int c = routes_.channel_index(path[i - 1], path[i]);
    if (c < 0 || c >= routes_.channel_count() || (!channels.empty() && c <= channels.back()))
      throw Error(machine_.name(), fmt::format("route {} -> {} does not claim increasing channel numbers at hop {} "
                                               "(channel {}): the claim order could deadlock",
                                               src, dst, i, c));
    channels.push_back(c);
  }
  return channels;
}

}  // namespace mcsim
