#include "scenario_spec.hpp"

#include <fmt/format.h>

namespace mcsim {

std::string_view to_string(PlotKind plot) {
  switch (plot) {
    case PlotKind::none: return "";
    case PlotKind::comm: return "comm";
    case PlotKind::heap_ops: return "heap-ops";
    case PlotKind::regions: return "regions";
    case PlotKind::overhead: return "overhead";
    case PlotKind::slowdown: return "slowdown";
    case PlotKind::machines: return "machines";
  }
  return "";
}

std::string_view to_string(SimulationScenario::Report report) {
  switch (report) {
    case SimulationScenario::Report::comparison: return "comparison";
    case SimulationScenario::Report::sweep: return "sweep";
    case SimulationScenario::Report::regions: return "regions";
    case SimulationScenario::Report::overhead: return "overhead";
    case SimulationScenario::Report::machines: return "machines";
  }
  return "";
}

Strategy SeriesSpec::effective_strategy() const {
  if (strategy) return *strategy;
  return candidates.empty() ? Strategy::loosely_synchronous : candidates.front().entry->default_strategy;
}

bool RegionRule::contains(int density, std::uint64_t bytes) const {
  if (min_density && density < *min_density) return false;
  if (max_density && density > *max_density) return false;
  if (min_bytes && bytes < *min_bytes) return false;
  if (max_bytes && bytes > *max_bytes) return false;
  if (max_bytes_times_density && static_cast<double>(bytes) * density > *max_bytes_times_density) return false;
  return true;
}

std::vector<MachineSpec> machines_of(const SweepScenario& scenario) {
  if (scenario.machines.empty()) return {scenario.machine};
  std::vector<MachineSpec> specs;
  for (const auto& name : scenario.machines) {
    MachineSpec spec = scenario.machine;
    spec.name = name;
    specs.push_back(std::move(spec));
  }
  return specs;
}

std::string with_lambda(const std::string& spec, double lambda) {
  const auto at = spec.find("{lambda}");
  if (at == std::string::npos) return spec;
  return spec.substr(0, at) + fmt::format("{}", lambda) + spec.substr(at + 8);
}

}  // namespace mcsim
