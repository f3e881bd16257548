#include "hypercube_route.hpp"

namespace mcsim {

NodePath ecube_path(int dimensions, int src, int dst) {
  NodePath path{src};
  int at = src;
  for (int bit = 0; bit < dimensions; ++bit) {
    if (((at ^ dst) >> bit) & 1) {
      at ^= 1 << bit;
      path.push_back(at);
    }
  }
  return path;
}

}  // namespace mcsim
