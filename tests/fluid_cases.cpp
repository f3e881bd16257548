#include "fluid_cases.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sim/runner/isolated_simulation.hpp"
#include "sim/runner/pipeline.hpp"
#include "sim/core/random.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/workloads/workloads.hpp"

namespace mcsim::test {

std::string FluidCase::label() const {
  return fmt::format("{} on {} CM-5 nodes, d = {}, seed {}", scheduler, nodes, density, seed);
}

std::vector<FluidCase> fluid_cases(int count, int min_nodes, int max_nodes, int min_density, int max_density,
                                   std::uint64_t seed) {
  static const char* const kSchedulers[] = {"AC", "CGM", "LP"};
  Rng rng(seed);
  std::vector<int> sizes;
  for (int n = min_nodes; n <= max_nodes; n *= 2) sizes.push_back(n);
  std::vector<FluidCase> cases;
  for (int k = 0; k < count; ++k) {
    FluidCase c;
    c.scheduler = kSchedulers[k % 3];
    c.nodes = sizes[static_cast<std::size_t>(rng.below(static_cast<int>(sizes.size())))];
    c.density = std::min(c.nodes - 1, min_density + rng.below(max_density - min_density + 1));
    c.seed = rng.next();
    cases.push_back(c);
  }
  return cases;
}

JobRecord run_case_record(const FluidCase& c, const SimulationOptions& options,
                          const std::map<std::string, std::string>& machine_options) {
  Rng matrix_rng(c.seed);
  const CommMatrix matrix = random_density_matrix(c.nodes, c.density, matrix_rng).scaled(1024);
  Rng scheduler_rng(c.seed ^ 0x5eed);
  const Plan plan = run_scheduler(find_scheduler(c.scheduler, "fluid case"), {matrix, {}, scheduler_rng}).plan;
  return simulate_compiled_isolated({"cm5", c.nodes, machine_options}, {{Job{plan, c.seed}, {}}}, options,
                                    /*keep_runs=*/true)
      .front();
}

Run run_case(const FluidCase& c, const SimulationOptions& options,
             const std::map<std::string, std::string>& machine_options) {
  return *run_case_record(c, options, machine_options).run;
}

namespace {
// The worst relative difference of any message's start or arrival, and of the run's time; the
// worst absolute one; infinite if the runs sent different messages.
struct Difference {
  double relative = 0;
  double absolute_s = 0;
};
Difference difference(const Run& a, const Run& b) {
  Difference d;
  if (a.messages.size() != b.messages.size()) return {INFINITY, INFINITY};
  auto compare = [&](double x, double y) {
    const double diff = std::abs(x - y);
    d.absolute_s = std::max(d.absolute_s, diff);
    if (diff > 0) d.relative = std::max(d.relative, diff / std::max(std::abs(x), std::abs(y)));
  };
  for (std::size_t i = 0; i < a.messages.size(); ++i) {
    compare(a.messages[i].start_s, b.messages[i].start_s);
    compare(a.messages[i].end_s, b.messages[i].end_s);
  }
  compare(a.communication_time(), b.communication_time());
  return d;
}
}  // namespace

bool agrees(const FluidAgreement& a) {
  if (a.worst_relative <= kFluidTolerance) return true;
  return a.nudged && a.simgrid_nudged_relative > kFluidTolerance &&
         a.worst_relative <= kIllConditionedFactor * a.simgrid_nudged_relative;
}

FluidAgreement compare_sharing(const FluidCase& c, const std::vector<std::string>& config) {
  SimulationOptions simgrid, fluid;
  simgrid.simgrid_config = fluid.simgrid_config = config;
  simgrid.sharing_request = SharingRequest::simgrid;
  fluid.sharing_request = SharingRequest::fluid;
  const Run a = run_case(c, simgrid);
  const Run b = run_case(c, fluid);
  FluidAgreement agreement;
  agreement.simgrid_s = a.communication_time();
  agreement.fluid_s = b.communication_time();
  agreement.messages = a.messages.size() == b.messages.size() ? a.messages.size() : 0;
  const Difference d = difference(a, b);
  agreement.worst_relative = d.relative;
  agreement.worst_absolute_s = d.absolute_s;
  if (d.relative > kFluidTolerance) {
    // The CM-5's published 10 MB/s per wire (scenarios/machines/cm5.toml), moved by kNudge.
    const Run nudged = run_case(c, simgrid, {{"wire_bandwidth_MBps", fmt::format("{:.17g}", 10 * (1 + kNudge))}});
    agreement.nudged = true;
    agreement.simgrid_nudged_relative = difference(a, nudged).relative;
  }
  return agreement;
}

}  // namespace mcsim::test
