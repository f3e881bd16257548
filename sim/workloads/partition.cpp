// Recursive inertial bisection of partition.hpp.
#include "partition.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "../core/error.hpp"

namespace mcsim {

namespace {
using Vec3 = std::array<double, 3>;

Vec3 coordinates(const SpacePoint& p) { return {p.x, p.y, p.z}; }

// The unit eigenvector of the largest eigenvalue of a symmetric 3x3 matrix (cyclic Jacobi rotations).
Vec3 principal_axis(std::array<Vec3, 3> a) {
  std::array<Vec3, 3> v = {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};  // columns: eigenvectors
  for (int sweep = 0; sweep < 50; ++sweep) {
    const double off = std::abs(a[0][1]) + std::abs(a[0][2]) + std::abs(a[1][2]);
    const double scale = std::abs(a[0][0]) + std::abs(a[1][1]) + std::abs(a[2][2]);
    if (off <= 1e-15 * scale) break;
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t q = p + 1; q < 3; ++q) {
        if (a[p][q] == 0) continue;
        const double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (std::size_t r = 0; r < 3; ++r) {  // a <- a J
          const double arp = a[r][p], arq = a[r][q];
          a[r][p] = c * arp - s * arq;
          a[r][q] = s * arp + c * arq;
        }
        for (std::size_t r = 0; r < 3; ++r) {  // a <- J^T a
          const double apr = a[p][r], aqr = a[q][r];
          a[p][r] = c * apr - s * aqr;
          a[q][r] = s * apr + c * aqr;
        }
        for (std::size_t r = 0; r < 3; ++r) {  // v <- v J
          const double vrp = v[r][p], vrq = v[r][q];
          v[r][p] = c * vrp - s * vrq;
          v[r][q] = s * vrp + c * vrq;
        }
      }
  }
  std::size_t top = 0;
  for (std::size_t i = 1; i < 3; ++i)
    if (a[i][i] > a[top][top]) top = i;
  return {v[0][top], v[1][top], v[2][top]};
}
}  // namespace

std::vector<int> inertial_bisection(const std::vector<SpacePoint>& points, int parts) {
  if (parts < 1 || static_cast<std::size_t>(parts) > points.size())
    throw Error("mesh partition", "the part count must be in 1..the number of points");
  std::vector<std::uint32_t> order(points.size());
  std::iota(order.begin(), order.end(), 0u);
  std::vector<int> part(points.size(), 0);
  struct Range {
    std::size_t begin, end;
    int first, count;  // parts first..first+count-1 are cut from order[begin, end)
  };
  std::vector<Range> work = {{0, points.size(), 0, parts}};
  while (!work.empty()) {
    const Range r = work.back();
    work.pop_back();
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(r.begin);
    const auto last = order.begin() + static_cast<std::ptrdiff_t>(r.end);
    if (r.count == 1) {
      for (auto it = first; it != last; ++it) part[*it] = r.first;
      continue;
    }
    // Sums in ascending point order, so that the cut does not depend on how the standard library's
    // nth_element left the range.
    std::sort(first, last);
    Vec3 mean = {0, 0, 0};
    for (auto it = first; it != last; ++it) {
      const Vec3 p = coordinates(points[*it]);
      for (std::size_t a = 0; a < 3; ++a) mean[a] += p[a];
    }
    const auto size = static_cast<double>(r.end - r.begin);
    for (auto& m : mean) m /= size;
    std::array<Vec3, 3> inertia{};
    for (auto it = first; it != last; ++it) {
      const Vec3 p = coordinates(points[*it]);
      for (std::size_t a = 0; a < 3; ++a)
        for (std::size_t b = 0; b < 3; ++b) inertia[a][b] += (p[a] - mean[a]) * (p[b] - mean[b]);
    }
    const Vec3 axis = principal_axis(inertia);
    const int low = r.count / 2;
    const std::size_t middle =
        r.begin + (r.end - r.begin) * static_cast<std::size_t>(low) / static_cast<std::size_t>(r.count);
    auto along = [&](std::uint32_t i) { return points[i].x * axis[0] + points[i].y * axis[1] + points[i].z * axis[2]; };
    std::nth_element(first, order.begin() + static_cast<std::ptrdiff_t>(middle), last,
                     [&](std::uint32_t a, std::uint32_t b) {
                       const double pa = along(a), pb = along(b);
                       return pa != pb ? pa < pb : a < b;
                     });
    work.push_back({r.begin, middle, r.first, low});
    work.push_back({middle, r.end, r.first + low, r.count - low});
  }
  return part;
}

}  // namespace mcsim
