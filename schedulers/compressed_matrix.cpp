#include "compressed_matrix.hpp"

namespace mcsim {

std::vector<std::vector<PendingMessage>> compress_matrix(const CommMatrix& matrix) {
  std::vector<std::vector<PendingMessage>> columns(static_cast<std::size_t>(matrix.nodes()));
  for (const auto& e : matrix.entries()) columns[static_cast<std::size_t>(e.src)].push_back({e.dst, e.bytes, e.bytes});
  return columns;
}

}  // namespace mcsim
