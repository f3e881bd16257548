#include "reflecting.hpp"

#include <fmt/format.h>

#include "binomial_tree.hpp"
#include "sim/core/error.hpp"

namespace mcsim {

namespace {
void check_order(int n, const char* who) {
  if (n < 0 || n > max_binomial_order)
    throw Error(who, fmt::format("B({}) is outside B(0) .. B({})", n, max_binomial_order));
}

// The bits of b at positions first, first + 2, first + 4, ... packed into one number.
int alternate_bits(int b, int first) {
  int out = 0;
  for (int bit = first, at = 0; (b >> bit) != 0; bit += 2, ++at) out |= ((b >> bit) & 1) << at;
  return out;
}
}  // namespace

int gray(int v) { return v ^ (v >> 1); }

int inverse_gray(int v) {
  int out = 0;
  for (; v != 0; v >>= 1) out ^= v;
  return out;
}

MeshMapping reflecting_mapping(int n) {
  check_order(n, "reflecting mapping");
  std::vector<MeshPoint> points{{0, 0}};  // Definition 7: B(0) on the one-node mesh
  int width = 1, height = 1;
  for (int m = 1; m <= n; ++m) {
    const std::size_t half = points.size();
    points.resize(2 * half);
    for (std::size_t b = 0; b < half; ++b) {
      const MeshPoint p = points[b];
      points[half + b] = m % 2 == 1 ? MeshPoint{2 * width - 1 - p.x, p.y}   // reflected, to the right
                                    : MeshPoint{p.x, 2 * height - 1 - p.y};  // reflected, below
    }
    (m % 2 == 1 ? width : height) *= 2;
  }
  return mapping_from_points("reflecting", binomial_mesh(n), points);
}

std::vector<MeshPoint> reflecting_formula_points(int n, bool inverse) {
  check_order(n, "reflecting formula");
  std::vector<MeshPoint> points;
  for (int b = 0; b < (1 << n); ++b) {
    const int even = alternate_bits(b, 0), odd = alternate_bits(b, 1);
    points.push_back(inverse ? MeshPoint{inverse_gray(even), inverse_gray(odd)} : MeshPoint{gray(even), gray(odd)});
  }
  return points;
}

}  // namespace mcsim
