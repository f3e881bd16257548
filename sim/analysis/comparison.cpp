#include "comparison.hpp"

#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {
std::optional<double> ratio_of(std::optional<double> paper, std::optional<double> mcsim) {
  if (!paper || !mcsim || *paper == 0) return std::nullopt;
  return *mcsim / *paper;
}
}  // namespace

ComparisonTable::ComparisonTable(std::string experiment)
    : experiment_(std::move(experiment)),
      table_{"",
             {{.name = "experiment", .key = true}, {.name = "row", .key = true}, {.name = "series", .key = true},
              {.name = "x", .key = true}, {.name = "paper"}, {.name = "mcsim"}, {.name = "ratio"}},
             {}} {}

void ComparisonTable::add_cells(std::string row, std::string series, std::string x, std::optional<double> paper,
                                ResultCell mcsim, std::optional<double> ratio) {
  table_.rows.push_back({text_cell(experiment_), text_cell(std::move(row)), text_cell(std::move(series)),
                         text_cell(std::move(x)), number_cell(paper), std::move(mcsim), number_cell(ratio)});
}

void ComparisonTable::add(std::string row, std::string series, std::string x, std::optional<double> paper,
                          std::optional<double> mcsim) {
  add_cells(std::move(row), std::move(series), std::move(x), paper, number_cell(mcsim), ratio_of(paper, mcsim));
}

void ComparisonTable::add_time_ms(std::string row, std::string series, std::string x, std::optional<double> paper,
                                  double ms) {
  add_cells(std::move(row), std::move(series), std::move(x), paper, fixed_cell(ms, 6), ratio_of(paper, ms));
}

namespace {
std::optional<double> lookup(const std::map<std::string, double>& table, const std::string& key) {
  auto it = table.find(key);
  return it == table.end() ? std::nullopt : std::optional<double>(it->second);
}
}  // namespace

ResultTable comparison_result_table(const ExperimentResult& result, const ReportOptions& options) {
  const SimulationScenario& s = result.scenario;
  if (s.nodes.size() != 1 || s.densities.size() != 1)
    throw Error(s.path, "a paper comparison needs one node count and one density; use `mcsim sweep` for several");
  ComparisonTable rows(s.id);
  for (std::size_t u = 0; u < s.msg_units.size(); ++u)
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const auto& label = s.series[k].label;
      std::optional<double> paper;
      if (auto it = s.paper.comm_ms.find(label); it != s.paper.comm_ms.end()) paper = it->second[u];
      rows.add("comm", label, fmt::format("{}", s.msg_units[u]), paper, summarize(result.cell(0, 0, u, k).comm_s).mean * 1e3);
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
      rows.add("comp", label, "", lookup(s.paper.comp_ms, label), over_units(k, &CellResult::host_s) * 1e3);
    }
    if (lp) {
      const auto paper_lp = lookup(s.paper.comp_ms, "LP");
      const double ours_lp = over_units(*lp, &CellResult::host_s);
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        const auto& label = s.series[k].label;
        const auto paper = lookup(s.paper.comp_ms, label);
        rows.add("comp_vs_LP", label, "", paper && paper_lp ? std::optional<double>(*paper / *paper_lp) : std::nullopt,
                 ours_lp > 0 ? std::optional<double>(over_units(k, &CellResult::host_s) / ours_lp) : std::nullopt);
      }
    }
  }
  for (std::size_t k = 0; k < s.series.size(); ++k) {
    const auto& label = s.series[k].label;
    rows.add("iters", label, "", lookup(s.paper.iters, label), over_units(k, &CellResult::phases));
  }
  return std::move(rows).take();
}

}  // namespace mcsim
