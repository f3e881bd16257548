#include "run.hpp"

#include <algorithm>

namespace mcsim {

double Run::communication_time() const {
  return node_finish_s.empty() ? 0.0 : *std::max_element(node_finish_s.begin(), node_finish_s.end());
}

}  // namespace mcsim
