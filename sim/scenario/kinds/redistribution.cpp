// kind = "redistribution" (Guo and Pan 2005): array redistributions cyclic(x) on p -> cyclic(y) on q
// ([redistribution] cases). report = "tables": the communication table and the schedules' CS
// tables and unit costs beside the paper's, with a timeline picture per schedule. report =
// "times": every series' schedule simulated on [machine] for each case and local array size,
// beside the paper's statements (redistribution_report.hpp).
#include <algorithm>

#include <fmt/format.h>

#include "../../core/scheduler.hpp"
#include "../machine_table.hpp"
#include "../redistribution_report.hpp"
#include "../scenario_outputs.hpp"
#include "../work_estimate.hpp"

namespace mcsim {

namespace {

class RedistributionKind : public TypedKind<RedistributionScenario> {
 public:
  using TypedKind::TypedKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<RedistributionKind>(*this); }
  // Only report "times" runs on a machine.
  std::vector<MachineSpec> machines() const override {
    if (value_.report != RedistributionScenario::Report::times) return {};
    return {value_.machine};
  }
  MachineSpec* machine() override {
    return value_.report == RedistributionScenario::Report::times ? &value_.machine : nullptr;
  }
  // The paper timed its own machine: on another (a user's file, a bundled one) its ratios and
  // statements are no comparison and its notes describe the wrong machine. The title's last part
  // names the paper's machine in every redistribution scenario ("..., Sun cluster with MPICH
  // 1.1.2"): it becomes the machine run on; the notes become one naming it (as the simulation kind).
  void replace_machine(const std::string& name) override {
    const std::string papers = value_.machine.name;
    KindScenario::replace_machine(name);
    if (name == papers) return;
    const auto last = value_.title.rfind(", ");
    value_.title = fmt::format("{}, on {}", value_.title.substr(0, last), name);
    value_.notes = {fmt::format("machine {} in place of the scenario's {}: mcsim's numbers only, the paper's ratios "
                                "and statements are of its own machine",
                                name, papers)};
    value_.paper_ratio.clear();
    value_.paper_statements.clear();
  }
  WorkEstimate estimate_work(const RunOptions& run, double task_share, double stop_above) const override {
    return estimate_kind_work(value_, run, WorkStop{task_share, stop_above});
  }
  ScenarioOutputs run(const RunOptions& run, const ReportOptions&) const override {
    return value_.report == RedistributionScenario::Report::tables ? redistribution_tables(value_)
                                                                    : redistribution_times(value_, run);
  }
};

// The [redistribution] table and the paper's tables.
void read_redistribution_table(const ScenarioFile& file, RedistributionScenario& s) {
  using Report = RedistributionScenario::Report;
  const Reader& r = file.reader;
  const toml::table& root = file.root;
  const auto* table = root["redistribution"].as_table();
  if (!table) throw Error(r.at("redistribution"), "kind = \"redistribution\" needs a [redistribution] table");
  r.only_keys(*table, "redistribution",
              {"cases", "schedules", "local_sizes", "global_size", "element_bytes", "series", "baseline"});
  if (file.report.empty()) throw Error(file.report_where(), "missing required key (tables or times)");
  if (file.report != "tables" && file.report != "times")
    throw Error(file.report_where(),
                fmt::format("unknown report '{}' of kind = \"redistribution\" (tables or times)", file.report));
  s.report = file.report == "tables" ? Report::tables : Report::times;
  const auto* cases = (*table)["cases"].as_array();
  if (!cases || cases->empty()) throw Error(r.at("redistribution.cases"), "needs a list of {x, p, y, q} tables");
  for (const auto& item : *cases) {
    const auto* c = item.as_table();
    if (!c) throw Error(r.at(item, "redistribution.cases"), "expected {x = .., p = .., y = .., q = ..}");
    r.only_keys(*c, "redistribution.cases", {"x", "p", "y", "q", "align"});
    auto value = [&](const char* key) {
      const auto* node = c->get(key);
      if (!node) throw Error(r.at(item, std::string("redistribution.cases.") + key), "missing required key");
      const auto v = r.integers(*node, std::string("redistribution.cases.") + key, 1);
      if (v.size() != 1 || v[0] > 1000000) throw Error(r.at(*node, "redistribution.cases"), "expected one integer up to 10^6");
      return v[0];
    };
    s.cases.push_back({value("x"), static_cast<int>(value("p")), value("y"), static_cast<int>(value("q")),
                       r.string(*c, "align", "redistribution.cases.align", false)});
    const std::string& align = s.cases.back().align;
    if (!align.empty() && align != "algorithm1" && align != "algorithm2")
      throw Error(r.at(*c->get("align"), "redistribution.cases.align"), "expected algorithm1 or algorithm2");
  }
  {
    std::vector<std::string> shown;
    for (const auto& c : s.cases)
      shown.push_back(fmt::format("({},{})->({},{}){}", c.x, c.p, c.y, c.q, c.align.empty() ? "" : " " + c.align));
    r.distinct(*cases, shown, "redistribution.cases");
  }
  auto names = [&](const toml::node* node, const std::string& full) {
    std::vector<std::string> out;
    const auto* list = node ? node->as_array() : nullptr;
    if (!list || list->empty()) throw Error(r.at(full), "needs a non-empty list of names");
    for (const auto& item : *list) {
      auto text = item.value<std::string>();
      if (!text) throw Error(r.at(item, full), "expected a name");
      out.push_back(*text);
    }
    r.distinct(*list, out, full);
    return out;
  };
  const toml::table* paper = root["paper"].as_table();
  if (paper) r.only_keys(*paper, "paper", {"table", "cs", "units", "statements", "ratio"});
  if (s.report == Report::tables) {
    for (const char* key : {"local_sizes", "global_size", "element_bytes", "series", "baseline"})
      if (const auto* node = table->get(key))
        throw Error(r.at(*node, std::string("redistribution.") + key), "belongs to report = \"times\" only");
    if (root.get("machine")) throw Error(r.at("machine"), "report = \"tables\" runs no machine");
    if (s.cases.size() != 1) throw Error(r.at(*cases, "redistribution.cases"), "report = \"tables\" takes one case");
    s.schedules = names(table->get("schedules"), "redistribution.schedules");
    if (!paper) return;
    if (const auto* rows = (*paper)["table"].as_array())
      for (const auto& row : *rows) s.paper_table.push_back(r.integers(row, "paper.table", 0));
    if (const auto* cs = (*paper)["cs"].as_table())
      for (const auto& [name, rows] : *cs) {
        const std::string full = "paper.cs." + std::string(name.str());
        auto& table_rows = s.paper_cs[std::string(name.str())];
        const auto* list = rows.as_array();
        if (!list) throw Error(r.at(rows, full), "expected a list of rows, one per sender");
        for (const auto& row : *list) {
          const auto* steps = row.as_array();
          if (!steps) throw Error(r.at(row, full), "expected a row: one entry per step (a target, or a list of targets)");
          std::vector<std::vector<int>> parsed;
          for (const auto& step : *steps) {
            std::vector<int> targets;
            if (step.as_array()) {
              for (const auto& t : *step.as_array()) targets.push_back(static_cast<int>(r.integer(t, full)));
            } else {
              targets.push_back(static_cast<int>(r.integer(step, full)));
            }
            parsed.push_back(std::move(targets));
          }
          table_rows.push_back(std::move(parsed));
        }
      }
    if (const auto* units = (*paper)["units"].as_table())
      for (const auto& [name, value] : *units)
        s.paper_units[std::string(name.str())] = r.integer(value, "paper.units." + std::string(name.str()));
    return;
  }
  if (table->get("schedules")) throw Error(r.at(*table->get("schedules"), "redistribution.schedules"),
                                           "belongs to report = \"tables\" only (times: series)");
  read_machine_table(r, root, s.machine);
  const auto* sizes = table->get("local_sizes");
  const auto* global = table->get("global_size");
  if ((sizes == nullptr) == (global == nullptr))
    throw Error(r.at("redistribution.local_sizes"), "needs local_sizes or global_size (one of them)");
  if (sizes) s.local_sizes = r.axis(*sizes, "redistribution.local_sizes", 1);
  if (global) s.global_size = r.integers(*global, "redistribution.global_size", 1).at(0);
  if (const auto* bytes = table->get("element_bytes"))
    s.element_bytes = static_cast<int>(r.integers(*bytes, "redistribution.element_bytes", 1).at(0));
  const auto* series = (*table)["series"].as_array();
  if (!series || series->empty()) throw Error(r.at("redistribution.series"), "needs a list of {label, scheduler}");
  for (const auto& item : *series) {
    const auto* t = item.as_table();
    if (!t) throw Error(r.at(item, "redistribution.series"), "expected {label = .., scheduler = ..}");
    r.only_keys(*t, "redistribution.series", {"label", "scheduler", "strategy"});
    RedistributionScenario::Series one;
    one.label = r.string(*t, "label", "redistribution.series.label", true);
    one.scheduler = r.string(*t, "scheduler", "redistribution.series.scheduler", true);
    if (const auto* strategy = t->get("strategy"))
      one.strategy = strategy_from_string(r.string(*t, "strategy", "redistribution.series.strategy", true),
                                          r.at(*strategy, "redistribution.series.strategy"));
    s.series.push_back(std::move(one));
  }
  {
    std::vector<std::string> labels;
    for (const auto& one : s.series) labels.push_back(one.label);
    r.distinct(*series, labels, "redistribution.series.label");
  }
  s.baseline = r.string(*table, "baseline", "redistribution.baseline", false, s.series.front().label);
  auto is_label = [&](const std::string& label) {
    return std::any_of(s.series.begin(), s.series.end(), [&](const auto& one) { return one.label == label; });
  };
  if (!is_label(s.baseline)) throw Error(r.at(*table->get("baseline"), "redistribution.baseline"), "not a series label");
  if (!paper) return;
  if (const auto* list = (*paper)["statements"].as_array())
    for (const auto& item : *list)
      if (auto text = item.value<std::string>()) s.paper_statements.push_back(*text);
  if (const auto* ratios = (*paper)["ratio"].as_table())
    for (const auto& [name, value] : *ratios) {
      if (!is_label(std::string(name.str()))) throw Error(r.at(value, "paper.ratio"), "not a series label");
      s.paper_ratio[std::string(name.str())] = r.number(value, "paper.ratio." + std::string(name.str()));
    }
  for (const char* key : {"table", "cs", "units"})
    if (const auto* node = paper->get(key)) throw Error(r.at(*node, std::string("paper.") + key), "belongs to report = \"tables\" only");
}

std::unique_ptr<KindScenario> read(const ScenarioFile& file) {
  RedistributionScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  if (s.plot != PlotKind::none)
    throw Error(file.reader.at(*file.root.get("plot"), "plot"), "kind = \"redistribution\" draws its own SVGs");
  read_redistribution_table(file, s);
  return std::make_unique<RedistributionKind>(std::move(s));
}

}  // namespace

ReproductionKind redistribution_kind() {
  return {"redistribution", "array redistribution tables, schedules and simulated times",
          {"machine", "redistribution", "paper"}, &read};
}

}  // namespace mcsim
