// Scheduling overhead: the time to compute a schedule against the time to carry it out (Wang and
// Ranka 1994, Figures 10 and 11: "scheduling cost / communication cost" against message size).
// Scheduling time is host time on this computer, so the fractions are far below the paper's,
// which timed a 40 MHz i860; the shape (falling with size, a step at the protocol change) is what
// can be compared.
#pragma once

#include <string>
#include <vector>

#include "../core/experiment_result.hpp"
#include "plot.hpp"
#include "report.hpp"

namespace mcsim {

// experiment,density,bytes,series,schedule_ms,comm_ms,fraction (one row per cell); without host
// times (--deterministic) schedule_ms and fraction (host-dependent) are left empty.
ResultTable overhead_result_table(const ExperimentResult& result, const ReportOptions& options);
// The same table for the report's pages (table_pivot.hpp): one per density, a line per message
// size, per series the simulated communication time and, with host times, the scheduling time and
// the fraction (both host-dependent; without host times their empty columns are left out).
std::vector<ResultTable> overhead_views(const ResultTable& overhead, const ReportOptions& options);
// The overhead table (overhead_result_table) drawn. With host times: the fraction against message
// size, one line per (series, density), marked host-dependent, and beside it the simulated
// communication time. Without them (--deterministic) the simulated communication time alone, so
// that the picture too is the same for a seed.
PlotSpec overhead_plot(const ResultTable& overhead, const ReportOptions& options);

}  // namespace mcsim
