#include "dimension_order.hpp"

#include <cstdlib>

namespace mcsim {

int CubeGeometry::routers() const {
  int product = 1;
  for (int side : sides) product *= side;
  return product;
}

int CubeGeometry::stride(int dimension) const {
  int stride = 1;
  for (int d = 0; d < dimension; ++d) stride *= sides[static_cast<std::size_t>(d)];
  return stride;
}

int CubeGeometry::neighbour(int router, int dimension, int step) const {
  const int k = sides[static_cast<std::size_t>(dimension)], c = coordinate(router, dimension);
  return router + stride(dimension) * (((c + step) % k + k) % k - c);
}

std::vector<CubeHop> dimension_order_hops(const CubeGeometry& cube, int src, int dst, bool dateline) {
  std::vector<CubeHop> hops;
  int at = src;
  for (int d = 0; d < static_cast<int>(cube.sides.size()); ++d) {
    const int k = cube.sides[static_cast<std::size_t>(d)], from = cube.coordinate(at, d), to = cube.coordinate(dst, d);
    if (from == to) continue;
    int step = to > from ? 1 : -1, count = std::abs(to - from);
    if (cube.wrap_around) {
      const int forward = ((to - from) % k + k) % k;
      step = forward <= k - forward ? 1 : -1;  // the shorter way; at k/2 the + way
      count = step > 0 ? forward : k - forward;
    }
    bool crossed = false;  // each dimension starts on class 0
    for (int h = 0; h < count; ++h) {
      const int c = cube.coordinate(at, d);
      crossed = crossed || (cube.wrap_around && (step > 0 ? c == k - 1 : c == 0));
      hops.push_back({at, d, step, dateline ? dateline_class(crossed) : 0});
      at = cube.neighbour(at, d, step);
    }
  }
  return hops;
}

}  // namespace mcsim
