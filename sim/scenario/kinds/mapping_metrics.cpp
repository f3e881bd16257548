// kind = "mapping-metrics" (Lo, Rajopadhye, Telle & Zhong 1992): no machine, workload or series;
// the [mapping] table says which binomial trees B(n), volume ratios alpha and mappings to measure
// with the metrics of sim/mapping/. report = "lemmas": beside the paper's closed forms; report =
// "slowdown": the slowdown S of equations 2, 4, 6, 7 against n (plot = "slowdown"), the smaller
// trees also simulated on a mesh (mapping_simulation.hpp).
#include <fmt/format.h>

#include "../../mapping/alpha.hpp"
#include "../../mapping/mappings.hpp"
#include "../mapping_report.hpp"
#include "../mapping_simulation.hpp"
#include "../scenario_outputs.hpp"
#include "../work_estimate.hpp"

namespace mcsim {

namespace {

class MappingMetricsKind : public TypedKind<MappingScenario> {
 public:
  using TypedKind::TypedKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<MappingMetricsKind>(*this); }
  // It builds its own meshes (one per tree), no [machine].
  std::vector<MachineSpec> machines() const override { return {}; }
  // B(n) runs on a 2^n-node mesh: simulates the trees up to the largest n with 2^n <= max_nodes
  // (the metrics of every n are arithmetic and stay).
  void limit_nodes(int max_nodes) override {
    int n = 0;
    while (n < 30 && (1LL << (n + 1)) <= max_nodes) ++n;
    value_.mapping.simulate_up_to = std::min(value_.mapping.simulate_up_to, n);
  }
  WorkEstimate estimate_work(const RunOptions& run, double task_share, double stop_above) const override {
    return estimate_kind_work(value_, run, WorkStop{task_share, stop_above});
  }
  ScenarioOutputs run(const RunOptions& run, const ReportOptions&) const override {
    const MappingScenario& s = value_;
    ScenarioOutputs out;
    if (s.mapping.report == MappingScenario::Report::lemmas) {
      const auto rows = lemma_rows(s);
      out.files.push_back(table_file(".csv", lemma_result_table(s.id, rows)));
      out.printed = lemma_side_by_side(s, *out.files.back().table);
      out.comparison = lemma_comparison(s.id, rows);
      return out;
    }
    auto rows = slowdown_rows(s);
    simulate_slowdowns(s, rows, run);
    out.files.push_back(table_file(".csv", slowdown_result_table(s.id, rows)));
    out.printed = slowdown_side_by_side(s, *out.files.back().table);
    out.comparison = slowdown_comparison(s.id, slowdown_rows_of(*out.files.back().table));
    if (s.plot == PlotKind::slowdown) out.plot = slowdown_plot(s, rows);
    return out;
  }
};

// The [mapping] table of kind = "mapping-metrics".
void read_mapping_table(const ScenarioFile& file, MappingScenario& s) {
  const Reader& r = file.reader;
  const toml::table& root = file.root;
  const auto* table = root["mapping"].as_table();
  if (!table) throw Error(r.at("mapping"), "kind = \"mapping-metrics\" needs a [mapping] table");
  r.only_keys(*table, "mapping", {"n", "alpha", "mappings", "links", "startup_c", "simulate_up_to"});
  auto& m = s.mapping;
  if (file.report.empty()) throw Error(file.report_where(), "missing required key (lemmas or slowdown)");
  if (file.report != "lemmas" && file.report != "slowdown")
    throw Error(file.report_where(),
                fmt::format("unknown report '{}' of kind = \"mapping-metrics\" (lemmas or slowdown)", file.report));
  m.report = file.report == "lemmas" ? MappingScenario::Report::lemmas : MappingScenario::Report::slowdown;
  const auto* n = table->get("n");
  if (!n) throw Error(r.at("mapping.n"), "missing required key");
  for (auto v : r.axis(*n, "mapping.n", 1)) {
    if (v > 18) throw Error(r.at(*n, "mapping.n"), fmt::format("B({}) is too large to measure here (at most 18)", v));
    m.n.push_back(static_cast<int>(v));
  }
  const auto* alphas = (*table)["alpha"].as_array();
  if (!alphas || alphas->empty()) throw Error(r.at("mapping.alpha"), "needs a list of alpha values, e.g. [\"1\", \"1/2\"]");
  for (const auto& item : *alphas) {
    std::string label;
    if (auto text = item.value<std::string>())
      label = *text;
    else
      label = fmt::format("{}", r.number(item, "mapping.alpha"));
    m.alphas.push_back(parse_alpha(label, r.at(item, "mapping.alpha")));
    m.alpha_labels.push_back(label);
  }
  {  // "1/2" and "0.5" are one alpha: compared by value
    std::vector<std::string> values;
    for (double alpha : m.alphas) values.push_back(fmt::format("{}", alpha));
    r.distinct(*alphas, values, "mapping.alpha");
  }
  if (const auto* list = (*table)["mappings"].as_array()) {
    for (const auto& item : *list) {
      auto name = item.value<std::string>();
      if (!name) throw Error(r.at(item, "mapping.mappings"), "expected mapping names");
      find_mapping(*name, r.at(item, "mapping.mappings"));
      m.mappings.push_back(*name);
    }
    r.distinct(*list, m.mappings, "mapping.mappings");
  }
  if (m.mappings.empty()) m.mappings = {"reflecting", "growing"};
  const std::string links = r.string(*table, "links", "mapping.links", false, "undirected");
  if (links != "undirected" && links != "directed")
    throw Error(r.at(*table->get("links"), "mapping.links"), fmt::format("unknown links '{}' (undirected or directed)", links));
  m.directed_links = links == "directed";
  if (const auto* list = (*table)["startup_c"].as_array()) {
    std::vector<std::string> values;
    for (const auto& item : *list) {
      const double c = r.number(item, "mapping.startup_c");
      if (!(c >= 0)) throw Error(r.at(item, "mapping.startup_c"), "startup c must be at least 0");
      m.startup_c.push_back(c);
      values.push_back(fmt::format("{}", c));
    }
    r.distinct(*list, values, "mapping.startup_c");
  }
  if (const auto* up_to = table->get("simulate_up_to")) {
    const auto v = r.integers(*up_to, "mapping.simulate_up_to", 0);
    if (v.size() != 1) throw Error(r.at(*up_to, "mapping.simulate_up_to"), "expected one integer");
    if (m.report != MappingScenario::Report::slowdown)
      throw Error(r.at(*up_to, "mapping.simulate_up_to"), "only report = \"slowdown\" simulates");
    if (v[0] > 16) throw Error(r.at(*up_to, "mapping.simulate_up_to"), fmt::format("B({}) is too large to simulate here (at most 16)", v[0]));
    m.simulate_up_to = static_cast<int>(v[0]);
  }
  if (s.plot != PlotKind::none && !(s.plot == PlotKind::slowdown && m.report == MappingScenario::Report::slowdown))
    throw Error(r.at(*root.get("plot"), "plot"), "a mapping-metrics scenario plots only plot = \"slowdown\" of report \"slowdown\"");
}

std::unique_ptr<KindScenario> read(const ScenarioFile& file) {
  MappingScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  read_mapping_table(file, s);
  return std::make_unique<MappingMetricsKind>(std::move(s));
}

}  // namespace

ReproductionKind mapping_metrics_kind() {
  return {"mapping-metrics", "metrics (and slowdown) of binomial trees mapped onto a mesh", {"mapping"}, &read};
}

}  // namespace mcsim
