#include "redistribution_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../redistribution/communication_table.hpp"
#include "../redistribution/schedules.hpp"
#include "../redistribution/timeline_svg.hpp"
#include "../runner/pipeline.hpp"
#include "../runner/task_runner.hpp"
#include "redistribution_plot.hpp"

namespace mcsim {

namespace {

namespace rd = redistribution;

rd::Redistribution redistribution_of(const RedistributionScenario::Case& c) { return {c.x, c.p, c.y, c.q}; }

// The opening lines every report prints: id, title, paper, notes.
std::string header_text(const ScenarioHeader& s) {
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  return out;
}

std::string targets_text(const std::vector<int>& targets) {
  if (targets.empty()) return "-";
  if (targets.size() == 1) return fmt::format("{}", targets[0]);
  return fmt::format("({})", fmt::join(targets, " "));
}

}  // namespace

ScenarioOutputs redistribution_tables(const RedistributionScenario& s) {
  const rd::Redistribution r = redistribution_of(s.cases.at(0));
  const rd::CommunicationTable m = rd::communication_table(r);
  ScenarioOutputs out;
  ComparisonTable rows(s.id);
  std::string text = header_text(s);
  text += fmt::format("{}, slice L = lcm(xp, yq) = {}\n\ncommunication table M (paper / mcsim):\n      ", r.name(),
                      r.slice());
  for (int j = 0; j < r.q; ++j) text += fmt::format("{:>8}", fmt::format("Q{}", j));
  text += "\n";
  int table_agree = 0, table_compared = 0;
  for (int i = 0; i < r.p; ++i) {
    text += fmt::format("  P{:<3}", i);
    for (int j = 0; j < r.q; ++j) {
      std::optional<double> paper;
      if (static_cast<std::size_t>(i) < s.paper_table.size() && static_cast<std::size_t>(j) < s.paper_table[i].size())
        paper = static_cast<double>(s.paper_table[i][j]);
      if (paper) {
        ++table_compared;
        table_agree += *paper == static_cast<double>(m(i, j));
      }
      text += fmt::format("{:>8}", fmt::format("{}/{}", paper ? fmt::format("{}", *paper) : "-", m(i, j)));
      rows.add("M", fmt::format("P{}", i), fmt::format("Q{}", j), paper, static_cast<double>(m(i, j)));
    }
    text += "\n";
  }
  text += fmt::format("entries equal to the paper's: {} of {}\n", table_agree, table_compared);

  for (const auto& name : s.schedules) {
    const rd::CommunicationSchedule schedule = rd::schedule_by_name(name, r, m, s.path + " (redistribution.schedules)");
    const auto paper_cs = s.paper_cs.find(name);
    text += fmt::format("\nschedule {}: {} steps{}\n  CS (paper | mcsim), one row per sender, one entry per step:\n", name,
                        schedule.steps.size(), schedule.synchronised_steps ? "" : " (one asynchronous round)");
    int rows_agree = 0;
    for (int i = 0; i < r.p; ++i) {
      std::vector<std::string> ours, theirs;
      for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        const auto& targets = schedule.steps[k][static_cast<std::size_t>(i)];
        ours.push_back(targets_text(targets));
        for (std::size_t n = 0; n < targets.size(); ++n) {
          std::optional<double> paper;
          if (paper_cs != s.paper_cs.end() && static_cast<std::size_t>(i) < paper_cs->second.size() &&
              k < paper_cs->second[i].size() && n < paper_cs->second[i][k].size())
            paper = paper_cs->second[i][k][n];
          rows.add("CS:" + name, fmt::format("P{}", i), fmt::format("{}.{}", k + 1, n + 1), paper,
                   static_cast<double>(targets[n]));
        }
      }
      std::vector<std::vector<int>> ours_raw;
      for (const auto& step : schedule.steps) ours_raw.push_back(step[static_cast<std::size_t>(i)]);
      if (paper_cs != s.paper_cs.end() && static_cast<std::size_t>(i) < paper_cs->second.size()) {
        for (const auto& targets : paper_cs->second[i]) theirs.push_back(targets_text(targets));
        rows_agree += paper_cs->second[i] == ours_raw;
      }
      text += fmt::format("    P{:<3} {:<24} | {}\n", i, theirs.empty() ? "-" : fmt::format("{}", fmt::join(theirs, " ")),
                          fmt::join(ours, " "));
    }
    if (paper_cs != s.paper_cs.end())
      text += fmt::format("  rows equal to the paper's: {} of {}\n", rows_agree, r.p);
    const auto units = rd::unit_cost(schedule, m);
    const auto paper_units = s.paper_units.find(name);
    std::optional<double> paper;
    if (paper_units != s.paper_units.end()) paper = static_cast<double>(paper_units->second);
    rows.add("units", name, "", paper, static_cast<double>(units));
    const std::string problem = rd::delivery_problem(schedule, m);
    text += fmt::format("  cost in message units (one unit per node and time unit): paper {}, mcsim {}\n",
                        paper ? fmt::format("{}", *paper) : "-", units);
    const bool permutations = rd::steps_are_permutations(schedule), equal = rd::steps_have_equal_lengths(schedule, m);
    text += fmt::format("  every small step a permutation: {}; of equal lengths: {}; every element delivered once: {}\n",
                        permutations ? "yes" : "no", equal ? "yes" : "no", problem.empty() ? "yes" : "NO: " + problem);
    // The same properties as rows (1 yes, 0 no), so that a claim can read them (C003-1).
    rows.add("property", name, "permutation steps", std::nullopt, permutations ? 1.0 : 0.0);
    rows.add("property", name, "equal lengths", std::nullopt, equal ? 1.0 : 0.0);
    out.files.push_back({"." + name + ".svg", rd::timeline_svg(schedule, m, fmt::format("{}: {}", r.name(), name))});
  }
  out.printed = text;
  out.files.insert(out.files.begin(), table_file(".csv", std::move(rows).take()));
  out.agreement = agreement_of(*out.files.front().table);
  out.comparison = out.files.front().table;
  return out;
}

namespace {

// The registry scheduler a series runs for a case: align-message is the paper's name for Algorithm
// 1 where gcd(x, q) = gcd(y, p) = 1 and Algorithm 2 elsewhere (sec. 5).
std::string scheduler_spec(const RedistributionScenario::Series& series, const RedistributionScenario::Case& c) {
  const rd::Redistribution r = redistribution_of(c);
  std::string name = series.scheduler;
  if (name == "align-message")
    name = !c.align.empty() ? c.align : rd::algorithm1_applies(r) ? "algorithm1" : "algorithm2";
  return fmt::format("{}:x={},p={},y={},q={}", name, r.x, r.p, r.y, r.q);
}

struct Cell {
  std::size_t case_index = 0;
  std::int64_t local_size = 0;
};

// The paper's notation: (x, p) -> (y, q).
std::string case_label(const RedistributionScenario::Case& c) { return fmt::format("({},{})->({},{})", c.x, c.p, c.y, c.q); }

}  // namespace

ScenarioOutputs redistribution_times(const RedistributionScenario& s, const RunOptions& run) {
  const auto machine = make_machine(s.machine);
  const SchedulingHints hints = machine->hints();
  std::vector<Cell> cells;
  for (std::size_t c = 0; c < s.cases.size(); ++c) {
    if (s.global_size > 0)
      cells.push_back({c, s.global_size / s.cases[c].p});
    else
      for (auto size : s.local_sizes) cells.push_back({c, size});
  }
  // Every job compiled here first: a bad case or series fails before any process starts.
  auto compile_cell = [&](const Cell& cell) {
    const rd::Redistribution r = redistribution_of(s.cases[cell.case_index]);
    const std::string where = fmt::format("{} (case {})", s.path, case_label(s.cases[cell.case_index]));
    if (std::max(r.p, r.q) > machine->nodes())
      throw Error(where, fmt::format("{} needs {} processors, machine {} has {}", r.name(), std::max(r.p, r.q),
                                     machine->name(), machine->nodes()));
    const std::int64_t global = s.global_size > 0 ? s.global_size : cell.local_size * r.p;
    const CommMatrix matrix = rd::redistribution_matrix(r, global, s.element_bytes, machine->nodes());
    std::vector<CompiledJob> jobs;
    for (const auto& series : s.series)
      jobs.push_back(compile_job(matrix, find_scheduler(scheduler_spec(series, s.cases[cell.case_index]), where),
                                 series.strategy, hints, {}));
    return jobs;
  };
  std::vector<std::vector<CompiledJob>> compiled;
  for (const auto& cell : cells) compiled.push_back(compile_cell(cell));
  TaskList<std::size_t> list;  // a task per cell, by its index in `cells`
  for (std::size_t k = 0; k < cells.size(); ++k) list.keys.push_back(k);
  list.run = [&](std::size_t k) { return simulate_compiled(*make_machine(s.machine), std::move(compiled[k]), run.simulation); };
  list.check = [&](std::size_t, const std::vector<JobRecord>& got) { return record_count_problem(got, s.series.size()); };
  std::vector<std::vector<JobRecord>> records;
  for (auto& outcome : run_task_list(list, run)) records.push_back(std::move(outcome.records));

  // The table first: a row per cell and series (its time, "comm") and per cell and series other than
  // the baseline (its time over the baseline's, "vs_<baseline>", beside the paper's ratio).
  const auto baseline = static_cast<std::size_t>(
      std::find_if(s.series.begin(), s.series.end(), [&](const auto& one) { return one.label == s.baseline; }) -
      s.series.begin());
  const std::string vs = "vs_" + s.baseline;
  std::vector<std::string> xs;  // the x of each cell: unique per cell
  ComparisonTable table(s.id);
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const auto& cell = cells[c];
    const std::string label = case_label(s.cases[cell.case_index]);
    xs.push_back(s.cases.size() == 1                              ? fmt::format("{}", cell.local_size)
                 : s.global_size > 0 || s.local_sizes.size() == 1 ? label
                                                                  : fmt::format("{} N={}", label, cell.local_size));
    for (std::size_t k = 0; k < s.series.size(); ++k)
      table.add_time_ms("comm", s.series[k].label, xs.back(), std::nullopt, records[c][k].comm_s * 1e3);
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      if (k == baseline) continue;
      const auto paper = s.paper_ratio.find(s.series[k].label);
      table.add(vs, s.series[k].label, xs.back(),
                paper != s.paper_ratio.end() ? std::optional<double>(paper->second) : std::nullopt,
                records[c][k].comm_s / records[c][baseline].comm_s);
    }
  }
  ScenarioOutputs out;
  out.files.push_back(table_file(".csv", std::move(table).take()));
  const ResultTable& t = *out.files.back().table;

  // The text renders the table: one line per cell, times in ms to the table's 4th decimal, ratios
  // to the baseline to the 3rd.
  const auto column = [&](const char* name) { return t.required_column(name, "redistribution_times"); };
  const std::size_t row_c = column("row"), series_c = column("series"), x_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim");
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> at;  // (row, series, x) -> row index
  for (std::size_t r = 0; r < t.rows.size(); ++r)
    at[{cell_text(t.at(r, row_c)), cell_text(t.at(r, series_c)), cell_text(t.at(r, x_c))}] = r;
  const auto value = [&](const std::string& row, std::size_t k, std::size_t c, std::size_t column) {
    return cell_number(t.at(at.at({row, s.series[k].label, xs[c]}), column));
  };
  std::string text = header_text(s);
  for (const auto& [key, option] : s.machine.options)
    text += fmt::format("machine option changed from the published value: {} = {}\n", key, option);
  text += fmt::format("machine {} ({} nodes), {}-byte elements{}; communication time in ms\n\n", machine->name(),
                      machine->nodes(), s.element_bytes,
                      s.global_size > 0 ? fmt::format(", global size {} (local N = global / p)", s.global_size) : "");
  // Columns as wide as their heads (at least 12): times, then ratios to the baseline.
  std::vector<std::size_t> time_width, ratio_width;
  text += fmt::format("{:<22}{:>10}", "case", "local N");
  for (const auto& series : s.series) {
    time_width.push_back(std::max<std::size_t>(12, series.label.size() + 2));
    text += fmt::format("{:>{}}", series.label, time_width.back());
  }
  for (std::size_t k = 0; k < s.series.size(); ++k) {
    const std::string head = fmt::format("{}/{}", s.series[k].label, s.baseline);
    const bool with_paper = s.paper_ratio.contains(s.series[k].label);
    ratio_width.push_back(std::max<std::size_t>(with_paper ? 22 : 12, head.size() + 2));
    if (k != baseline) text += fmt::format("{:>{}}", head, ratio_width.back());
  }
  text += "\n";
  // Every cell of mcsim's column was simulated: an empty one is a defect of the table, not a zero.
  const auto simulated = [&](const std::string& row, std::size_t k, std::size_t c) {
    const auto v = value(row, k, c, mcsim_c);
    if (!v) throw Error(s.id, fmt::format("the result table has no {} for {} in row {}", row, s.series[k].label, c + 1));
    return *v;
  };
  std::map<std::size_t, std::vector<double>> ratios;
  std::vector<RedistributionCellTimes> drawn;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const auto& cell = cells[c];
    text += fmt::format("{:<22}{:>10}", case_label(s.cases[cell.case_index]), cell.local_size);
    drawn.push_back({cell.case_index, cell.local_size, xs[c], {}});
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      const double ms = simulated("comm", k, c);
      text += fmt::format("{:>{}.4f}", ms, time_width[k]);
      drawn.back().ms.push_back(ms);
    }
    for (std::size_t k = 0; k < s.series.size(); ++k) {
      if (k == baseline) continue;
      const double ratio = simulated(vs, k, c);
      const auto paper_ratio = value(vs, k, c, paper_c);
      ratios[k].push_back(ratio);
      text += fmt::format("{:>{}}",
                          fmt::format("{:.3f}{}", ratio, paper_ratio ? fmt::format(" (paper ~{:g})", *paper_ratio) : ""),
                          ratio_width[k]);
    }
    text += "\n";
  }
  if (!s.paper_statements.empty()) {
    text += "\nthe paper says:\n";
    for (const auto& statement : s.paper_statements) text += fmt::format("  - {}\n", statement);
  }
  text += "\nmcsim:\n";
  for (const auto& [k, values] : ratios) {
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    text += fmt::format("  - {} / {}: {:.3f} .. {:.3f} (first {:.3f}, last {:.3f})\n", s.series[k].label, s.baseline,
                        *low, *high, values.front(), values.back());
  }
  out.printed = text;
  out.agreement = agreement_of(t);
  out.comparison = out.files.back().table;
  out.plot = redistribution_times_plot(s, drawn);
  return out;
}

}  // namespace mcsim
