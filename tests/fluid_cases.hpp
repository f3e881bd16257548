// Random AC, CGM and LP runs on the CM-5 simulated twice, once with SimGrid's sharing of the links
// and once with mcsim's own (`--cfg mcsim/sharing:simgrid|fluid`), for the agreement test
// (test_fluid_sharing.cpp, small cases) and the agreement benchmark (bench/fluid_agreement.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/engine/executor.hpp"

namespace mcsim::test {

// The largest difference the two sharings may show, relative to the time compared. Both end a
// flow due within SimGrid's surf/precision (1e-9 s by default) of the clock at once, so at the
// default precision the cases agree to about 5e-13 (before the fluid side did so, a timeout's
// rounding ended flows up to 1e-9 s late and CGM on 1,024 nodes drifted 7.6e-6 apart over its
// phases); kExactDates (precision 1e-15) is the same comparison with no event merged at all.
inline constexpr double kFluidTolerance = 1e-9;
inline const std::string kExactDates = "surf/precision:1e-15";

struct FluidCase {
  std::string scheduler;  // AC, CGM or LP
  int nodes = 32;
  int density = 4;
  std::uint64_t seed = 1;  // of the random-density matrix and the scheduler
  std::string label() const;
};

// `count` cases, schedulers in turn, nodes a power of two in [min_nodes, max_nodes], d in
// [min_density, max_density] (at most nodes - 1), from `seed`.
std::vector<FluidCase> fluid_cases(int count, int min_nodes, int max_nodes, int min_density, int max_density,
                                   std::uint64_t seed);

// The case's run (one job) in a child process, under `options`.
Run run_case(const FluidCase& c, const SimulationOptions& options);

struct FluidAgreement {
  std::size_t messages = 0;
  double worst_relative = 0;  // over every message's start and arrival, and the run's time
  double worst_absolute_s = 0;
  double simgrid_s = 0, fluid_s = 0;  // the run's communication time each way
};
// The case run with each sharing, both with the extra SimGrid settings `config`.
FluidAgreement compare_sharing(const FluidCase& c, const std::vector<std::string>& config);
// The same comparison between any two settings (`first` and `second` after `config`; the first
// run's figures are the `simgrid_s` ones).
FluidAgreement compare_runs(const FluidCase& c, const std::vector<std::string>& config,
                            const std::vector<std::string>& first, const std::vector<std::string>& second);

}  // namespace mcsim::test
