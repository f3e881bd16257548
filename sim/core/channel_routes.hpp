// Routes of a switched machine as node paths, and the numbering of its directed channels: plain
// values, no SimGrid. The switched transports claim channels by these numbers; the platform of a
// direct network builds one link per channel.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mcsim {

// Channels are numbered so that every route claims increasing numbers: a total order on the
// channels that all messages respect, hence no deadlock when a message holds what it has claimed
// while it waits for the next (Dally and Seitz 1987).
class ChannelRoutes {
 public:
  virtual ~ChannelRoutes() = default;
  // The nodes a message visits from src to dst, both included.
  virtual std::vector<int> route_path(int src, int dst) const = 0;
  virtual int channel_count() const = 0;
  // The number of the directed channel from -> to between neighbours; -1 if there is none.
  virtual int channel_index(int from, int to) const = 0;
  // The two ends (from, to) of channel c.
  virtual std::pair<int, int> channel_ends(int channel) const = 0;
};

// The name of channel c's SimGrid link on a direct network (topologies/direct_network.cpp builds
// them; link-load reports and drawings read them back): "channel-<from>-<to>".
inline std::string channel_link_name(const ChannelRoutes& routes, int channel) {
  const auto [from, to] = routes.channel_ends(channel);
  return "channel-" + std::to_string(from) + "-" + std::to_string(to);
}

}  // namespace mcsim
