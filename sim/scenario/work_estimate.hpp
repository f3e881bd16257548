// A bound before work (issue 36, item 10): every run estimates what it will cost from the scenario
// and the options alone — no matrix is made, no table computed, nothing scheduled or simulated —
// and a run above the limit is refused before it starts, in one line that names the estimate and
// the option that allows it. A scenario is data from anyone: without this, a valid file ran for
// half an hour or more with no word (and again in every shard and in merge).
//
// The unit is one simulated message, the cost driver of every simulation; each scenario kind
// counts its own driver in that unit (work_estimate.cpp gives each count and its measurement). The
// estimate is an order of magnitude, not a prediction: docs/bad-input.md ("A bound before work") gives
// the time per unit measured here for each kind.
#pragma once

#include <limits>
#include <optional>
#include <string>

#include "../core/plan.hpp"
#include "../core/scheduler.hpp"
#include "../runner/sharing_choice.hpp"
#include "experiment.hpp"
#include "../workloads/workloads.hpp"
#include "scenario.hpp"

namespace mcsim {

struct WorkEstimate {
  double here = 0;    // in this process: the up-front checks, communication tables, mapping metrics
  double tasks = 0;   // in the simulation tasks (a shard runs its share of them, a merge none)
  std::string basis;  // what was counted, for the message: "40 tasks, 20 simulations each, up to 1984 messages"
  // The simulation tasks (processes) the run starts, before any is taken from an earlier run: what
  // `report` and `reproduce --all` announce beside the time they estimate.
  double task_count = 0;
  bool cut_short = false;  // the count stopped once it passed `stop_above`: the work is more than this
  // The messages of the largest single plan, where the units count less than its messages (a
  // permutation count only schedules): a plan is held whole, about 24 bytes a message, so it is
  // bounded by the same limit.
  double largest_plan = 0;
  // The peak memory of the largest single simulation, in bytes (job_memory): a task's process holds
  // one simulation at a time.
  double peak_bytes = 0;
  double total(double task_share = 1) const { return here + tasks * task_share; }
};

// The default limit, in units: three times the largest bundled reproduction at its own sample
// count (wang94-fig5, 2.95e7). A run at the limit takes 10 minutes to 2 hours of one core here,
// about half an hour for a CM-5 table (docs/bad-input.md, "A bound before work").
inline constexpr double default_max_work = 1e8;

// CPU seconds of this machine per unit, to turn an estimate into time (`report` and `reproduce
// --all` announce it before they start): 16 us. Measured for issue 47 (CPU user + sys, 2 shared
// cores at load 5-11): `report --samples 1` 167 s for 8.0e6 units (21 us; lo92-thm2's large trees
// 26 us), `report --samples 1 --max-nodes 1024` 43 s for 3.9e6 (11 us); per reproduction at
// --samples 1, 3-37 us (process start-up aside). Larger runs cost more a unit (bench/work-estimate.md:
// median 29 us, 11-135 us). A figure made with it is good to about 2x either way.
inline constexpr double cpu_seconds_per_unit = 16e-6;

// The default memory limit, in GiB, for one simulation's process: a fixed figure, not the machine's
// RAM, so that the same run is accepted or refused on every machine (a 65,536-node mesh, 33 GiB by
// the estimate, was killed here by the OOM killer; README's largest runs need at most 2.1).
inline constexpr double default_max_memory_gib = 8;

// Where a count may stop: once the work passes the limit it is checked against, the rest cannot
// bring it back (lists of a scenario file can multiply to 1e15 combinations; counting them all
// would be work without bound itself).
struct WorkStop {
  double task_share = 1, above = std::numeric_limits<double>::infinity();
  bool operator()(WorkEstimate& w) const {
    if (w.total(task_share) > above) w.cut_short = true;
    return w.cut_short;
  }
};

// The bundled kinds' estimators (each kind's estimate_work calls its own; a new kind may count
// its driver in its own file).
WorkEstimate estimate_kind_work(const SimulationScenario& s, const RunOptions& run, const WorkStop& stop);
WorkEstimate estimate_kind_work(const BoundedTrafficScenario& s, const RunOptions& run, const WorkStop& stop);
WorkEstimate estimate_kind_work(const PermutationScenario& s, const RunOptions& run, const WorkStop& stop);
WorkEstimate estimate_kind_work(const MappingScenario& s, const RunOptions& run, const WorkStop& stop);
WorkEstimate estimate_kind_work(const RedistributionScenario& s, const RunOptions& run, const WorkStop& stop);

// The scenario's kind's estimate (KindScenario::estimate_work); throws mcsim::Error where the run itself would
// refuse the scenario up front (a machine that cannot take the node count, an unknown workload).
// The count stops once all of `here` and the `task_share` of `tasks` pass `stop_above`.
WorkEstimate estimate_work(const Scenario& scenario, const RunOptions& run, double task_share = 1,
                           double stop_above = std::numeric_limits<double>::infinity());

// One simulated job on `machine` whose matrix holds at most `messages` messages: its nodes (an
// actor each), the messages its plan sends, and on links shared among flows the sharing's cost,
// which depends on which sharing runs: the one choose_sharing (sim/runner/sharing_choice.hpp)
// takes for such a job under the run's `sharing` request.
double job_work(const Machine& machine, double messages, const SchedulerEntry& scheduler,
                std::optional<Strategy> strategy, SharingRequest sharing);

// One such job's peak memory in bytes: the process, its nodes (an actor each), every message its
// plan sends as a plan entry and its record, the messages in flight at once (all of an asynchronous
// job's or a node program's, at most one a node for a phased plan) by what the transport holds for
// each, and the built platform's elements. `strategy` as job_work's (none: the scheduler's own).
double job_memory(const Machine& machine, double messages, const SchedulerEntry& scheduler,
                  std::optional<Strategy> strategy);

// Throws mcsim::Error "WHERE: the estimated work is E units (BASIS), above the limit of L; --max-work
// E allows it" when the work this process does (all of `here`, the `task_share` of `tasks` it runs:
// 1 for a run, about 1/N for shard K/N, 0 for a merge) exceeds `limit`, or the largest plan does.
// It throws too, naming --max-memory, when a process that simulates (task_share > 0) would hold
// more than `memory_limit_gib` (peak_bytes).
void check_work(const WorkEstimate& estimate, double task_share, double limit, const std::string& where,
                double memory_limit_gib = default_max_memory_gib);

}  // namespace mcsim
