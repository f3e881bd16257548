// The switched star family (the Ethernet cluster): every node has a full-duplex port on one switch
// (vertex `nodes`); a route is node -> switch -> node. Links 0..n-1 go into the switch (by source
// node), n..2n-1 come out of it (by target node), so every route claims increasing numbers: no
// cycle of channel dependencies, one VC per link. No shape keys but the node counts every family
// may give (min_nodes, max_nodes).
#pragma once

#include "topology_family.hpp"

namespace mcsim {

class SwitchedStar final : public TopologyFamily {
 public:
  explicit SwitchedStar(int nodes);  // throws mcsim::Error for fewer than 2 nodes

  std::string family() const override { return "star"; }
  std::string describe() const override;
  int nodes() const override { return nodes_; }
  int vertex_count() const override { return nodes_ + 1; }
  int link_count() const override { return 2 * nodes_; }
  std::pair<int, int> link_ends(int link) const override;
  int virtual_channels() const override { return 1; }
  Route route(int src, int dst) const override;
  NetworkLayout layout() const override { return NetworkLayout::star; }

 private:
  int nodes_;
};

}  // namespace mcsim
