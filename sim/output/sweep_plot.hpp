// The picture of a sweep (mcsim sweep): small multiples, one panel per (node count, density),
// each the communication time against msg_unit with one line per scheduler (the mean over the
// samples) and its spread over the samples (a bar from the fastest to the slowest sample).
#pragma once

#include "../core/experiment_result.hpp"
#include "plot.hpp"

namespace mcsim {

PlotSpec sweep_plot(const ExperimentResult& result);

}  // namespace mcsim
