#include "permutation_count.hpp"

#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "../../schedulers/scheduler.hpp"
#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../core/plan_validator.hpp"
#include "sample_seeds.hpp"

namespace mcsim {

double closed_form_d1(double d, double lambda) { return d / lambda + std::log2(d) / (lambda * lambda); }

double closed_form_d2(double d, double lambda) {
  return (15.0 / 16.0 * d / lambda + 4.0 / (lambda * lambda)) + (d / 16.0 + std::log2(d / 16.0));
}

namespace {
std::string row_label(int nodes, double lambda) { return fmt::format("n{}-l{}", nodes, lambda); }
}  // namespace

PermutationResult run_permutation_count(const Scenario& scenario, const RunOptions& options) {
  PermutationResult result;
  result.scenario = scenario;
  result.samples = resolved_samples(scenario, options);
  result.seed = resolved_seed(scenario, options);
  const Scenario& s = result.scenario;
  struct Task {
    std::size_t nodes, density;
    int sample;
  };
  std::vector<Task> tasks;
  for (std::size_t n = 0; n < s.nodes.size(); ++n) {
    MachineSpec spec = s.machine;
    spec.nodes = s.nodes[n];
    (void)make_machine(spec);  // the machine only lends tau and phi, but its node count must be valid
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (int sample = 0; sample < result.samples; ++sample) tasks.push_back({n, d, sample});
  }
  const auto outputs = run_isolated(
      tasks.size(),
      [&](std::size_t t) {
        const Task& task = tasks[t];
        const int nodes = s.nodes[task.nodes], density = s.densities[task.density];
        MachineSpec spec = s.machine;
        spec.nodes = nodes;
        const SchedulingHints hints = make_machine(spec)->hints();
        const SampleSeeds seeds{result.seed, nodes, density, task.sample};
        Rng matrix_rng(seeds.matrix());
        WorkloadSpec workload = s.workload;
        workload.density = density;
        const CommMatrix matrix = generate_workload(workload, nodes, matrix_rng).scaled(s.msg_units.front());
        std::string out;
        for (std::size_t l = 0; l < s.lambdas.size(); ++l)
          for (std::size_t k = 0; k < s.series.size(); ++k) {
            const std::string scheduler_spec = with_lambda(s.series[k].scheduler, s.lambdas[l]);
            Rng rng(seeds.schedule(scheduler_spec));
            const Schedule schedule = run_scheduler(find_scheduler(scheduler_spec, s.path), {matrix, hints, rng});
            validate_plan(schedule.plan, matrix, scheduler_spec);
            const auto ops = schedule.operations.find("heap_ops");
            out += fmt::format("{} {} {} {}\n", l, k, schedule.phases(),
                               ops == schedule.operations.end() ? 0 : ops->second);
          }
        return out;
      },
      options.workers, options.progress);

  for (int nodes : s.nodes)
    for (double lambda : s.lambdas)
      for (int density : s.densities)
        for (std::size_t k = 0; k < s.series.size(); ++k) result.cells.push_back({nodes, lambda, density, k, {}, {}});
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    std::istringstream lines(outputs[t]);
    std::size_t l = 0, k = 0;
    double phases = 0, heap_ops = 0;
    while (lines >> l >> k >> phases >> heap_ops) {
      const std::size_t index =
          ((tasks[t].nodes * s.lambdas.size() + l) * s.densities.size() + tasks[t].density) * s.series.size() + k;
      result.cells.at(index).permutations.push_back(phases);
      result.cells.at(index).heap_ops.push_back(heap_ops);
    }
  }
  return result;
}

std::vector<ComparisonRow> permutation_rows(const PermutationResult& result) {
  const Scenario& s = result.scenario;
  std::vector<ComparisonRow> rows;
  auto paper_value = [&](double lambda, const std::string& series, std::size_t d) -> std::optional<double> {
    for (const auto& row : s.paper_permutations)
      if (std::abs(row.lambda - lambda) < 1e-9)
        if (auto it = row.values.find(series); it != row.values.end()) return it->second[d];
    return std::nullopt;
  };
  std::size_t c = 0;
  for (int nodes : s.nodes)
    for (double lambda : s.lambdas)
      for (std::size_t d = 0; d < s.densities.size(); ++d) {
        const auto label = row_label(nodes, lambda);
        const auto x = fmt::format("{}", s.densities[d]);
        const double density = s.densities[d];
        rows.push_back({label, "d1", x, paper_value(lambda, "d1", d), closed_form_d1(density, lambda)});
        rows.push_back({label, "d2", x, paper_value(lambda, "d2", d), closed_form_d2(density, lambda)});
        for (std::size_t k = 0; k < s.series.size(); ++k, ++c) {
          const auto& cell = result.cells[c];
          rows.push_back({label, s.series[k].label, x, paper_value(lambda, s.series[k].label, d),
                          summarize(cell.permutations).mean});
        }
      }
  return rows;
}

std::string permutation_side_by_side(const PermutationResult& result, const std::vector<ComparisonRow>& rows) {
  const Scenario& s = result.scenario;
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  out += fmt::format("workload: {}; {} samples, seed {}; permutations (mean), paper / mcsim / ratio\n",
                     s.workload.name, result.samples, result.seed);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  std::vector<std::string> series = {"d1", "d2"};
  for (const auto& spec : s.series) series.push_back(spec.label);
  out += fmt::format("\n{:<16}{:>6}", "row", "d");
  for (const auto& name : series) out += fmt::format("{:>26}", name);
  out += "\n";
  for (std::size_t i = 0; i < rows.size(); i += series.size()) {
    out += fmt::format("{:<16}{:>6}", rows[i].row, rows[i].x);
    for (std::size_t k = 0; k < series.size(); ++k) {
      const auto& r = rows[i + k];
      const auto ratio = r.ratio();
      out += fmt::format("{:>26}", fmt::format("{} / {:.2f} / {}", r.paper ? fmt::format("{:.2f}", *r.paper) : "-",
                                               r.mcsim.value_or(0), ratio ? fmt::format("{:.3f}", *ratio) : "-"));
    }
    out += "\n";
  }
  out += "\nd1 = d/lambda + log2(d)/lambda^2 (eq. 3); d2 = (15d/(16 lambda) + 4/lambda^2) + (d/16 + log2(d/16)) (eq. 4).\n";
  return out;
}

std::string permutation_points_csv(const PermutationResult& result) {
  const Scenario& s = result.scenario;
  std::string out = "nodes,lambda,d,series,permutations_mean,heap_ops_per_node,d_over_lambda_ln_d\n";
  for (const auto& c : result.cells)
    out += fmt::format("{},{},{},\"{}\",{:.6g},{:.6g},{:.6g}\n", c.nodes, c.lambda, c.density, s.series[c.series].label,
                       summarize(c.permutations).mean, summarize(c.heap_ops).mean / c.nodes,
                       c.density / c.lambda * std::log(static_cast<double>(c.density)));
  return out;
}

}  // namespace mcsim
