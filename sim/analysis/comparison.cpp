#include "comparison.hpp"

#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

std::optional<double> ComparisonRow::ratio() const {
  if (!paper || !mcsim || *paper == 0) return std::nullopt;
  return *mcsim / *paper;
}

namespace {
std::optional<double> lookup(const std::map<std::string, double>& table, const std::string& key) {
  auto it = table.find(key);
  return it == table.end() ? std::nullopt : std::optional<double>(it->second);
}
}  // namespace

std::vector<ComparisonRow> comparison_rows(const ExperimentResult& result, const ReportOptions& options) {
  const SimulationScenario& s = result.scenario;
  if (s.nodes.size() != 1 || s.densities.size() != 1)
    throw Error(s.path, "a paper comparison needs one node count and one density; use `mcsim sweep` for several");
  std::vector<ComparisonRow> rows;
  for (std::size_t u = 0; u < s.msg_units.size(); ++u)
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const auto& label = s.series[k].label;
      ComparisonRow row{"comm", label, fmt::format("{}", s.msg_units[u]), std::nullopt, std::nullopt};
      if (auto it = s.paper.comm_ms.find(label); it != s.paper.comm_ms.end()) row.paper = it->second[u];
      row.mcsim = summarize(result.cell(0, 0, u, k).comm_s).mean * 1e3;
      rows.push_back(row);
    }
  // Scheduling cost and permutation count do not depend on msg_unit for the schedulers whose
  // plans ignore sizes; the mean over all msg_units is reported (as the paper gives one number).
  auto over_units = [&](std::size_t k, auto member) {
    std::vector<double> all;
    for (std::size_t u = 0; u < s.msg_units.size(); ++u) {
      const auto& values = result.cell(0, 0, u, k).*member;
      all.insert(all.end(), values.begin(), values.end());
    }
    return summarize(all).mean;
  };
  std::optional<std::size_t> lp;
  for (std::size_t k = 0; k < s.series.size(); ++k)
    if (s.series[k].label == "LP") lp = k;
  if (options.host_times) {
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const auto& label = s.series[k].label;
      rows.push_back({"comp", label, "", lookup(s.paper.comp_ms, label), over_units(k, &CellResult::host_s) * 1e3});
    }
    if (lp) {
      const auto paper_lp = lookup(s.paper.comp_ms, "LP");
      const double ours_lp = over_units(*lp, &CellResult::host_s);
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        const auto& label = s.series[k].label;
        const auto paper = lookup(s.paper.comp_ms, label);
        rows.push_back({"comp_vs_LP", label, "",
                        paper && paper_lp ? std::optional<double>(*paper / *paper_lp) : std::nullopt,
                        ours_lp > 0 ? std::optional<double>(over_units(k, &CellResult::host_s) / ours_lp)
                                    : std::nullopt});
      }
    }
  }
  for (std::size_t k = 0; k < s.series.size(); ++k) {
    const auto& label = s.series[k].label;
    rows.push_back({"iters", label, "", lookup(s.paper.iters, label), over_units(k, &CellResult::phases)});
  }
  return rows;
}

std::vector<ComparisonRow> comparison_rows_of(const ResultTable& table) {
  const auto column = [&](const char* name) { return table.required_column(name, "comparison_rows_of"); };
  const std::size_t row_c = column("row"), series_c = column("series"), x_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim");
  std::vector<ComparisonRow> rows;
  for (std::size_t r = 0; r < table.rows.size(); ++r)
    rows.push_back({cell_text(table.at(r, row_c)), cell_text(table.at(r, series_c)), cell_text(table.at(r, x_c)),
                    cell_number(table.at(r, paper_c)), cell_number(table.at(r, mcsim_c))});
  return rows;
}

}  // namespace mcsim
