// What a scenario is made of, as typed values: the machine, the workload, the schedulers to compare,
// the sweep axes, the sample count and seed, and the paper's own numbers. Read from a TOML file by
// sim/scenario/scenario.hpp; plain values here, so that the analysis and the output below the
// scenario reader can take them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "machine_spec.hpp"
#include "plan.hpp"
#include "scheduler.hpp"
#include "workload_spec.hpp"

namespace mcsim {

struct SeriesSpec {
  std::string label;                // the paper's column head (LP, CGM, ...)
  std::string scheduler;            // scheduler spec as written, e.g. "CGMH:lambda=7/8" ({lambda}: Scenario::lambdas)
  // The schedulers it runs, parsed once: one, or (best_of) several of which each sample and
  // msg_unit takes the fastest (the paper's CGMH+fixed). Specs with {lambda} are parsed per lambda
  // (Scenario::lambda_choices) and leave this empty.
  std::vector<SchedulerChoice> candidates;
  std::optional<Strategy> strategy; // default: the scheduler's own
  bool new_in_mcsim = false;        // a column the paper could not measure
  bool best_of() const { return candidates.size() > 1; }
  Strategy effective_strategy() const;  // `strategy`, else the first candidate's default
};

// One region of a paper's "which algorithm is fastest" map ([[paper.regions]]): a (density,
// message size) cell belongs to the first region whose bounds all hold.
struct RegionRule {
  std::string series;
  std::optional<int> min_density, max_density;
  std::optional<std::uint64_t> min_bytes, max_bytes;
  std::optional<double> max_bytes_times_density;  // a boundary falling as 1/d
  bool contains(int density, std::uint64_t bytes) const;
};

// The paper's numbers: row ("comm", "comp", "iters") -> series -> values. "comm" has one value
// per msg_unit (empty where the paper printed none); the other rows one value.
struct PaperNumbers {
  std::map<std::string, std::vector<std::optional<double>>> comm_ms;
  std::map<std::string, double> comp_ms;
  std::map<std::string, double> iters;
  std::vector<RegionRule> regions;
  bool empty() const { return comm_ms.empty() && comp_ms.empty() && iters.empty(); }
};

// What a scenario draws beside its CSV (the `plot` key).
enum class PlotKind {
  none,
  comm,      // communication time against msg_unit, mcsim and paper (the CM-5 paper's Figures 8-13)
  heap_ops,  // heap operations per node against (d / lambda) ln d (the CM-5 paper's Figure 4)
  regions,   // the fastest series per density and msg_unit (the iPSC/860 paper's Figure 5)
  overhead,  // scheduling time / communication time against msg_unit (its Figures 10-11)
  slowdown,  // a mapping's slowdown against n (Lo et al. 1992)
  machines,  // communication time per machine of [machine] names, a marker per series
};
std::string_view to_string(PlotKind plot);

// What every scenario has: where it comes from, which kind reads the rest, what it draws. What it
// reports (the `report` key) is the kind's own typed value: each kind names its reports.
struct ScenarioHeader {
  std::string id;
  std::string title;
  std::string source;  // the paper and table
  std::string path;    // file it came from (for error messages)
  std::vector<std::string> notes;
  std::string kind = "simulation";
  PlotKind plot = PlotKind::none;
};

// A sweep over machines, matrices and schedulers (kinds simulation and permutations).
struct SweepScenario : ScenarioHeader {
  // [machine] name (a bundled machine) or file (a machine file, its path made relative to the
  // scenario's folder); with [machine] names, the first of them. machine.nodes is the first of `nodes`.
  MachineSpec machine;
  // [machine] names (kind = "simulation" only): the machines axis. The scenario runs on each in
  // turn, as `machine` with its name replaced (the options apply to every one); empty: `machine` alone.
  std::vector<std::string> machines;
  std::vector<int> nodes;
  WorkloadSpec workload;  // workload.density is the first of `densities`
  std::vector<int> densities;
  std::vector<std::uint64_t> msg_units;
  std::vector<SeriesSpec> series;
  int samples = 1;
  std::uint64_t seed = 1;
  PaperNumbers paper;
};

// kind = "simulation" (the default): every series scheduled and simulated on every sample matrix
// at every msg_unit; `report` says what is made of the cells.
struct SimulationScenario : SweepScenario {
  enum class Report {
    comparison,  // one node count and density: paper / mcsim / ratio per msg_unit and series
    sweep,       // one CSV line per cell
    regions,     // the fastest series per density and msg_unit, beside the paper's regions
    overhead,    // scheduling time over communication time per cell
    machines,    // the machines axis ([machine] names): the machines side by side
  };
  Report report = Report::sweep;
};
std::string_view to_string(SimulationScenario::Report report);

// kind = "permutations" (Tables 1-2 of the CM-5 paper): no simulation; every series is scheduled
// for every lambda in `lambdas` (its spec's {lambda} replaced) and every density, and the mean
// number of permutations is reported beside the paper's, with the closed forms d1 and d2.
struct PermutationScenario : SweepScenario {
  std::vector<double> lambdas;
  std::vector<std::vector<SchedulerChoice>> lambda_choices;  // [lambda][series], parsed once
  // Computed columns beside the counts ([permutations] closed_forms; see permutation_count.hpp),
  // and the statistics over samples reported per series ([permutations] statistics: mean, max).
  std::vector<std::string> closed_forms = {"d1", "d2"};
  std::vector<std::string> statistics = {"mean"};
  struct PermutationRow {
    double lambda = 0;
    std::map<std::string, std::vector<std::optional<double>>> values;  // series -> one per density
  };
  std::vector<PermutationRow> paper_permutations;
};

// kind = "mapping-metrics" (Lo et al. 1992): no machine, workload or series; the [mapping] table
// says which binomial trees B(n), volume ratios alpha and mappings to measure with the metrics
// of sim/mapping/ (report lemmas: beside the paper's closed forms; report slowdown: the
// slowdown S of equations 2, 4, 6, 7 against n, plot = "slowdown").
struct MappingScenario : ScenarioHeader {
  enum class Report { lemmas, slowdown };
  struct MappingMetricsSpec {
    Report report = Report::lemmas;
    std::vector<int> n;                    // trees B(n)
    std::vector<std::string> alpha_labels; // as written ("1/sqrt(2)")
    std::vector<double> alphas;
    std::vector<std::string> mappings;     // names in sim/mapping/mappings.hpp
    bool directed_links = false;           // links = "undirected" (the paper's G_A) or "directed"
    std::vector<double> startup_c;         // extra cost models: startup c with b = 1 (report slowdown)
    int simulate_up_to = 0;                // report slowdown: also simulate B(n) for n <= this (0: none)
  };
  MappingMetricsSpec mapping;
};

// kind = "redistribution" (Guo and Pan 2005): array redistributions cyclic(x) on p -> cyclic(y) on q
// ([redistribution] cases). report "tables": the communication table and the schedules' CS tables
// and unit costs beside the paper's, with a timeline picture per schedule. report "times": every
// series' schedule simulated on [machine] for each case and local array size, beside the paper's
// statements (its figures' numbers are not in the text).
struct RedistributionScenario : ScenarioHeader {
  enum class Report { tables, times };
  struct Case {
    std::int64_t x = 1;
    int p = 1;
    std::int64_t y = 1;
    int q = 1;
    std::string align;  // the scheduler "align-message" means here (default: by gcd(x, q) = gcd(y, p) = 1)
  };
  struct Series {
    std::string label;
    std::string scheduler;  // a registry name taking x, p, y, q, or "align-message" (algorithm1 where it applies, else algorithm2)
    std::optional<Strategy> strategy;
  };
  Report report = Report::tables;
  std::vector<Case> cases;
  // tables
  std::vector<std::string> schedules;  // names of sim/redistribution/schedules.hpp
  std::vector<std::vector<std::int64_t>> paper_table;
  std::map<std::string, std::vector<std::vector<std::vector<int>>>> paper_cs;  // schedule -> [sender][step] -> targets
  std::map<std::string, std::int64_t> paper_units;
  // times
  MachineSpec machine;
  std::vector<std::int64_t> local_sizes;  // elements on each source processor (global = local x p)
  std::int64_t global_size = 0;           // or one global array size for every case
  int element_bytes = 4;
  std::vector<Series> series;
  std::string baseline;                       // the series ratios are taken against
  std::map<std::string, double> paper_ratio;  // series -> the paper's time ratio to the baseline (from its text)
  std::vector<std::string> paper_statements;
};

// kind = "bounded-traffic" (Ranka, Shankar, Alsabti 1995): every series runs on every sample matrix
// at every traffic t of [workload] traffic (elements per node; msg_unit is the element's bytes),
// reported as mean, spread, min and max over the samples (the paper's trials).
struct BoundedTrafficScenario : SweepScenario {
  std::vector<std::uint64_t> traffic;
};

// The machines a sweep runs on: `machine`, or one per name of the machines axis.
std::vector<MachineSpec> machines_of(const SweepScenario& scenario);

// A series' scheduler spec with "{lambda}" replaced by the value.
std::string with_lambda(const std::string& spec, double lambda);

}  // namespace mcsim
