#include "overhead.hpp"

#include <fmt/format.h>

#include "report.hpp"

namespace mcsim {

namespace {
struct Fraction {
  double schedule_ms, comm_ms;
  double value() const { return comm_ms > 0 ? schedule_ms / comm_ms : 0; }
};

Fraction fraction(const ExperimentResult& result, std::size_t d, std::size_t u, std::size_t k) {
  const CellResult& cell = result.cell(0, d, u, k);
  return {summarize(cell.host_s).mean * 1e3, summarize(cell.comm_s).mean * 1e3};
}
}  // namespace

std::string overhead_csv(const ExperimentResult& result, const ReportOptions& options) {
  const SimulationScenario& s = result.scenario;
  std::string out = "experiment,density,bytes,series,schedule_ms,comm_ms,fraction\n";
  for (std::size_t d = 0; d < s.densities.size(); ++d)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u)
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        const Fraction f = fraction(result, d, u, k);
        // Without host times the schedule_ms and fraction columns stay empty (the simulated
        // communication time is still reported, byte-identical for a seed).
        out += fmt::format("{},{},{},{},{},{:.6g},{}\n", csv_field(s.id), s.densities[d], s.msg_units[u],
                           csv_field(s.series[k].label),
                           options.host_times ? csv_number(f.schedule_ms) : "", f.comm_ms,
                           options.host_times ? csv_number(f.value()) : "");
      }
  return out;
}

PlotSpec overhead_plot(const ExperimentResult& result) {
  const SimulationScenario& s = result.scenario;
  PlotSpec plot{s.id + ": scheduling time (this computer) / communication time (simulated)", "message size (bytes)",
                "fraction", true, true, {}};
  for (std::size_t k = 0; k < s.series.size(); ++k)
    for (std::size_t d = 0; d < s.densities.size(); ++d) {
      PlotSeries line{.title = fmt::format("{}, d = {}", s.series[k].label, s.densities[d])};
      for (std::size_t u = 0; u < s.msg_units.size(); ++u)
        line.points.emplace_back(static_cast<double>(s.msg_units[u]), fraction(result, d, u, k).value());
      plot.series.push_back(std::move(line));
    }
  return plot;
}

}  // namespace mcsim
