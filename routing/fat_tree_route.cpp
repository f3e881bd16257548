#include "fat_tree_route.hpp"

namespace mcsim {

int first_uplink(int /*level*/, int /*parents*/) { return 0; }

UplinkChooser d_mod_k_uplinks(const FatTreeShape& shape, int dst) {
  return [&shape, dst](int level, int parents) {
    long long below = 1;  // w_1 ... w_(level-1)
    for (int l = 1; l < level; ++l) below *= shape.parents(l);
    return static_cast<int>(dst / below % parents);
  };
}

Route fat_tree_route(const FatTreeShape& shape, int src, int dst, const UplinkChooser& choose) {
  const int top = shape.common_level(src, dst);
  Route route(static_cast<std::size_t>(2 * top));
  // Climb: copy c of the current element, starting at the node (copy 0 of level 0).
  std::size_t copy = 0;
  for (int level = 1; level <= top; ++level) {
    const int w = shape.parents(level);
    const int port = choose(level, w);
    route[static_cast<std::size_t>(level - 1)] = {shape.up_link(shape.wire_id(level, shape.group_of(src, level - 1), copy, port)), 0};
    copy = copy * static_cast<std::size_t>(w) + static_cast<std::size_t>(port);
  }
  // Descend: the switch copy fixes the copy below and the port it was reached through.
  for (int level = top; level >= 1; --level) {
    const auto w = static_cast<std::size_t>(shape.parents(level));
    const std::size_t below = copy / w;
    const int port = static_cast<int>(copy % w);
    route[static_cast<std::size_t>(2 * top - level)] = {
        shape.down_link(shape.wire_id(level, shape.group_of(dst, level - 1), below, port)), 0};
    copy = below;
  }
  return route;
}

}  // namespace mcsim
