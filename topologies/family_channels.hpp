// A topology family seen through the ChannelRoutes contract the transports and the direct-network
// platform read today (node paths, a channel per node pair): the step that lets a machine's
// platform, transports and schedulers use one family object before the transports take routes
// as (link, VC) lists. Only families with one VC per link fit: a node pair cannot name a VC.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "../sim/core/channel_routes.hpp"
#include "topology_family.hpp"

namespace mcsim {

class FamilyChannels final : public ChannelRoutes {
 public:
  // Throws mcsim::Error if the family has more than one VC per link.
  explicit FamilyChannels(std::shared_ptr<const TopologyFamily> family);

  std::vector<int> route_path(int src, int dst) const override;
  int channel_count() const override { return family_->link_count(); }
  int channel_index(int from, int to) const override;
  std::pair<int, int> channel_ends(int channel) const override { return family_->link_ends(channel); }

  const std::shared_ptr<const TopologyFamily>& family() const { return family_; }

 private:
  static std::uint64_t key(int from, int to) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32 | static_cast<std::uint32_t>(to);
  }
  std::shared_ptr<const TopologyFamily> family_;
  std::unordered_map<std::uint64_t, int> link_of_pair_;
};

}  // namespace mcsim
