// Dimension-order routing on a k-ary n-cube of routers (Dally and Seitz, "Deadlock-free message
// routing in multiprocessor interconnection networks", IEEE Trans. Computers C-36(5), 1987): a
// message corrects dimension 0 first, then 1, ...; on a 2-D mesh that is XY routing, on a binary
// hypercube e-cube routing (lowest differing address bit first: the iPSC/860's Direct-Connect
// routing, Wang and Ranka 1994 sec. 2.2). On a torus it takes the shorter way round each ring (at
// exactly k/2 the + way), and its hops carry the dateline's VC class (dateline_class).
//
// Routers: coordinates (x0, x1, ...) with router = x0 + s0 * (x1 + s1 * (x2 + ...)).
#pragma once

#include <vector>

namespace mcsim {

struct CubeGeometry {
  std::vector<int> sides;  // routers along each dimension, dimension 0 first
  bool wrap_around = false;

  int routers() const;
  int stride(int dimension) const;
  int coordinate(int router, int dimension) const { return router / stride(dimension) % sides[dimension]; }
  // The router one step (+1 or -1) along `dimension`, wrapping round on a torus.
  int neighbour(int router, int dimension, int step) const;
};

// One hop of a route: from `router` one `step` along `dimension`, on VC class `vc_class`.
struct CubeHop {
  int router = 0;
  int dimension = 0;
  int step = 1;
  int vc_class = 0;
  friend bool operator==(const CubeHop&, const CubeHop&) = default;
};

// The dateline (Dally and Seitz 1987): a ring's channel dependencies form a cycle, so a message
// rides class 0 until it crosses the wrap-around link of the dimension it is moving in, and class
// 1 from that link on; each dimension starts again on class 0. `crossed` says whether the hop
// about to be taken, or one before it in this dimension, is the wrap-around link.
inline int dateline_class(bool crossed) { return crossed ? 1 : 0; }

// The hops from router src to router dst (none when they are equal). `dateline`: the VC classes of
// the dateline on a torus (false: every hop class 0, which deadlocks on a torus: the tests show it).
std::vector<CubeHop> dimension_order_hops(const CubeGeometry& cube, int src, int dst, bool dateline);

}  // namespace mcsim
