// The collective-communication parameters of a matrix (Ranka, Shankar, Alsabti 1995, sec. 2):
// outgoing traffic r_i (row sums) and incoming traffic c_j (column sums) with their bounds r, c and
// t = max(r, c); fan-out f_i and fan-in g_j (message counts) with their bounds f, g and h = max(f, g).
#pragma once

#include <cstdint>
#include <string>

#include "comm_matrix.hpp"

namespace mcsim {

struct TrafficParameters {
  std::uint64_t r = 0, c = 0, t = 0;  // in the matrix's units (bytes, or elements before scaling)
  int f = 0, g = 0, h = 0;

  // "r=... c=... t=... f=... g=... h=..."
  std::string text() const;
};

TrafficParameters traffic_parameters(const CommMatrix& matrix);

}  // namespace mcsim
