// Running and reporting a scenario of kind "bounded-traffic" (Ranka, Shankar, Alsabti 1995,
// Figures 9-10 and the all-to-all comparison): every (traffic t, sample) is one task in its own
// process; in it the sample's matrix is generated at that t (the same shifts and labels at every t
// of a sample: the seed does not depend on t), and every series is compiled and simulated on it.
// The report gives, per t and series, the mean, standard deviation, minimum and maximum of the
// communication time over the samples (the paper's trials), the matrix parameters r, c, t, f, g, h
// of section 2, and the verdict of the paper's claims that the scenario's series can judge.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../core/traffic_parameters.hpp"
#include "experiment.hpp"
#include "../output/plot.hpp"
#include "../output/report.hpp"
#include "scenario.hpp"

namespace mcsim {

struct BoundedTrafficPoint {
  std::uint64_t traffic = 0;                 // t asked of the generator (elements per node)
  std::vector<TrafficParameters> matrices;   // per sample, in elements
  std::vector<std::vector<double>> comm_s;   // [series][sample]
};

struct BoundedTrafficResult {
  BoundedTrafficScenario scenario;
  std::string machine_name;  // the machine's own name (a machine file's `name`, not its path)
  int samples = 0;
  std::uint64_t seed = 0;
  std::vector<BoundedTrafficPoint> points;  // in the order of scenario.traffic
};

// Throws mcsim::Error for anything the scenario asks that cannot be done (checked before any
// simulation where it can be).
BoundedTrafficResult run_bounded_traffic(const BoundedTrafficScenario& scenario, const RunOptions& options);

// The table printed for the reader, with the claim verdicts.
std::string bounded_traffic_text(const BoundedTrafficResult& result);
// Rows comm_mean, comm_sd, comm_min, comm_max (ms) per series and t (x), as a comparison table (sim/analysis/comparison.hpp).
ResultTable bounded_traffic_comparison(const BoundedTrafficResult& result);
// Mean communication time against t, one line per series, with min-max bars.
PlotSpec bounded_traffic_plot(const BoundedTrafficResult& result);

}  // namespace mcsim
