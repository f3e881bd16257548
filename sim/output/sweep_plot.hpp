// The picture of a sweep (mcsim sweep): small multiples, one panel per (node count, density),
// each the communication time against msg_unit with one line per scheduler (the mean over the
// samples) and its spread over the samples (a bar from the fastest to the slowest sample); drawn
// from the sweep's ResultTable (sweep_result_table's columns), the table its CSV renders.
#pragma once

#include "../core/result_table.hpp"
#include "plot.hpp"

namespace mcsim {

PlotSpec sweep_plot(const ResultTable& sweep);

}  // namespace mcsim
