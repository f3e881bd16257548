#include "bounded_traffic.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../runner/pipeline.hpp"
#include "../runner/task_runner.hpp"
#include "../runner/sample_seeds.hpp"

namespace mcsim {

namespace {

WorkloadSpec workload_at(const BoundedTrafficScenario& s, std::uint64_t traffic) {
  WorkloadSpec w = s.workload;
  w.traffic = traffic;
  return w;
}

const char* const parameter_names[] = {"r", "c", "t", "f", "g", "h"};

std::vector<double> parameter_values(const TrafficParameters& p) {
  return {static_cast<double>(p.r), static_cast<double>(p.c), static_cast<double>(p.t),
          static_cast<double>(p.f), static_cast<double>(p.g), static_cast<double>(p.h)};
}

// In the task's process: the sample's matrix at this t, every series compiled and simulated. The
// first record also carries the matrix's parameters (in elements).
std::vector<JobRecord> run_task(const BoundedTrafficScenario& s, std::uint64_t seed, std::uint64_t traffic, int sample,
                                const SimulationOptions& sim) {
  const int nodes = s.nodes.front();
  MachineSpec spec = s.machine;
  spec.nodes = nodes;
  auto machine = make_machine(spec);
  const SampleSeeds seeds{seed, nodes, 0, sample};
  const CommMatrix elements = workload_matrix(workload_at(s, traffic), nodes, seeds.matrix());
  const std::uint64_t unit = s.msg_units.front();
  std::vector<CompiledJob> jobs;
  for (const auto& series : s.series)
    jobs.push_back(compile_job(elements.scaled(unit), series.candidates.front(), series.strategy, machine->hints(),
                               seeds.job(series.candidates.front().spec, unit)));
  auto records = simulate_compiled(*machine, std::move(jobs), sim);
  const auto values = parameter_values(traffic_parameters(elements));
  for (std::size_t k = 0; k < values.size(); ++k) records.front().measured[parameter_names[k]] = values[k];
  return records;
}

// What is wrong with a task's records ("" when nothing): one per series, the first measuring the
// matrix's parameters as whole numbers (r, c, t up to 2^53, where doubles stop counting; f, g, h
// as ints).
std::string task_problem(const BoundedTrafficScenario& s, const std::vector<JobRecord>& records) {
  if (std::string problem = record_count_problem(records, s.series.size()); !problem.empty()) return problem;
  const auto& measured = records.front().measured;
  for (std::size_t k = 0; k < std::size(parameter_names); ++k) {
    const auto it = measured.find(parameter_names[k]);
    const double limit = k < 3 ? 9007199254740992.0 : 2147483647.0;
    if (it == measured.end()) return fmt::format("its first job record does not measure '{}'", parameter_names[k]);
    if (it->second != std::floor(it->second) || it->second > limit)
      return fmt::format("its first job record measures {} = {}, not a whole number up to {}", parameter_names[k],
                         it->second, limit);
  }
  return "";
}

std::optional<std::size_t> series_running(const BoundedTrafficScenario& s, const std::string& scheduler) {
  for (std::size_t k = 0; k < s.series.size(); ++k)
    if (s.series[k].candidates.front().entry->name == scheduler) return k;
  return std::nullopt;
}

std::string join_t(const std::vector<std::uint64_t>& values) {
  return values.empty() ? "none" : fmt::format("{}", fmt::join(values, ","));
}

}  // namespace

BoundedTrafficResult run_bounded_traffic(const BoundedTrafficScenario& scenario, const RunOptions& options) {
  BoundedTrafficResult result;
  result.scenario = scenario;
  const SampleRun run = resolved_samples(scenario, options);
  result.samples = run.samples;
  result.seed = run.seed;
  const BoundedTrafficScenario& s = result.scenario;
  if (s.nodes.size() != 1 || s.densities.size() != 1 || s.msg_units.size() != 1)
    throw Error(s.path, "kind = \"bounded-traffic\" sweeps traffic only: give one node count, no density list and "
                        "one msg_unit (the element's bytes)");
  MachineSpec spec = s.machine;
  try {
    const auto machine = make_machine(spec);
    const SchedulingHints hints = machine->hints();
    result.machine_name = machine->name();
    for (const auto& series : s.series) {
      if (series.best_of()) throw Error(s.path, fmt::format("series {}: best_of is not taken here", series.label));
      check_schedulable(series.candidates.front(), hints, s.machine.name, s.path);
    }
  } catch (const Error& e) {
    throw Error(s.path, e.what());
  }
  for (std::uint64_t t : s.traffic) (void)workload_matrix(workload_at(s, t), s.nodes.front(), 0);

  struct Task {  // a traffic t (its index) and the sample
    std::size_t point;
    int sample;
  };
  TaskList<Task> list;
  for (std::size_t i = 0; i < s.traffic.size(); ++i)
    for (int sample = 0; sample < result.samples; ++sample) list.keys.push_back({i, sample});
  list.run = [&](const Task& task) {
    return run_task(s, result.seed, s.traffic[task.point], task.sample, options.simulation);
  };
  list.check = [&](const Task&, const std::vector<JobRecord>& got) { return task_problem(s, got); };
  const auto outcomes = run_task_list(list, options);

  for (std::uint64_t t : s.traffic)
    result.points.push_back({t, {}, std::vector<std::vector<double>>(s.series.size())});
  for (const auto& [task, got] : outcomes) {
    BoundedTrafficPoint& point = result.points[task.point];
    const auto& m = got.front().measured;
    point.matrices.push_back({static_cast<std::uint64_t>(m.at("r")), static_cast<std::uint64_t>(m.at("c")),
                              static_cast<std::uint64_t>(m.at("t")), static_cast<int>(m.at("f")),
                              static_cast<int>(m.at("g")), static_cast<int>(m.at("h"))});
    for (std::size_t series = 0; series < got.size(); ++series) point.comm_s[series].push_back(got[series].comm_s);
  }
  return result;
}

ResultTable bounded_traffic_comparison(const BoundedTrafficResult& result) {
  const auto& s = result.scenario;
  ComparisonTable rows(s.id);
  for (const auto& point : result.points)
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const Summary sum = summarize(point.comm_s[k]);
      const std::string x = std::to_string(point.traffic);
      rows.add("comm_mean", s.series[k].label, x, std::nullopt, sum.mean * 1e3);
      rows.add("comm_sd", s.series[k].label, x, std::nullopt, sum.sd * 1e3);
      rows.add("comm_min", s.series[k].label, x, std::nullopt, sum.min * 1e3);
      rows.add("comm_max", s.series[k].label, x, std::nullopt, sum.max * 1e3);
    }
  return std::move(rows).take();
}

std::string bounded_traffic_text(const BoundedTrafficResult& result) {
  const auto& s = result.scenario;
  const WorkloadSpec& w = s.workload;
  std::string out = fmt::format("{}\n{}\n", s.title, s.source);
  out += fmt::format("{} nodes ({}), k = {}, l = {}, keep = {}, {}-byte elements, {} trials per point, seed {}\n",
                     s.nodes.front(), result.machine_name, w.fan_out, w.nonuniformity, w.keep, s.msg_units.front(),
                     result.samples, result.seed);
  for (const auto& note : s.notes) out += "note: " + note + "\n";
  out += "\ncommunication time in ms over the trials: mean (sd) [min, max]\n";
  out += fmt::format("{:>8}", "t");
  for (const auto& series : s.series) out += fmt::format("  {:>32}", series.label);
  out += "\n";
  for (const auto& point : result.points) {
    out += fmt::format("{:>8}", point.traffic);
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const Summary sum = summarize(point.comm_s[k]);
      out += fmt::format("  {:>32}", fmt::format("{:.4g} ({:.2g}) [{:.4g}, {:.4g}]", sum.mean * 1e3, sum.sd * 1e3,
                                                 sum.min * 1e3, sum.max * 1e3));
    }
    out += "\n";
  }
  out += "\nmatrix parameters (sec. 2, elements), first trial at each t; over all trials:\n";
  for (const auto& point : result.points) {
    out += fmt::format("  t = {:>7}: {}   r = c = t in {} of {} trials\n", point.traffic, point.matrices.front().text(),
                       std::count_if(point.matrices.begin(), point.matrices.end(),
                                     [](const TrafficParameters& m) { return m.r == m.c && m.r == m.t; }),
                       point.matrices.size());
  }

  // Claims that the series present can judge (Ranka, Shankar, Alsabti 1995; ratios of means).
  const auto two = series_running(s, "two-stage");
  const auto drs = series_running(s, "DRS");
  const auto improved = series_running(s, "DRS+improvements");
  const auto all = series_running(s, "AAPC-same-traffic");
  const auto mean = [&](const BoundedTrafficPoint& point, std::size_t k) { return summarize(point.comm_s[k]).mean; };
  const auto cv = [&](const BoundedTrafficPoint& point, std::size_t k) {
    const Summary sum = summarize(point.comm_s[k]);
    return sum.mean > 0 ? sum.sd / sum.mean : 0.0;
  };
  out += "\nclaims:\n";
  if (two) {
    out += "  C002-1 every stage-1 message had at most ceil(t/p) data elements (+ 2p+1 header words) and every "
           "element was reassembled in place: checked in every two-stage run (a failure stops the run)\n";
  }
  if (two && drs && improved) {
    std::vector<std::uint64_t> fig9_holds, fig10_holds, within, lower_variance;
    std::string ratios;
    for (const auto& point : result.points) {
      const double t2 = mean(point, *two), d = mean(point, *drs), di = mean(point, *improved);
      if (t2 <= 1.1 * di && t2 < d) fig9_holds.push_back(point.traffic);
      if (d < t2 && di < t2) fig10_holds.push_back(point.traffic);
      if (t2 <= 1.5 * std::min(d, di)) within.push_back(point.traffic);
      if (cv(point, *two) < std::min(cv(point, *drs), cv(point, *improved))) lower_variance.push_back(point.traffic);
      ratios += fmt::format("  t = {:>7}: two-stage / DRS = {:.3f}, two-stage / DRS+improvements = {:.3f}; "
                            "sd/mean two-stage {:.3f}, DRS {:.3f}, DRS+improvements {:.3f}\n",
                            point.traffic, t2 / d, t2 / di, cv(point, *two), cv(point, *drs), cv(point, *improved));
    }
    out += ratios;
    out += fmt::format("  C002-3 (Figure 9 form: two-stage within 10% of DRS+improvements and faster than DRS) holds "
                       "at t = {} of {}\n", join_t(fig9_holds), result.points.size());
    out += fmt::format("  C002-3 (Figure 10 form: both DRS variants faster than two-stage) holds at t = {} of {}\n",
                       join_t(fig10_holds), result.points.size());
    out += fmt::format("  C002-4 (two-stage within 1.5x of the faster single-stage) holds at t = {} of {}\n",
                       join_t(within), result.points.size());
    out += fmt::format("  C002-4 (two-stage has the lowest sd/mean of the three) holds at t = {} of {}\n",
                       join_t(lower_variance), result.points.size());
  }
  if (two && all) {
    std::vector<std::uint64_t> half;
    for (const auto& point : result.points) {
      const double ratio = mean(point, *two) / mean(point, *all);
      out += fmt::format("  t = {:>7}: two-stage / all-to-all = {:.3f}\n", point.traffic, ratio);
      if (ratio >= 1.5 && ratio <= 2.5) half.push_back(point.traffic);
    }
    out += fmt::format("  C002-5 (two-stage about half the speed of all-to-all: ratio in [1.5, 2.5]) holds at t = {} "
                       "of {}\n", join_t(half), result.points.size());
  }
  return out;
}

PlotSpec bounded_traffic_plot(const BoundedTrafficResult& result) {
  const auto& s = result.scenario;
  PlotSpec plot{fmt::format("{} (mean of {} trials, bars min-max)", s.title, result.samples), "traffic t (elements per node)",
                "communication time (ms)", true, true, {}};
  for (std::size_t k = 0; k < s.series.size(); ++k) {
    PlotSeries mean{.title = s.series[k].label};
    PlotSeries bars{.title = s.series[k].label + " min-max", .segments = true};
    for (const auto& point : result.points) {
      const Summary sum = summarize(point.comm_s[k]);
      const double t = static_cast<double>(point.traffic);
      mean.points.emplace_back(t, sum.mean * 1e3);
      bars.points.emplace_back(t, sum.min * 1e3);
      bars.points.emplace_back(t, sum.max * 1e3);
    }
    plot.series.push_back(std::move(mean));
    plot.series.push_back(std::move(bars));
  }
  return plot;
}

}  // namespace mcsim
