#include "channel_locks.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../../core/error.hpp"
#include "../activity_recorder.hpp"

namespace mcsim {

ChannelLocks::ChannelLocks(const Machine& machine)
    : machine_(machine), routes_(machine.routes()), locks_(static_cast<std::size_t>(routes_.channel_count())) {
  for (int c = 0; c < routes_.channel_count(); ++c) {
    const simgrid::s4u::Link* link = simgrid::s4u::Link::by_name_or_null(channel_link_name(routes_, c));
    if (!link) throw Error(machine.name(), fmt::format("channel {} has no link named {}", c, channel_link_name(routes_, c)));
    bandwidth_Bps_.push_back(link->get_bandwidth());
    latency_s_.push_back(link->get_latency());
  }
}

double ChannelLocks::stream_seconds(const std::vector<int>& channels, std::uint64_t bytes) const {
  if (channels.empty()) return 0;  // a node to itself crosses no channel (and has no slowest one)
  double latency_s = 0;
  double slowest_Bps = 0;
  for (const int c : channels) {
    latency_s += latency_s_[static_cast<std::size_t>(c)];
    const double bandwidth = bandwidth_Bps_[static_cast<std::size_t>(c)];
    if (slowest_Bps == 0 || bandwidth < slowest_Bps) slowest_Bps = bandwidth;
  }
  return latency_s + static_cast<double>(bytes) / slowest_Bps;
}

void ChannelLocks::stream(ActivityRecorder* recorder, std::initializer_list<HeldStream> streams) const {
  std::vector<double> seconds;  // per stream, for the recorder
  double longest_s = 0;
  for (const HeldStream& s : streams) {
    seconds.push_back(s.bytes > 0 ? stream_seconds(s.channels, s.bytes) : 0.0);
    longest_s = std::max(longest_s, seconds.back());
  }
  const auto tell = [&](auto&& told) {
    if (!recorder) return;
    std::size_t k = 0;
    for (const HeldStream& s : streams) {
      if (s.bytes > 0)
        for (const int c : s.channels) (recorder->*told)(channel_link_name(routes_, c), static_cast<double>(s.bytes), seconds[k]);
      ++k;
    }
  };
  tell(&ActivityRecorder::link_stream_begins);
  if (longest_s > 0) simgrid::s4u::this_actor::sleep_for(longest_s);
  tell(&ActivityRecorder::link_stream_ends);
}

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
