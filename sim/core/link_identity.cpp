#include "link_identity.hpp"

#include <fmt/format.h>

namespace mcsim {

std::string link_name(const LinkIdentity& link) {
  switch (link.role) {
    case LinkRole::node_interface: {
      // cmmd: the CM-5's CMMD, whose copy rate the interface links have.
      const char* suffix = link.direction == InterfaceDirection::out ? "-out"
                           : link.direction == InterfaceDirection::in ? "-in"
                                                                      : "";
      return fmt::format("cmmd-{}{}", link.from.index, suffix);
    }
    case LinkRole::fat_tree_wire:
      return fmt::format("wire-L{}-g{}-c{}-p{}-{}", link.level, link.group, link.copy, link.port, link.up ? "up" : "down");
    case LinkRole::network_channel:
    case LinkRole::switch_link: return fmt::format("channel-{}-{}", link.from.index, link.to.index);
  }
  return "link";
}

}  // namespace mcsim
