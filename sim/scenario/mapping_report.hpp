// Reports of kind = "mapping-metrics" scenarios (Lo, Rajopadhye, Telle & Zhong 1992): metrics
// computed from the mappings themselves (sim/mapping/metrics.hpp) set beside the paper's closed
// forms (sim/mapping/closed_forms.hpp). The simulated slowdowns are filled in by
// mapping_simulation.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../analysis/comparison.hpp"
#include "../core/result_table.hpp"
#include "../output/plot.hpp"
#include "scenario.hpp"

namespace mcsim {

// report = "lemmas": one row per (metric, mapping, B(n), phase or alpha, closed form).
struct LemmaRow {
  std::string row;          // dilation, conflict (per phase, uniform); T_sf, T_perfect (totals, b = 1)
  std::string series;       // mapping
  int n = 0;                // B(n); the paper's k of Lemmas 4-5 is n / 2
  std::optional<int> phase;
  std::string alpha;        // label as in the scenario, "" for uniform metrics
  std::optional<double> paper;
  double mcsim = 0;
  std::string closed_form;  // which printed formula `paper` is
  std::optional<bool> agree() const;  // relative difference below 1e-9; nullopt without a paper value
};

std::vector<LemmaRow> lemma_rows(const MappingScenario& scenario);
// experiment,row,series,x,paper,mcsim,ratio (x = n) and then phase,alpha,closed_form,agree.
ResultTable lemma_result_table(const std::string& experiment, const std::vector<LemmaRow>& rows);
// The rows as a paper-vs-mcsim table (sim/analysis/comparison.hpp) for the report's pages: row "<metric> (<closed form>[, alpha A])",
// series the mapping, x "n=N[ i=P]".
ResultTable lemma_comparison(const std::string& experiment, const std::vector<LemmaRow>& rows);
// The lemma table (lemma_result_table) as the terminal shows it: per-phase and total tables, then
// every closed form with the smallest n where it disagrees (by the table's agree column).
std::string lemma_side_by_side(const MappingScenario& scenario, const ResultTable& table);

// report = "slowdown": S of equations 2, 4 (volumes "large"), 6, 7 ("small") and c = startup_c with
// b = 1 ("c=..."), per mapping, switching, alpha and B(n). Small volumes do not depend on alpha
// (alpha ""). Rows with mapping "reflecting/growing" are the ratio of the two slowdowns.
struct SlowdownRow {
  std::string mapping;
  std::string switching;  // store-and-forward, wormhole
  std::string volumes;    // large, small, c=0.5, ...
  std::string alpha;
  int n = 0;
  std::optional<double> paper;
  std::string paper_source;
  double metric = 0;
  std::optional<double> simulated;  // the same cell on the simulated mesh (mapping_simulation.hpp)
};

std::vector<SlowdownRow> slowdown_rows(const MappingScenario& scenario);
// experiment,mapping,switching,volumes,alpha,n,paper,paper_source,metric,simulated (empty where
// the cell was not simulated).
ResultTable slowdown_result_table(const std::string& experiment, const std::vector<SlowdownRow>& rows);
// The rows of a slowdown table, read back (its numbers at the table's 6 digits).
std::vector<SlowdownRow> slowdown_rows_of(const ResultTable& table);
// The same typed, for the report's pages: per cell (mapping, switching, volumes, alpha) and n the
// metric's and the simulation's slowdown, each beside the paper's closed form where it gives one.
ResultTable slowdown_comparison(const std::string& experiment, const std::vector<SlowdownRow>& rows);
// The slowdown table (slowdown_result_table) as the terminal shows it: per cell a line of n, the
// metric's slowdown, the simulated one and the paper's.
std::string slowdown_side_by_side(const MappingScenario& scenario, const ResultTable& table);
// Slowdown against n, one line per (mapping, switching, alpha) of large volumes (small volumes
// repeat the alpha = 1 lines: uniform weights), simulated ones dashed; the paper's closed forms as
// points.
PlotSpec slowdown_plot(const MappingScenario& scenario, const std::vector<SlowdownRow>& rows);

}  // namespace mcsim
