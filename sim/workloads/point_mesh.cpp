// The point mesh of point_mesh.hpp: graded points and their k-nearest-neighbour graph.
#include "point_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "../core/error.hpp"

namespace mcsim {

namespace {
constexpr double pi = 3.14159265358979323846;
constexpr std::uint32_t leaf_size = 8;

double coordinate(const SpacePoint& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

double distance2(const SpacePoint& a, const SpacePoint& b) {
  const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

// An implicit k-d tree: order_[lo, hi) is a subtree; its root is order_[mid], mid = lo + (hi - lo) / 2,
// split along axis_[mid], the smaller coordinates before it. Ranges of leaf_size or fewer are leaves.
class KdTree {
 public:
  explicit KdTree(const std::vector<SpacePoint>& points)
      : points_(points), order_(points.size()), axis_(points.size(), 0) {
    std::iota(order_.begin(), order_.end(), 0u);
    build(0, static_cast<std::uint32_t>(points.size()));
    sorted_.reserve(points.size());
    for (std::uint32_t i : order_) sorted_.push_back(points[i]);
  }

  // The points in tree order: neighbours in it are mostly neighbours in space.
  const std::vector<std::uint32_t>& order() const { return order_; }

  // The k nearest points to points[query], itself excluded, nearest first.
  void nearest(std::uint32_t query, std::size_t k, std::vector<std::pair<double, std::uint32_t>>& best) const {
    best.clear();
    search(0, static_cast<std::uint32_t>(order_.size()), points_[query], query, k, best);
  }

 private:
  void build(std::uint32_t lo, std::uint32_t hi) {
    if (hi - lo <= leaf_size) return;
    // Split along the axis of widest extent.
    double low[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, high[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (std::uint32_t i = lo; i < hi; ++i)
      for (int a = 0; a < 3; ++a) {
        low[a] = std::min(low[a], coordinate(points_[order_[i]], a));
        high[a] = std::max(high[a], coordinate(points_[order_[i]], a));
      }
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (high[a] - low[a] > high[axis] - low[axis]) axis = a;
    const std::uint32_t mid = lo + (hi - lo) / 2;
    auto along = [&](std::uint32_t i) { return coordinate(points_[i], axis); };
    std::nth_element(order_.begin() + lo, order_.begin() + mid, order_.begin() + hi,
                     [&](std::uint32_t a, std::uint32_t b) { return along(a) < along(b); });
    axis_[mid] = static_cast<std::uint8_t>(axis);
    build(lo, mid);
    build(mid + 1, hi);
  }

  // Offers point `candidate`, at `at`, to the k best so far.
  static void offer(std::uint32_t candidate, const SpacePoint& at, const SpacePoint& q, std::uint32_t query,
                    std::size_t k, std::vector<std::pair<double, std::uint32_t>>& best) {
    if (candidate == query) return;
    const double d = distance2(at, q);
    if (best.size() == k && d >= best.back().first) return;
    if (best.size() == k) best.pop_back();
    const std::pair<double, std::uint32_t> entry = {d, candidate};
    best.insert(std::upper_bound(best.begin(), best.end(), entry), entry);
  }

  void search(std::uint32_t lo, std::uint32_t hi, const SpacePoint& q, std::uint32_t query, std::size_t k,
              std::vector<std::pair<double, std::uint32_t>>& best) const {
    if (hi - lo <= leaf_size) {
      for (std::uint32_t i = lo; i < hi; ++i) offer(order_[i], sorted_[i], q, query, k, best);
      return;
    }
    // The near side first (down to the query's own leaf), so that the bound tightens early.
    const std::uint32_t mid = lo + (hi - lo) / 2;
    const double gap = coordinate(q, axis_[mid]) - coordinate(sorted_[mid], axis_[mid]);
    const bool below = gap < 0;
    search(below ? lo : mid + 1, below ? mid : hi, q, query, k, best);
    if (best.size() < k || gap * gap < best.back().first) {
      offer(order_[mid], sorted_[mid], q, query, k, best);
      search(below ? mid + 1 : lo, below ? hi : mid, q, query, k, best);
    }
  }

  const std::vector<SpacePoint>& points_;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint8_t> axis_;
  std::vector<SpacePoint> sorted_;  // points_ in tree order: leaves are scanned in sequence
};
}  // namespace

std::vector<SpacePoint> graded_half_domain_points(std::size_t count, double far_field, Rng& rng) {
  if (!(far_field > 1)) throw Error("point mesh", "the far field must lie beyond the body (radius > 1)");
  const double log_far = std::log(far_field);
  std::vector<SpacePoint> points;
  points.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const double r = std::exp(log_far * rng.unit());
    const double z = rng.unit();  // uniform height: uniform over the half sphere (Archimedes)
    const double phi = 2 * pi * rng.unit();
    const double across = std::sqrt(1 - z * z);
    points.push_back({r * across * std::cos(phi), r * across * std::sin(phi), r * z});
  }
  return points;
}

MeshGraph nearest_neighbour_graph(const std::vector<SpacePoint>& points, int k) {
  if (k < 1) throw Error("point mesh", "a nearest-neighbour graph needs k >= 1");
  const KdTree tree(points);
  MeshGraph graph(points.size());
  for (auto& list : graph) list.reserve(2 * static_cast<std::size_t>(k) + 4);
  std::vector<std::pair<double, std::uint32_t>> best;
  for (std::uint32_t i : tree.order()) {  // in tree order, for the cache's sake
    tree.nearest(i, static_cast<std::size_t>(k), best);
    for (const auto& [d, j] : best) {
      graph[i].push_back(j);
      graph[j].push_back(i);
    }
  }
  for (auto& list : graph) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return graph;
}

}  // namespace mcsim
