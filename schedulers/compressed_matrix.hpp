// CCOM, the compressed communication matrix of Ranka, Wang, Kumar 1992 (section 3.2, Appendix A):
// column j lists the messages sender P_j still has to send, so that a scan never steps through
// the holes of the sparse COM. Shared by the CGM family of schedulers.
#pragma once

#include <cstdint>
#include <vector>

#include "../sim/core/comm_matrix.hpp"

namespace mcsim {

struct PendingMessage {
  int dst = 0;
  std::uint64_t bytes = 0;
  std::uint64_t priority = 0;  // the heap key of CGMH (its size, unless a reading says otherwise)
};

// columns[j] = the messages of sender j, in matrix order (by destination).
std::vector<std::vector<PendingMessage>> compress_matrix(const CommMatrix& matrix);

}  // namespace mcsim
