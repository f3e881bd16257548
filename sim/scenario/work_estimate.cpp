#include "work_estimate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../redistribution/communication_table.hpp"
#include "../runner/sharing_choice.hpp"

namespace mcsim {

namespace {

// The weights that turn each kind's cost driver into units (simulated messages), measured here on
// the bundled reproductions and `mcsim bench` (docs/bad-input.md, "A bound before work", has the table).
//
// On a machine whose links are shared among flows (transport "flow": the CM-5's fat tree, the
// Ethernet switch) each start and end of a message shares the links again among the F flows in
// flight (F: every message of an asynchronous job, about a node's worth a phase for CGM; see
// flows_in_flight below). Which sharing runs decides the cost (bench/speed-and-memory.md):
//  - SimGrid's solver re-solves every flow at each event: an asynchronous job (network/optim Full)
//    grows as messages^3 (AC on the CM-5: 4,080 messages 3.9 s, 8,175 34 s, 16,314 199 s), counted
//    as messages^3 / 3.5e5; a phased one (Lazy) as messages * F^2 / 5.5e4 (CGM, d = 16: 1,024 nodes
//    3.6 s, 2,048 25.4 s; 16,384 at d = 16 would be 1.3e9 units, hours).
//  - mcsim's fluid sharing refills only what a change reaches: messages * F / 1.9e3 (CGM 16,384
//    nodes, d = 16: 33.6 s; AC 512 d16 0.97 s; AC 1,024 d64 15.8 s, estimated 45 s).
constexpr double async_shared_links_cube = 3.5e5;
constexpr double phased_shared_links = 5.5e4;
constexpr double fluid_shared_links = 1.9e3;
// What the run asks of the sharing (job_work's `sharing`): the decision is the runner's
// (choose_sharing), recorded or not.
SharingRequest sharing_asked(const RunOptions& run) { return run.simulation.sharing_request; }

// The machine a job runs on, by what the builder makes of it (Platform::element_count: hosts,
// switches, links, channels x VCs) and the parameters its file gives (each read, checked and
// evaluated per machine made: `sensitivity` makes one per variant, so a file of 1,000 options
// cost variants x options). Without it a 2-million-node star or a fat tree of 1e11 wires was
// estimated by its messages alone (docs/bad-input.md, "A bound before work", has the measurements).
constexpr double built_element = 0.05;
constexpr double machine_parameter = 0.05;
double machine_work(const Machine& machine) {
  return machine.platform().element_count() * built_element +
         static_cast<double>(machine.parameters().size()) * machine_parameter;
}

// What one simulated message (and one node's actor) costs on the machine's transport, relative to
// a flow message on the CM-5's fat tree, so that a unit is about the same CPU time on every
// machine: the transport's own trait (measured beside its entry in sim/engine/transports/registry.cpp).
double transport_weight(const Machine& machine) { return machine.switching().traits().cost.work_weight; }

// Peak memory (bytes) of one simulation, by the same counts: what a process holds at once.
//  - a message in flight: the transport's trait (SimulationCost::message_bytes, measured beside its
//    registry entry);
//  - a node: 16 KiB (the star of 16,384 nodes, d = 1, store-and-forward: 626 MiB, 37 KiB a node
//    and its message);
//  - a built element (host, switch, link, channel x VC): 256 bytes, an assumption (a SimGrid link
//    and its route entries; not measured apart from the messages);
//  - a message of the plan, in flight or not (its plan entry, the compiled job's, its record):
//    160 bytes. Measured (peak RSS, `sweep --density 8 --msg-unit 1024 --scheduler LP`, 1 sample):
//    the T3D 512 -> 1,024 PEs 56.0 -> 147.0 MB, the 2-D mesh 61.7 -> 158.9 MB, for 785,920 more plan
//    messages, about 115-124 bytes each; LP's n(n - 1) messages, dummies included, once counted
//    at a message in flight's 32 KiB each, put the T3D at 1,024 PEs at 32.1 GiB;
//  - the process itself: 64 MiB (35-36 MiB measured for 64-128 nodes).
constexpr double node_bytes = 16 * 1024.0;
constexpr double element_bytes = 256;
constexpr double planned_message_bytes = 160;
constexpr double process_bytes = 64 * 1024.0 * 1024;
double message_bytes(const Machine& machine) { return machine.switching().traits().cost.message_bytes; }

// A run-time protocol (node programs: DRS, modified LP, two-stage) adds control messages, locks and
// a barrier per step to every message it moves: ranka95-fig9 and -fig10 cost 5 to 10 times more
// per message than the plans of the other kinds.
constexpr double run_time_protocol = 5;
// Scheduling without simulating (kind permutations): a message scheduled and validated.
constexpr double scheduled_message = 0.05;
// Making a matrix in the parent to check it (every (nodes, density) once).
constexpr double generated_message = 0.01;
// A step of Lemma 1's walk over the partial slice of a redistribution, and an entry of a
// communication table or schedule: about a nanosecond (cyclic(1) -> cyclic(999983) on 64 at a
// global size of 2^31 - 1: 2.2e9 steps in 2.0 s of CPU).
constexpr double table_step = 5e-5;
// A box of a redistribution timeline picture (one per element of the slice, per schedule).
constexpr double timeline_box = 0.05;
// One step of a mapping metric: an edge of B(n) followed over one mesh link (lo92-thm2's metrics
// up to B(16) take about 50 s).
constexpr double metric_step = 2e-3;
// Reweighting those metrics for one alpha (sim/mapping/metrics.cpp, reweighted): a pass over every
// edge's interference set and a copy of the metrics, measured at B(18) as 25 ms of CPU against
// about 3 s for the walk (n = [18], 1 against 9 alphas: 6.45 s and 7.35 s for two mappings), about
// 1/120 of a walk step; counted as 1/100.
constexpr double reweight_step = metric_step / 100;
// A simulated B(n) on a mesh forwards each message over its path: a hop costs less than a message.
constexpr double mesh_hop = 0.05;

std::string count(double value) { return value < 1e6 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value); }
// "1 task", "40 tasks".
std::string counted(double value, std::string_view noun) {
  return fmt::format("{} {}{}", count(value), noun, value == 1 ? "" : "s");
}

MachineSpec with_nodes(MachineSpec spec, int nodes) {
  spec.nodes = nodes;
  return spec;
}

std::unique_ptr<Machine> machine_at(const MachineSpec& spec, const std::string& where) {
  try {
    return make_machine(spec);
  } catch (const Error& e) {
    throw Error(where, e.what());
  }
}

WorkloadSpec with_density(WorkloadSpec w, int density) {
  w.density = density;
  return w;
}

// job_work with the machine's own part (machine_work) given: a walk over densities reckons it once.
double job_work_on(const Machine& machine, double machine_units, double messages, const SchedulerEntry& entry,
                   std::optional<Strategy> strategy, SharingRequest sharing);

}  // namespace

// Simulation sweeps: every (machine, nodes, density, sample) is a task (one machine, or one per
// machine of the machines axis); in each, every series' candidates at every msg_unit are jobs.
WorkEstimate estimate_kind_work(const SimulationScenario& s, const RunOptions& run, const WorkStop& stop) {
  WorkEstimate w;
  const double samples = resolved_samples(s, run).samples;
  const std::vector<MachineSpec> machines = machines_of(s);
  const SharingRequest sharing = sharing_asked(run);
  double jobs = 0;  // a task's
  for (const auto& series : s.series)
    jobs += static_cast<double>(series.candidates.size() * s.msg_units.size());
  w.task_count = samples * static_cast<double>(machines.size() * s.nodes.size() * s.densities.size());
  const std::string tasks = counted(w.task_count, "task");
  // The axes' product bounded first, before a machine is built or a pair walked: a job costs at
  // least a unit a node (job_work: nodes + messages, times a transport weight of at least 1). The walk
  // alone, 2,000 node counts x 2,000 densities, took 0.53 s and 37 MB (14.9 s and 618 MB under
  // ASan) before it passed the limit. One (machine, node count, density) is walked whole, so that
  // its refusal names the --max-work that allows it.
  double node_sum = 0;
  for (int nodes : s.nodes) node_sum += nodes;
  const std::size_t pairs = machines.size() * s.nodes.size() * s.densities.size();
  w.tasks = samples * static_cast<double>(machines.size() * s.densities.size()) * jobs * node_sum;
  if (pairs > 1 && stop(w)) {
    w.basis = fmt::format("{}, {} each, at least a unit a node", tasks, counted(jobs, "simulation"));
    return w;
  }
  w.tasks = 0;
  double most_messages = 0;
  for (std::size_t at = 0; at < machines.size() * s.nodes.size(); ++at) {
    if (stop(w)) break;
    const int nodes = s.nodes[at % s.nodes.size()];
    const auto machine = machine_at(with_nodes(machines[at / s.nodes.size()], nodes), s.path);
    const double machine_units = machine_work(*machine);  // once a machine, not once a job
    for (int density : s.densities) {
      if (stop(w)) break;
      const double messages = max_workload_messages(with_density(s.workload, density), nodes);
      most_messages = std::max(most_messages, messages);
      w.here += messages * generated_message;
      double per_task = 0;
      for (const auto& series : s.series)
        for (const auto& candidate : series.candidates) {
          per_task += static_cast<double>(s.msg_units.size()) *
                      job_work_on(*machine, machine_units, messages, *candidate.entry, series.strategy, sharing);
          w.peak_bytes =
              std::max(w.peak_bytes, job_memory(*machine, messages, *candidate.entry, series.strategy));
        }
      w.tasks += samples * per_task;
    }
  }
  w.basis = fmt::format("{}, {} each, matrices of up to {} messages", tasks, counted(jobs, "simulation"),
                        count(most_messages));
  return w;
}

// Ranka, Shankar, Alsabti 1995: every (traffic, sample) is a task; every series one job in it.
WorkEstimate estimate_kind_work(const BoundedTrafficScenario& s, const RunOptions& run, const WorkStop& stop) {
  WorkEstimate w;
  const double samples = resolved_samples(s, run).samples;
  const int nodes = s.nodes.front();
  const auto machine = machine_at(with_nodes(s.machine, nodes), s.path);
  double most_messages = 0;
  for (std::uint64_t traffic : s.traffic) {
    if (stop(w)) break;
    WorkloadSpec workload = s.workload;
    workload.traffic = traffic;
    const double messages = max_workload_messages(workload, nodes);
    most_messages = std::max(most_messages, messages);
    w.here += messages * generated_message;
    for (const auto& series : s.series) {
      w.tasks += samples * job_work(*machine, messages, *series.candidates.front().entry, series.strategy,
                                    sharing_asked(run));
      w.peak_bytes = std::max(w.peak_bytes,
                              job_memory(*machine, messages, *series.candidates.front().entry, series.strategy));
    }
  }
  w.task_count = samples * static_cast<double>(s.traffic.size());
  w.basis = fmt::format("{}, {} each, matrices of up to {} messages", counted(w.task_count, "task"),
                        counted(static_cast<double>(s.series.size()), "simulation"), count(most_messages));
  return w;
}

// Permutation counts schedule every (lambda, series) of every sample and simulate nothing.
WorkEstimate estimate_kind_work(const PermutationScenario& s, const RunOptions& run, const WorkStop& stop) {
  WorkEstimate w;
  const double samples = resolved_samples(s, run).samples;
  double most_messages = 0;
  for (int nodes : s.nodes) {
    if (stop(w)) break;
    (void)machine_at(with_nodes(s.machine, nodes), s.path);
    for (int density : s.densities) {
      if (stop(w)) break;
      const double messages = max_workload_messages(with_density(s.workload, density), nodes);
      most_messages = std::max(most_messages, messages);
      for (const auto& choices : s.lambda_choices)
        for (const auto& scheduler : choices) {
          const double sent = scheduler.entry->messages_per_pair > 0
                                  ? scheduler.entry->messages_per_pair * nodes * (nodes - 1.0)
                                  : messages;
          w.tasks += samples * sent * scheduled_message;
          w.largest_plan = std::max(w.largest_plan, sent);
        }
    }
  }
  w.task_count = samples * static_cast<double>(s.nodes.size() * s.densities.size());
  w.basis = fmt::format("{} scheduling matrices of up to {} messages", counted(w.task_count, "task"),
                        count(most_messages));
  return w;
}

// Lo et al. 1992: a metric follows every edge of B(n) (2^n tasks) over its mesh path (up to the
// mesh's side, 2^(n/2)); a simulated B(n) runs on a mesh of 2^n nodes (an actor each) with one
// message per edge, each forwarded over its path.
namespace {
double tree_edges_over_paths(int n) { return std::ldexp(1.0, n) * std::ldexp(1.0, (n + 1) / 2); }
}  // namespace

WorkEstimate estimate_kind_work(const MappingScenario& s, const RunOptions&, const WorkStop& stop) {
  WorkEstimate w;
  const auto& m = s.mapping;
  const double mappings = static_cast<double>(m.mappings.size()), alphas = static_cast<double>(m.alphas.size());
  int largest = 0;
  for (int n : m.n) {
    if (stop(w)) break;
    largest = std::max(largest, n);
    // One route walk per mapping (mapping_report.cpp); each alpha only reweights its edges.
    w.here += mappings * tree_edges_over_paths(n) * (metric_step + alphas * reweight_step);
    if (m.report == MappingScenario::Report::slowdown && n <= m.simulate_up_to) {
      // Per switching formula: each mapping's plans on B(n)'s mesh, the perfect plans (one message a
      // phase) on a two-node mesh.
      const double jobs = 2 * mappings * (1 + alphas + alphas * static_cast<double>(m.startup_c.size()));
      w.tasks += jobs * (2 * std::ldexp(1.0, n) + tree_edges_over_paths(n) * mesh_hop);
      w.tasks += 2 * (1 + alphas) * (4 + n * mesh_hop);
      // A task per (n, switching formula, volumes: small, large, each startup c), mapping_simulation.cpp.
      w.task_count += 2 * (2 + static_cast<double>(m.startup_c.size()));
    }
  }
  w.basis = fmt::format("binomial trees up to B({}) ({} tasks), {}, {}{}", largest, count(std::ldexp(1.0, largest)),
                        counted(mappings, "mapping"), counted(alphas, "alpha"),
                        m.simulate_up_to > 0 ? fmt::format(", simulated up to B({})", m.simulate_up_to) : "");
  return w;
}

// Guo and Pan 2005: a table costs p*q entries (the slice by residues) and the walk over the last
// partial slice, rest * (q/x + p/y) block pairs (communication_table.cpp); "tables" draws every
// element of the slice once per schedule; "times" simulates every series on every case and size.
WorkEstimate estimate_kind_work(const RedistributionScenario& s, const RunOptions& run, const WorkStop& stop) {
  WorkEstimate w;
  std::unique_ptr<Machine> machine;
  if (s.report == RedistributionScenario::Report::times) machine = machine_at(s.machine, s.path);
  double most_elements = 0, cells = 0;
  for (const auto& c : s.cases) {
    if (stop(w)) break;
    const redistribution::Redistribution r{c.x, c.p, c.y, c.q};
    r.check(fmt::format("{} (case ({},{})->({},{}))", s.path, c.x, c.p, c.y, c.q));
    const double pairs = static_cast<double>(c.p) * c.q;
    const double slice = static_cast<double>(r.slice());
    if (s.report == RedistributionScenario::Report::tables) {
      const double schedules = static_cast<double>(s.schedules.size());
      w.here += pairs * (1 + schedules) * table_step + slice * schedules * timeline_box;
      most_elements = std::max(most_elements, slice);
      continue;
    }
    std::vector<double> globals;
    if (s.global_size > 0)
      globals.push_back(static_cast<double>(s.global_size));
    else
      for (auto size : s.local_sizes) globals.push_back(static_cast<double>(size) * c.p);
    for (double global : globals) {
      if (stop(w)) break;
      ++cells;
      ++w.task_count;  // a task per cell, redistribution_report.cpp
      most_elements = std::max(most_elements, global);
      const double rest = std::fmod(global, slice);
      const double table = 2 * pairs + rest * (static_cast<double>(c.q) / c.x + static_cast<double>(c.p) / c.y);
      // The table once for the matrix, the slice table again in each series' scheduler.
      w.here += (table + static_cast<double>(s.series.size()) * 2 * pairs) * table_step;
      for (const auto& series : s.series) {
        // align-message is Algorithm 1 or 2 (redistribution_report.cpp): the same cost here.
        const std::string name = series.scheduler == "align-message" ? "algorithm1" : series.scheduler;
        const SchedulerEntry& entry = *find_scheduler(name, s.path).entry;
        w.tasks += job_work(*machine, pairs, entry, series.strategy, sharing_asked(run));
        w.peak_bytes = std::max(w.peak_bytes, job_memory(*machine, pairs, entry, series.strategy));
      }
    }
  }
  w.basis = s.report == RedistributionScenario::Report::tables
                ? fmt::format("a slice of {} elements drawn for each of {}", count(most_elements),
                              counted(static_cast<double>(s.schedules.size()), "schedule"))
                : fmt::format("{} of {} series, arrays of up to {} elements", counted(cells, "cell"), s.series.size(),
                              count(most_elements));
  return w;
}


namespace {
// The flows in flight at once, as the sharing sees them: every message of an asynchronous job; the
// matrix's messages over LP's n - 1 phases (its dummies carry no bytes); else at most one per node.
double flows_in_flight(double nodes, double messages, double sent, const SchedulerEntry& entry, bool asynchronous) {
  if (asynchronous) return sent;
  if (entry.messages_per_pair > 0) return messages / std::max(1.0, nodes - 1);
  return std::min(nodes, messages);
}

double job_work_on(const Machine& machine, double machine_units, double messages, const SchedulerEntry& entry,
                   std::optional<Strategy> strategy, SharingRequest sharing) {
  const double nodes = machine.nodes();
  const double sent = entry.messages_per_pair > 0 ? entry.messages_per_pair * nodes * (nodes - 1) : messages;
  double work = (nodes + sent) * (entry.program ? run_time_protocol : 1) * transport_weight(machine) + machine_units;
  if (!machine.switching().traits().shares_links_as_flows) return work;
  const bool asynchronous = strategy.value_or(entry.default_strategy) == Strategy::asynchronous;
  const double flows = flows_in_flight(nodes, messages, sent, entry, asynchronous);
  // The sharing the runner will take for such a job: the same decision (choose_sharing).
  const JobShape shape{static_cast<bool>(entry.program), sent, flows};
  if (choose_sharing(machine, {shape}, sharing).sharing == Sharing::fluid) return work + sent * flows / fluid_shared_links;
  if (entry.program) {  // SimGrid's sharing; a phased protocol's few flows cost little
    if (asynchronous) work += sent * sent * sent / async_shared_links_cube;
    return work;
  }
  if (asynchronous)
    work += sent * sent * sent / async_shared_links_cube;
  else
    work += sent * flows * flows / phased_shared_links;
  return work;
}
}  // namespace

double job_work(const Machine& machine, double messages, const SchedulerEntry& entry, std::optional<Strategy> strategy,
                SharingRequest sharing) {
  return job_work_on(machine, machine_work(machine), messages, entry, strategy, sharing);
}

double job_memory(const Machine& machine, double messages, const SchedulerEntry& entry,
                  std::optional<Strategy> strategy) {
  const double nodes = machine.nodes();
  const double sent = entry.messages_per_pair > 0 ? entry.messages_per_pair * nodes * (nodes - 1) : messages;
  // A phased plan's node posts its next phase's message once its last one is done: a node's worth in
  // flight. An asynchronous job posts all at once; a node program decides at run time (all, to be safe).
  const bool all_at_once = entry.program || strategy.value_or(entry.default_strategy) == Strategy::asynchronous;
  const double in_flight = all_at_once ? sent : std::min(sent, nodes);
  return process_bytes + nodes * node_bytes + sent * planned_message_bytes + in_flight * message_bytes(machine) +
         machine.platform().element_count() * element_bytes;
}

WorkEstimate estimate_work(const Scenario& scenario, const RunOptions& run, double task_share, double stop_above) {
  return scenario.kind().estimate_work(run, task_share, stop_above);
}

namespace {
// `value` to two significant digits, rounded up: the --max-work that allows it.
double allowing(double value) {
  const double step = std::pow(10.0, std::floor(std::log10(value)) - 1);
  return std::ceil(value / step) * step;
}
}  // namespace

void check_work(const WorkEstimate& estimate, double task_share, double limit, const std::string& where,
                double memory_limit_gib) {
  if (estimate.largest_plan > limit)
    throw Error(where, fmt::format("one plan would hold {:.3g} messages (about {:.2g} GB), above the limit of {:.3g}; "
                                   "--max-work {:.2g} allows it",
                                   estimate.largest_plan, estimate.largest_plan * 24e-9, limit,
                                   allowing(estimate.largest_plan)));
  const double work = estimate.total(task_share);
  if (work <= limit) {
    // Memory second: a run above both is named by its work, the bound it had first.
    constexpr double gib = 1024.0 * 1024 * 1024;
    if (task_share > 0 && estimate.peak_bytes > memory_limit_gib * gib)  // a merge simulates nothing
      throw Error(where, fmt::format("the estimated peak memory of one simulation is {:.3g} GiB ({}), above the "
                                     "limit of {:.3g} GiB; --max-memory {:.2g} allows it",
                                     estimate.peak_bytes / gib, estimate.basis, memory_limit_gib,
                                     allowing(estimate.peak_bytes / gib)));
    return;
  }
  if (estimate.cut_short)  // counted only until it passed the limit
    throw Error(where, fmt::format("the estimated work is more than {:.3g} units ({}), above the limit of {:.3g}",
                                   work, estimate.basis, limit));
  throw Error(where, fmt::format("the estimated work is {:.3g} units ({}), above the limit of {:.3g}; "
                                 "--max-work {:.2g} allows it",
                                 work, estimate.basis, limit, allowing(work)));
}

}  // namespace mcsim
