#include "permutation_count.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../runner/pipeline.hpp"
#include "../output/report.hpp"
#include "../runner/task_runner.hpp"
#include "../runner/sample_seeds.hpp"

namespace mcsim {

double closed_form_d1(double d, double lambda) { return d / lambda + std::log2(d) / (lambda * lambda); }

double closed_form_d2(double d, double lambda) {
  return (15.0 / 16.0 * d / lambda + 4.0 / (lambda * lambda)) + (d / 16.0 + std::log2(d / 16.0));
}

const std::vector<ClosedForm>& closed_form_registry() {
  static const std::vector<ClosedForm> registry = {
      {"d1", "d1 = d/lambda + log2(d)/lambda^2 (Ranka, Wang, Kumar 1992, eq. 3)", &closed_form_d1},
      {"d2", "d2 = (15d/(16 lambda) + 4/lambda^2) + (d/16 + log2(d/16)) (Ranka, Wang, Kumar 1992, eq. 4)",
       &closed_form_d2},
      {"d+log2d", "d+log2d = d + log2(d), the bound on RS_N's iterations (Wang and Ranka 1994, sec. 4.2)",
       [](double d, double) { return d + std::log2(d); }},
  };
  return registry;
}

std::vector<std::string> closed_form_names() {
  std::vector<std::string> names;
  for (const auto& form : closed_form_registry()) names.push_back(form.name);
  return names;
}

namespace {
const ClosedForm& closed_form(const std::string& name) {
  for (const auto& form : closed_form_registry())
    if (form.name == name) return form;
  throw Error("permutations", fmt::format("unknown closed form '{}' (known: {})", name, fmt::join(closed_form_names(), ", ")));
}

// The series head of a statistic: the label itself for the mean (as the CM-5 tables print it).
std::string statistic_label(const std::string& label, const std::string& statistic) {
  return statistic == "mean" ? label : label + " " + statistic;
}

double statistic(const std::vector<double>& values, const std::string& name) {
  const Summary summary = summarize(values);
  return name == "max" ? summary.max : summary.mean;
}

std::string row_label(int nodes, double lambda) { return fmt::format("n{}-l{}", nodes, lambda); }
}  // namespace

PermutationResult run_permutation_count(const PermutationScenario& scenario, const RunOptions& options) {
  PermutationResult result;
  result.scenario = scenario;
  const SampleRun run = resolved_samples(scenario, options);
  result.samples = run.samples;
  result.seed = run.seed;
  const PermutationScenario& s = result.scenario;
  struct Task {  // a node count and density (indices), and the sample
    std::size_t nodes, density;
    int sample;
  };
  TaskList<Task> list;
  for (std::size_t n = 0; n < s.nodes.size(); ++n) {
    MachineSpec spec = s.machine;
    spec.nodes = s.nodes[n];
    (void)make_machine(spec);  // the machine only lends its hints, but its node count must be valid
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (int sample = 0; sample < result.samples; ++sample) list.keys.push_back({n, d, sample});
  }
  std::size_t jobs_per_task = 0;
  for (const auto& choices : s.lambda_choices) jobs_per_task += choices.size();
  // Each task compiles every (lambda, series) job of its sample (schedules and validates them,
  // link-contention-free phases against the machine's routes) and simulates none.
  list.run = [&](const Task& task) {
    const int nodes = s.nodes[task.nodes], density = s.densities[task.density];
    MachineSpec spec = s.machine;
    spec.nodes = nodes;
    const SchedulingHints hints = make_machine(spec)->hints();
    const SampleSeeds seeds{result.seed, nodes, density, task.sample};
    WorkloadSpec workload = s.workload;
    workload.density = density;
    const CommMatrix matrix = workload_matrix(workload, nodes, seeds.matrix()).scaled(s.msg_units.front());
    std::vector<JobRecord> out;
    for (const auto& choices : s.lambda_choices)
      for (const auto& scheduler : choices)
        // Nothing is simulated, so no route seed is drawn.
        out.push_back(compile_job(matrix, scheduler, std::nullopt, hints, {seeds.schedule(scheduler.spec), 0}).record);
    return out;
  };
  list.check = [&](const Task&, const std::vector<JobRecord>& got) { return record_count_problem(got, jobs_per_task); };
  const auto outcomes = run_task_list(list, options);

  // Cells by (node count, lambda, density, series), one value per sample in sample order.
  std::map<std::tuple<std::size_t, std::size_t, std::size_t, std::size_t>, PermutationCell> cells;
  for (const auto& [task, records] : outcomes)
    for (std::size_t l = 0; l < s.lambdas.size(); ++l)
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        const JobRecord& record = records.at(l * s.series.size() + k);
        const auto ops = record.operations.find("heap_ops");
        PermutationCell& cell = cells[{task.nodes, l, task.density, k}];
        cell.nodes = s.nodes[task.nodes];
        cell.lambda = s.lambdas[l];
        cell.density = s.densities[task.density];
        cell.series = k;
        cell.permutations.push_back(static_cast<double>(record.phases));
        cell.heap_ops.push_back(ops == record.operations.end() ? 0.0 : static_cast<double>(ops->second));
      }
  for (auto& [key, cell] : cells) result.cells.push_back(std::move(cell));  // ordered by nodes, lambda, density, series
  return result;
}

ResultTable permutation_comparison(const PermutationResult& result) {
  const PermutationScenario& s = result.scenario;
  ComparisonTable rows(s.id);
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
        for (const auto& name : s.closed_forms)
          rows.add(label, name, x, paper_value(lambda, name, d), closed_form(name).value(density, lambda));
        for (std::size_t k = 0; k < s.series.size(); ++k, ++c) {
          const auto& cell = result.cells[c];
          for (const auto& stat : s.statistics) {
            const auto head = statistic_label(s.series[k].label, stat);
            rows.add(label, head, x, paper_value(lambda, head, d), statistic(cell.permutations, stat));
          }
        }
      }
  return std::move(rows).take();
}

std::string permutation_side_by_side(const PermutationResult& result, const ResultTable& comparison) {
  const PermutationScenario& s = result.scenario;
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  out += fmt::format("workload: {}; {} samples, seed {}; permutations ({}), paper / mcsim / ratio\n",
                     s.workload.name, result.samples, result.seed, fmt::join(s.statistics, ", "));
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  const auto column = [&](const char* name) { return comparison.required_column(name, "permutation_side_by_side"); };
  const std::size_t row_c = column("row"), series_c = column("series"), x_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim"), ratio_c = column("ratio");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(comparison.at(r, c)); };
  // The series across and the (row, d) lines down, in the order the table first has them.
  std::vector<std::string> series;
  std::vector<std::size_t> lines;  // the first table row of each line
  for (std::size_t r = 0; r < comparison.rows.size(); ++r) {
    if (std::find(series.begin(), series.end(), text_at(r, series_c)) == series.end()) series.push_back(text_at(r, series_c));
    if (std::none_of(lines.begin(), lines.end(), [&](std::size_t first) {
          return text_at(first, row_c) == text_at(r, row_c) && text_at(first, x_c) == text_at(r, x_c);
        }))
      lines.push_back(r);
  }
  out += fmt::format("\n{:<16}{:>6}", "row", "d");
  for (const auto& name : series) out += fmt::format("{:>26}", name);
  out += "\n";
  const auto shown = [&](std::optional<double> value, const char* format) {
    return value ? fmt::format(fmt::runtime(format), *value) : std::string("-");
  };
  for (const std::size_t first : lines) {
    out += fmt::format("{:<16}{:>6}", text_at(first, row_c), text_at(first, x_c));
    for (const auto& name : series) {
      std::string cell = "-";
      for (std::size_t r = first; r < comparison.rows.size(); ++r)
        if (text_at(r, row_c) == text_at(first, row_c) && text_at(r, x_c) == text_at(first, x_c) &&
            text_at(r, series_c) == name) {
          cell = fmt::format("{} / {} / {}", shown(cell_number(comparison.at(r, paper_c)), "{:.2f}"),
                             shown(cell_number(comparison.at(r, mcsim_c)), "{:.2f}"),
                             shown(cell_number(comparison.at(r, ratio_c)), "{:.3f}"));
          break;
        }
      out += fmt::format("{:>26}", cell);
    }
    out += "\n";
  }
  if (!s.closed_forms.empty()) out += "\n";
  for (const auto& name : s.closed_forms) out += closed_form(name).description + ".\n";
  return out;
}

ResultTable permutation_points_table(const PermutationResult& result) {
  const PermutationScenario& s = result.scenario;
  ResultTable table{"",
                    {{.name = "nodes"}, {.name = "lambda"}, {.name = "d"}, {.name = "series", .key = true},
                     {.name = "permutations_mean"}, {.name = "heap_ops_per_node"}, {.name = "d_over_lambda_ln_d"}},
                    {}};
  for (const auto& c : result.cells)
    table.rows.push_back({integer_cell(c.nodes), number_cell(c.lambda), integer_cell(c.density),
                          text_cell(s.series[c.series].label), number_cell(summarize(c.permutations).mean),
                          number_cell(summarize(c.heap_ops).mean / c.nodes),
                          number_cell(c.density / c.lambda * std::log(static_cast<double>(c.density)))});
  return table;
}

PlotSpec heap_ops_plot(const PermutationResult& result) {
  PlotSpec plot{result.scenario.id + ": heap operations of Create_Permutation step 3.2", "(d / lambda) ln d",
                "heap operations / n", false, false, {}};
  for (const auto& cell : result.cells) {
    const std::string title = fmt::format("n = {}, lambda = {}, {}", cell.nodes, cell.lambda,
                                          result.scenario.series[cell.series].label);
    if (plot.series.empty() || plot.series.back().title != title) plot.series.push_back({.title = title});
    plot.series.back().points.emplace_back(cell.density / cell.lambda * std::log(static_cast<double>(cell.density)),
                                           summarize(cell.heap_ops).mean / cell.nodes);
  }
  // Cells come density-major inside each (nodes, lambda): regroup by title.
  std::vector<PlotSeries> merged;
  for (auto& series : plot.series) {
    auto it = std::find_if(merged.begin(), merged.end(), [&](const PlotSeries& m) { return m.title == series.title; });
    if (it == merged.end())
      merged.push_back(std::move(series));
    else
      it->points.insert(it->points.end(), series.points.begin(), series.points.end());
  }
  plot.series = std::move(merged);
  return plot;
}

}  // namespace mcsim
