#include "family_channels.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"

namespace mcsim {

FamilyChannels::FamilyChannels(std::shared_ptr<const TopologyFamily> family) : family_(std::move(family)) {
  if (family_->virtual_channels() != 1)
    throw Error(family_->family(), fmt::format("{} has {} virtual channels per link; node-pair channels cannot name them",
                                               family_->describe(), family_->virtual_channels()));
  link_of_pair_.reserve(static_cast<std::size_t>(family_->link_count()));
  for (int link = 0; link < family_->link_count(); ++link) {
    const auto [from, to] = family_->link_ends(link);
    link_of_pair_.emplace(key(from, to), link);
  }
}

std::vector<int> FamilyChannels::route_path(int src, int dst) const {
  return route_nodes(*family_, src, family_->route(src, dst));
}

int FamilyChannels::channel_index(int from, int to) const {
  if (from < 0 || to < 0) return -1;
  const auto found = link_of_pair_.find(key(from, to));
  return found == link_of_pair_.end() ? -1 : found->second;
}

}  // namespace mcsim
