#include "mapping_simulation.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../mapping/binomial_tree.hpp"
#include "../mapping/mapped_plan.hpp"
#include "../mapping/mappings.hpp"
#include "../runner/pipeline.hpp"
#include "../runner/task_runner.hpp"

namespace mcsim {

namespace {

constexpr double bytes_per_volume_unit = 1e6;  // the dimensionless mesh moves 1e6 B per time unit

struct CostOfVolumes {
  double startup_s = 0;
  double unit_bytes = bytes_per_volume_unit;
};

CostOfVolumes cost_of(const std::string& volumes) {
  if (volumes == "large") return {0, bytes_per_volume_unit};
  if (volumes == "small") return {1, 1};
  if (volumes.starts_with("c=")) return {std::stod(volumes.substr(2)), bytes_per_volume_unit};
  throw Error("mapping simulation", fmt::format("no cost model for volumes '{}'", volumes));
}

// The perfect mapping (equation 1): per phase, one message of the phase's largest volume over one
// link of an idle mesh (nodes 0 and 1 are neighbours on every mesh of B(n), n >= 1).
Plan perfect_plan(const PhasedTaskGraph& graph, int mesh_nodes, double unit_bytes) {
  Plan plan;
  plan.nodes = mesh_nodes;
  plan.strategy = Strategy::phase_synchronous;
  for (const auto& edges : graph.phases) {
    double volume = 0;
    for (const auto& e : edges) volume = std::max(volume, e.volume);
    Phase phase;
    phase.messages.push_back(PlannedMessage{0, 1, static_cast<std::uint64_t>(std::llround(volume * unit_bytes)), false});
    plan.phases.push_back(std::move(phase));
  }
  return plan;
}

struct Cell {  // one task: every row of one (n, switching, volumes)
  int n = 0;
  std::string switching;
  std::string volumes;
  std::vector<std::size_t> rows;  // indices of the (non-ratio) rows it fills
};

}  // namespace

void simulate_slowdowns(const MappingScenario& scenario, std::vector<SlowdownRow>& rows, const RunOptions& options) {
  const auto& spec = scenario.mapping;
  std::vector<Cell> cells;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (r.n > spec.simulate_up_to || r.mapping.find('/') != std::string::npos) continue;
    auto it = std::find_if(cells.begin(), cells.end(), [&](const Cell& c) {
      return c.n == r.n && c.switching == r.switching && c.volumes == r.volumes;
    });
    if (it == cells.end()) it = cells.insert(cells.end(), Cell{r.n, r.switching, r.volumes, {}});
    it->rows.push_back(i);
  }
  const auto alpha_of = [&](const std::string& label) {
    if (label.empty()) return 1.0;  // small volumes: uniform weights
    const auto at = std::find(spec.alpha_labels.begin(), spec.alpha_labels.end(), label);
    return spec.alphas.at(static_cast<std::size_t>(at - spec.alpha_labels.begin()));
  };

  // Per cell: each row's mapped plan, then each alpha's perfect plan once (in order of first use).
  const auto perfect_alphas_of = [&](const Cell& cell) {
    std::vector<std::string> alphas;
    for (const std::size_t i : cell.rows)
      if (std::find(alphas.begin(), alphas.end(), rows[i].alpha) == alphas.end()) alphas.push_back(rows[i].alpha);
    return alphas;
  };
  TaskList<const Cell*> list;
  for (const Cell& cell : cells) list.keys.push_back(&cell);
  list.run = [&](const Cell* cell) {
    const CostOfVolumes cost = cost_of(cell->volumes);
    const auto mesh = [&](const MeshShape& shape) {
      return make_machine(MachineSpec{"mesh", shape.nodes(),
                                      {{"rows", std::to_string(shape.rows)},
                                       {"cols", std::to_string(shape.cols)},
                                       {"switching", cell->switching},
                                       {"parameters", "dimensionless"},
                                       {"startup", fmt::format("{}", cost.startup_s)}}});
    };
    const MeshShape shape = binomial_mesh(cell->n);
    std::vector<CompiledJob> jobs;
    for (const std::size_t i : cell->rows) {
      const auto& r = rows[i];
      const auto graph = binomial_tree(cell->n, alpha_of(r.alpha));
      jobs.push_back(
          {Job{mapped_plan(graph, find_mapping(r.mapping, "mapping").map_binomial_tree(cell->n), cost.unit_bytes)}, {}});
    }
    auto records = simulate_compiled(*mesh(shape), std::move(jobs), options.simulation);
    // The perfect plan moves one message a phase between neighbours 0 and 1 of an idle mesh: on the
    // two-node mesh of B(1) it takes the same time as on B(n)'s, without 2^n - 2 idle nodes that
    // would each pass n barriers (a third of the simulated events at B(14)).
    std::vector<CompiledJob> perfect;
    for (const auto& alpha : perfect_alphas_of(*cell))
      perfect.push_back({Job{perfect_plan(binomial_tree(cell->n, alpha_of(alpha)), 2, cost.unit_bytes)}, {}});
    for (auto& record : simulate_compiled(*mesh(binomial_mesh(1)), std::move(perfect), options.simulation))
      records.push_back(std::move(record));
    return records;
  };
  list.check = [&](const Cell* cell, const std::vector<JobRecord>& got) {
    return record_count_problem(got, cell->rows.size() + perfect_alphas_of(*cell).size());
  };
  for (const auto& [cell, times] : run_task_list(list, options)) {
    const auto perfect_alphas = perfect_alphas_of(*cell);
    for (std::size_t j = 0; j < cell->rows.size(); ++j) {
      auto& row = rows[cell->rows[j]];
      const auto perfect = std::find(perfect_alphas.begin(), perfect_alphas.end(), row.alpha) - perfect_alphas.begin();
      row.simulated = times.at(j).comm_s / times.at(cell->rows.size() + static_cast<std::size_t>(perfect)).comm_s;
    }
  }
  // Theorem 2's ratio rows: reflecting over growing, simulated as measured.
  for (auto& ratio : rows) {
    if (ratio.mapping != "reflecting/growing") continue;
    const auto find = [&](const std::string& mapping) -> const SlowdownRow* {
      for (const auto& r : rows)
        if (r.mapping == mapping && r.switching == ratio.switching && r.volumes == ratio.volumes &&
            r.alpha == ratio.alpha && r.n == ratio.n)
          return &r;
      return nullptr;
    };
    const auto* reflecting = find("reflecting");
    const auto* growing = find("growing");
    if (reflecting && growing && reflecting->simulated && growing->simulated)
      ratio.simulated = *reflecting->simulated / *growing->simulated;
  }
}

}  // namespace mcsim
