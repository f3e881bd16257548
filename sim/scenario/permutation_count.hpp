// Experiments that count permutations instead of simulating them (kind = "permutations"): the
// CM-5 paper's Tables 1-2 and Figure 4, and the iPSC/860 paper's d + log d bound (sec. 4.2). Every
// series is scheduled for every node count, lambda and density on `samples` random matrices;
// nothing runs on a machine. Plans are validated, and phases that claim to be link-contention-free
// are checked against the machine's routes.
#pragma once

#include <string>
#include <vector>

#include "experiment.hpp"
#include "../output/plot.hpp"
#include "../output/report.hpp"

namespace mcsim {

struct PermutationCell {
  int nodes = 0;
  double lambda = 1;
  int density = 0;
  std::size_t series = 0;
  std::vector<double> permutations;  // per sample
  std::vector<double> heap_ops;      // per sample: heap operations of Create_Permutation step 3.2
};

struct PermutationResult {
  PermutationScenario scenario;
  int samples = 0;
  std::uint64_t seed = 0;
  std::vector<PermutationCell> cells;  // ordered by nodes, lambda, density, series
};

PermutationResult run_permutation_count(const PermutationScenario& scenario, const RunOptions& options);

// The closed forms of the paper (eq. 3 and 4, log base 2 as the tables' values show).
double closed_form_d1(double d, double lambda);
double closed_form_d2(double d, double lambda);

// Computed columns a scenario may show beside its counts ([permutations] closed_forms).
struct ClosedForm {
  std::string name;         // the column head
  std::string description;  // printed under the table
  double (*value)(double d, double lambda);
};
const std::vector<ClosedForm>& closed_form_registry();  // d1, d2, d+log2d
std::vector<std::string> closed_form_names();

// Rows "n32-l0.75" x density; series: the scenario's closed forms, then every scenario series
// once per statistic (mean: the series label; max: "label max").
ResultTable permutation_comparison(const PermutationResult& result);
// That comparison table as the terminal shows it: a line per
// row and density, per series "paper / mcsim / ratio"; the heading from the scenario and the run.
std::string permutation_side_by_side(const PermutationResult& result, const ResultTable& comparison);
// One line per cell: nodes,lambda,d,series,permutations_mean,heap_ops_per_node,d_over_lambda_ln_d.
ResultTable permutation_points_table(const PermutationResult& result);
// Heap operations per node against (d / lambda) ln d, one line per (nodes, lambda, series): the
// CM-5 paper's Figure 4.
PlotSpec heap_ops_plot(const PermutationResult& result);

}  // namespace mcsim
