#include "region_map.hpp"

#include <optional>
#include <string>
#include <vector>

#include "../core/error.hpp"

namespace mcsim {

ResultTable region_result_table(const ExperimentResult& result) {
  const SimulationScenario& s = result.scenario;
  if (s.nodes.size() != 1) throw Error(s.path, "a region map needs one node count");
  ResultTable table{"", {{.name = "experiment", .key = true}, {.name = "density"}, {.name = "bytes", .unit = "B"},
                         {.name = "fastest"}, {.name = "paper"}, {.name = "agree"}}, {}};
  for (const auto& series : s.series) table.columns.push_back({.name = series.label + "_ms", .unit = "ms"});
  for (std::size_t d = 0; d < s.densities.size(); ++d)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u) {
      const int density = s.densities[d];
      const std::uint64_t bytes = s.msg_units[u];
      std::vector<double> mean_ms;
      std::size_t fastest = 0;
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        mean_ms.push_back(summarize(result.cell(0, d, u, k).comm_s).mean * 1e3);
        if (mean_ms[k] < mean_ms[fastest]) fastest = k;
      }
      std::optional<std::string> paper;
      for (const auto& rule : s.paper.regions)
        if (rule.contains(density, bytes)) {
          paper = rule.series;
          break;
        }
      const std::string& fastest_label = s.series[fastest].label;
      std::vector<ResultCell> row{text_cell(s.id), integer_cell(density), integer_cell(static_cast<std::int64_t>(bytes)),
                                  text_cell(fastest_label), text_cell(paper.value_or("")),
                                  text_cell(paper ? (*paper == fastest_label ? "yes" : "no") : "")};
      for (const double ms : mean_ms) row.push_back(number_cell(ms));
      table.rows.push_back(std::move(row));
    }
  return table;
}

}  // namespace mcsim
