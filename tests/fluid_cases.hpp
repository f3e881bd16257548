// Random AC, CGM and LP runs on the CM-5 simulated twice, once with SimGrid's sharing of the links
// and once with mcsim's own (`--sharing simgrid|fluid`), for the agreement test
// (test_fluid_sharing.cpp, small cases) and the agreement benchmark (bench/fluid_agreement.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sim/engine/executor.hpp"
#include "sim/runner/job_record.hpp"

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

// The case's run (one job) in a child process, under `options`, on the CM-5 with `machine_options`.
// The case's run with its record (the run's sharing decision in it).
JobRecord run_case_record(const FluidCase& c, const SimulationOptions& options,
                          const std::map<std::string, std::string>& machine_options = {});
Run run_case(const FluidCase& c, const SimulationOptions& options,
             const std::map<std::string, std::string>& machine_options = {});

struct FluidAgreement {
  std::size_t messages = 0;
  double worst_relative = 0;  // over every message's start and arrival, and the run's time
  double worst_absolute_s = 0;
  double simgrid_s = 0, fluid_s = 0;  // the run's communication time each way
  // How far SimGrid's own sharing moves when every wire's bandwidth moves by kNudge (relative), by
  // the same measure; measured only when the two sharings differ by more than kFluidTolerance
  // (`nudged` says whether it was). A run whose own result moves by more than kFluidTolerance
  // under a change of a few units in the last place is ill-conditioned: ties between messages
  // (which send a node starts next, which arrival a receive takes) are decided by rounding, and
  // two exact sharings that round differently agree there only as well as SimGrid agrees with
  // itself.
  bool nudged = false;
  double simgrid_nudged_relative = 0;
};
// The relative change of the CM-5's wire bandwidth behind `simgrid_nudged_relative`.
inline constexpr double kNudge = 1e-13;
// In an ill-conditioned run the fluid sharing may differ from SimGrid's by at most this many times
// SimGrid's own movement under the nudge.
inline constexpr double kIllConditionedFactor = 10;
// Whether `a` holds: within kFluidTolerance, or, in an ill-conditioned run, within
// kIllConditionedFactor times SimGrid's own movement.
bool agrees(const FluidAgreement& a);
// The case run with each sharing, both with the extra SimGrid settings `config`.
FluidAgreement compare_sharing(const FluidCase& c, const std::vector<std::string>& config);

}  // namespace mcsim::test
