#include "overhead.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"

#include "report.hpp"
#include "table_pivot.hpp"

namespace mcsim {

namespace {
struct Fraction {
  double schedule_ms, comm_ms;
  double value() const { return comm_ms > 0 ? schedule_ms / comm_ms : 0; }
};

Fraction fraction_of(const ExperimentResult& result, std::size_t d, std::size_t u, std::size_t k) {
  const CellResult& cell = result.cell(0, d, u, k);
  return {summarize(cell.host_s).mean * 1e3, summarize(cell.comm_s).mean * 1e3};
}
}  // namespace

ResultTable overhead_result_table(const ExperimentResult& result, const ReportOptions& options) {
  const SimulationScenario& s = result.scenario;
  ResultTable table{"",
                    {{.name = "experiment", .key = true}, {.name = "density"}, {.name = "bytes", .unit = "B"},
                     {.name = "series", .key = true}, {.name = "schedule_ms", .unit = "ms", .host_dependent = true},
                     {.name = "comm_ms", .unit = "ms"}, {.name = "fraction", .host_dependent = true}},
                    {},
                    options.host_times ? "scheduling time over communication time"
                                       : "scheduling time over communication time (--deterministic: the "
                                         "host-dependent scheduling time and fraction are left out)"};
  for (std::size_t d = 0; d < s.densities.size(); ++d)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u)
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        const Fraction f = fraction_of(result, d, u, k);
        // Without host times the schedule_ms and fraction columns stay empty (the simulated
        // communication time is still reported, byte-identical for a seed).
        table.rows.push_back({text_cell(s.id), integer_cell(s.densities[d]),
                              integer_cell(static_cast<std::int64_t>(s.msg_units[u])), text_cell(s.series[k].label),
                              options.host_times ? number_cell(f.schedule_ms) : ResultCell{}, number_cell(f.comm_ms),
                              options.host_times ? number_cell(f.value()) : ResultCell{}});
      }
  return table;
}

std::vector<ResultTable> overhead_views(const ResultTable& overhead, const ReportOptions& options) {
  PivotSpec spec{.split = {"density"}, .rows = {"bytes"}, .across = "series", .values = {"comm_ms"}};
  if (options.host_times) spec.values.insert(spec.values.end(), {"schedule_ms", "fraction"});
  return pivot_tables(overhead, spec);
}

PlotSpec overhead_plot(const ResultTable& overhead, const ReportOptions& options) {
  const auto column = [&](const char* name) { return overhead.required_column(name, "overhead_plot"); };
  const std::size_t id_c = column("experiment"), density_c = column("density"), bytes_c = column("bytes"),
                    series_c = column("series"), comm_c = column("comm_ms"), fraction_c = column("fraction");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(overhead.at(r, c)); };
  std::vector<std::string> series, densities;  // in the order the table first has them
  for (std::size_t r = 0; r < overhead.rows.size(); ++r) {
    if (std::find(series.begin(), series.end(), text_at(r, series_c)) == series.end()) series.push_back(text_at(r, series_c));
    if (std::find(densities.begin(), densities.end(), text_at(r, density_c)) == densities.end())
      densities.push_back(text_at(r, density_c));
  }
  const std::string id = overhead.rows.empty() ? "" : text_at(0, id_c);
  // The simulated communication time, the fraction's denominator: the same bytes for a seed.
  PlotSpec comm{id + ": communication time (simulated)", "message size (bytes)", "communication time (ms)", true,
                true, {}};
  PlotSpec fraction{id + ": scheduling time (host-dependent: measured on this computer) / communication time "
                         "(simulated)",
                    "message size (bytes)", "fraction", true, true, {}};
  for (std::size_t k = 0; k < series.size(); ++k)
    for (std::size_t d = 0; d < densities.size(); ++d) {
      const std::size_t look = k * densities.size() + d;
      PlotSeries time{.title = fmt::format("{}, d = {}", series[k], densities[d])};
      time.style = "linespoints " + series_look(look) + " ps 1.1";
      PlotSeries line = time;
      for (std::size_t r = 0; r < overhead.rows.size(); ++r) {
        if (text_at(r, series_c) != series[k] || text_at(r, density_c) != densities[d]) continue;
        const double bytes = cell_number(overhead.at(r, bytes_c)).value_or(0);
        time.points.emplace_back(bytes, cell_number(overhead.at(r, comm_c)).value_or(0));
        line.points.emplace_back(bytes, cell_number(overhead.at(r, fraction_c)).value_or(0));
      }
      comm.series.push_back(std::move(time));
      fraction.series.push_back(std::move(line));
    }
  if (!options.host_times) {
    // --deterministic: no host time, so no fraction; the picture is the simulated part alone.
    comm.title = id + ": communication time (simulated; --deterministic leaves out the host-dependent scheduling "
                      "time and its fraction)";
    return comm;
  }
  fraction.beside.push_back(std::move(comm));
  return fraction;
}

}  // namespace mcsim
