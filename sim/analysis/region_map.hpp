// A region map: for every (density, message size) cell of a sweep, which series is fastest on
// average, set beside the region a paper's figure gives (Wang and Ranka 1994, Figure 5), as the
// one ResultTable the CSV, the grid text, the plot, the report's page and the agreement read.
#pragma once

#include "../core/experiment_result.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

// experiment,density,bytes,fastest,paper,agree and a LABEL_ms column per series (mean communication
// time): a row per cell, by density then size. `fastest` is the series of least mean time (the
// first on ties, of the unrounded means); `paper` the series the paper's regions name ("" where
// none does), `agree` "yes"/"no" where the paper names one. Needs one node count: throws
// mcsim::Error otherwise.
ResultTable region_result_table(const ExperimentResult& result);

}  // namespace mcsim
