#include "point_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "../core/error.hpp"

namespace mcsim {

namespace {
constexpr double body_a = 0.2, body_b = 0.04;  // half-axes of the body in the unit square
constexpr double pi = 3.14159265358979323846;
}  // namespace

std::vector<MeshPoint> airfoil_point_cloud(std::size_t count, Rng& rng) {
  std::vector<MeshPoint> points;
  points.reserve(count);
  while (points.size() < count) {
    // Distance from the body drawn with density falling off away from it (r = s^2 spreads the
    // points: half of them within a quarter of the way to the boundary).
    const double angle = 2 * pi * rng.unit();
    const double s = rng.unit();
    const double stretch = 1.0 + 9.0 * s * s;  // 1 = on the body, 10 = far field
    const MeshPoint p{0.5 + body_a * stretch * std::cos(angle) * 0.24, 0.5 + body_b * stretch * std::sin(angle) * 1.2};
    if (p.x < 0 || p.x > 1 || p.y < 0 || p.y > 1) continue;
    points.push_back(p);
  }
  return points;
}

std::vector<std::vector<std::uint32_t>> nearest_neighbour_graph(const std::vector<MeshPoint>& points, int k) {
  const std::size_t n = points.size();
  const auto side = static_cast<std::size_t>(std::max(1.0, std::sqrt(static_cast<double>(n) / 2)));
  std::vector<std::vector<std::uint32_t>> cells(side * side);
  auto cell_of = [&](double v) { return std::min(side - 1, static_cast<std::size_t>(v * static_cast<double>(side))); };
  for (std::uint32_t i = 0; i < n; ++i) cells[cell_of(points[i].y) * side + cell_of(points[i].x)].push_back(i);

  std::vector<std::vector<std::uint32_t>> graph(n);
  std::vector<std::pair<double, std::uint32_t>> candidates;
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto cx = static_cast<long>(cell_of(points[i].x)), cy = static_cast<long>(cell_of(points[i].y));
    candidates.clear();
    // Widen the ring of cells until k candidates are found and the ring is farther than the k-th.
    for (long ring = 0;; ++ring) {
      for (long y = cy - ring; y <= cy + ring; ++y)
        for (long x = cx - ring; x <= cx + ring; ++x) {
          if (std::max(std::labs(x - cx), std::labs(y - cy)) != ring) continue;
          if (x < 0 || y < 0 || x >= static_cast<long>(side) || y >= static_cast<long>(side)) continue;
          for (std::uint32_t j : cells[static_cast<std::size_t>(y) * side + static_cast<std::size_t>(x)])
            if (j != i)
              candidates.emplace_back(std::hypot(points[j].x - points[i].x, points[j].y - points[i].y), j);
        }
      if (static_cast<int>(candidates.size()) >= k) {
        std::nth_element(candidates.begin(), candidates.begin() + (k - 1), candidates.end());
        if (candidates[static_cast<std::size_t>(k - 1)].first <= static_cast<double>(ring) / static_cast<double>(side))
          break;
      }
      if (ring > static_cast<long>(side)) break;
    }
    std::sort(candidates.begin(), candidates.end());
    for (int m = 0; m < k && m < static_cast<int>(candidates.size()); ++m) {
      graph[i].push_back(candidates[static_cast<std::size_t>(m)].second);
      graph[candidates[static_cast<std::size_t>(m)].second].push_back(i);
    }
  }
  for (auto& neighbours : graph) {
    std::sort(neighbours.begin(), neighbours.end());
    neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
  }
  return graph;
}

std::vector<int> random_direction_bisection(const std::vector<MeshPoint>& points, int parts, Rng& rng) {
  if (parts < 1 || (parts & (parts - 1)) != 0) throw Error("mesh partition", "the part count must be a power of two");
  std::vector<int> part(points.size(), 0);
  std::vector<std::uint32_t> order(points.size());
  std::iota(order.begin(), order.end(), 0u);
  // Each range [begin, end) of `order` is one part; split every range in two, `levels` times.
  std::vector<std::pair<std::size_t, std::size_t>> ranges = {{0, points.size()}};
  while (static_cast<int>(ranges.size()) < parts) {
    std::vector<std::pair<std::size_t, std::size_t>> next;
    for (auto [begin, end] : ranges) {
      const double angle = pi * rng.unit();
      const double dx = std::cos(angle), dy = std::sin(angle);
      const std::size_t middle = begin + (end - begin) / 2;
      std::nth_element(order.begin() + static_cast<std::ptrdiff_t>(begin), order.begin() + static_cast<std::ptrdiff_t>(middle),
                       order.begin() + static_cast<std::ptrdiff_t>(end), [&](std::uint32_t a, std::uint32_t b) {
                         const double pa = points[a].x * dx + points[a].y * dy, pb = points[b].x * dx + points[b].y * dy;
                         return pa != pb ? pa < pb : a < b;
                       });
      next.emplace_back(begin, middle);
      next.emplace_back(middle, end);
    }
    ranges = std::move(next);
  }
  for (std::size_t p = 0; p < ranges.size(); ++p)
    for (std::size_t i = ranges[p].first; i < ranges[p].second; ++i) part[order[i]] = static_cast<int>(p);
  return part;
}

}  // namespace mcsim
