#include "experiment_result.hpp"

#include <algorithm>
#include <cmath>

namespace mcsim {

Summary summarize(const std::vector<double>& values) {
  Summary s;
  if (values.empty()) return s;
  s.min = s.max = values.front();
  double sum = 0;
  for (double v : values) {
    sum += v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
  }
  s.mean = sum / static_cast<double>(values.size());
  if (values.size() > 1) {
    double squares = 0;
    for (double v : values) squares += (v - s.mean) * (v - s.mean);
    s.sd = std::sqrt(squares / static_cast<double>(values.size() - 1));
  }
  return s;
}

const CellResult& ExperimentResult::cell(std::size_t nodes_index, std::size_t density_index, std::size_t unit_index,
                                         std::size_t series_index) const {
  const auto& s = scenario;
  const std::size_t index =
      ((nodes_index * s.densities.size() + density_index) * s.msg_units.size() + unit_index) * s.series.size() +
      series_index;
  return cells.at(index);
}

}  // namespace mcsim
