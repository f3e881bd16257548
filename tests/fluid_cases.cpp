#include "fluid_cases.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sim/runner/isolated_simulation.hpp"
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

Run run_case(const FluidCase& c, const SimulationOptions& options) {
  Rng matrix_rng(c.seed);
  const CommMatrix matrix = random_density_matrix(c.nodes, c.density, matrix_rng).scaled(1024);
  Rng scheduler_rng(c.seed ^ 0x5eed);
  const Plan plan = run_scheduler(find_scheduler(c.scheduler, "fluid case"), {matrix, {}, scheduler_rng}).plan;
  return simulate_isolated({"cm5", c.nodes, {}}, {Job{plan, c.seed}}, options).front();
}

FluidAgreement compare_sharing(const FluidCase& c, const std::vector<std::string>& config) {
  return compare_runs(c, config, {"mcsim/sharing:simgrid"}, {"mcsim/sharing:fluid"});
}

FluidAgreement compare_runs(const FluidCase& c, const std::vector<std::string>& config,
                            const std::vector<std::string>& first, const std::vector<std::string>& second) {
  SimulationOptions one, two;
  one.simgrid_config = two.simgrid_config = config;
  one.simgrid_config.insert(one.simgrid_config.end(), first.begin(), first.end());
  two.simgrid_config.insert(two.simgrid_config.end(), second.begin(), second.end());
  const Run a = run_case(c, one);
  const Run b = run_case(c, two);
  FluidAgreement agreement;
  agreement.simgrid_s = a.communication_time();
  agreement.fluid_s = b.communication_time();
  auto compare = [&](double x, double y) {
    const double diff = std::abs(x - y);
    agreement.worst_absolute_s = std::max(agreement.worst_absolute_s, diff);
    if (diff > 0) agreement.worst_relative = std::max(agreement.worst_relative, diff / std::max(std::abs(x), std::abs(y)));
  };
  if (a.messages.size() != b.messages.size()) {
    agreement.worst_relative = INFINITY;
    return agreement;
  }
  agreement.messages = a.messages.size();
  for (std::size_t i = 0; i < a.messages.size(); ++i) {
    compare(a.messages[i].start_s, b.messages[i].start_s);
    compare(a.messages[i].end_s, b.messages[i].end_s);
  }
  compare(agreement.simgrid_s, agreement.fluid_s);
  return agreement;
}

}  // namespace mcsim::test
