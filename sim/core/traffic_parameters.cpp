#include "traffic_parameters.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace mcsim {

std::string TrafficParameters::text() const { return fmt::format("r={} c={} t={} f={} g={} h={}", r, c, t, f, g, h); }

TrafficParameters traffic_parameters(const CommMatrix& matrix) {
  const auto n = static_cast<std::size_t>(matrix.nodes());
  std::vector<std::uint64_t> row(n, 0), column(n, 0);
  for (const MatrixEntry& e : matrix.entries()) {
    row[static_cast<std::size_t>(e.src)] += e.bytes;
    column[static_cast<std::size_t>(e.dst)] += e.bytes;
  }
  TrafficParameters p;
  if (n == 0) return p;
  p.r = *std::max_element(row.begin(), row.end());
  p.c = *std::max_element(column.begin(), column.end());
  p.t = std::max(p.r, p.c);
  p.f = matrix.max_sends();
  p.g = matrix.max_receives();
  p.h = std::max(p.f, p.g);
  return p;
}

}  // namespace mcsim
