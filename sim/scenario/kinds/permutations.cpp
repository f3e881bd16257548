// kind = "permutations" (Tables 1-2 and Figure 4 of the CM-5 paper, the iPSC/860 paper's d + log d
// bound): no simulation; every series is scheduled for every lambda in [permutations] lambda (its
// spec's {lambda} replaced) and every density, and the mean number of permutations is reported
// beside the paper's, with the closed forms (permutation_count.hpp). Its one report: "counts".
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../permutation_count.hpp"
#include "../scenario_outputs.hpp"
#include "../sweep_kind.hpp"
#include "../sweep_reading.hpp"

namespace mcsim {

namespace {

class PermutationsKind : public SweepKind<PermutationScenario> {
 public:
  using SweepKind::SweepKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<PermutationsKind>(*this); }
  ScenarioOutputs run(const RunOptions& run, const ReportOptions&) const override {
    ScenarioOutputs out;
    const auto result = run_permutation_count(value_, run);
    out.files.push_back(table_file(".csv", permutation_comparison(result)));
    out.printed = permutation_side_by_side(result, *out.files.back().table);
    out.agreement = agreement_of(*out.files.back().table);
    out.comparison = out.files.back().table;
    out.files.push_back(table_file(".points.csv", permutation_points_table(result)));
    if (value_.plot == PlotKind::heap_ops) out.plot = heap_ops_plot(result);
    return out;
  }
};

void read_paper_permutations(const Reader& r, const toml::array& rows, PermutationScenario& s) {
  for (const auto& item : rows) {
    const auto* row = item.as_table();
    if (!row) throw Error(r.at(item, "paper.rows"), "each [[paper.rows]] must be a table");
    PermutationScenario::PermutationRow out;
    const auto* lambda = row->get("lambda");
    if (!lambda) throw Error(r.at(item, "paper.rows.lambda"), "missing required key");
    out.lambda = r.number(*lambda, "paper.rows.lambda");
    for (const auto& [key, value] : *row) {
      const std::string name(key.str());
      if (name == "lambda") continue;
      const auto* array = value.as_array();
      if (!array || array->size() != s.densities.size())
        throw Error(r.at(value, "paper.rows." + name),
                    fmt::format("expected a list with one number per density ({})", s.densities.size()));
      std::vector<std::optional<double>> values;
      for (const auto& v : *array) values.push_back(r.number(v, "paper.rows." + name));
      if (name == "d") {
        for (std::size_t i = 0; i < values.size(); ++i)
          if (static_cast<int>(*values[i]) != s.densities[i])
            throw Error(r.at(value, "paper.rows.d"), "must repeat workload.density");
        continue;
      }
      out.values[name] = std::move(values);
    }
    s.paper_permutations.push_back(std::move(out));
  }
}

// The [permutations] table: lambda, closed_forms, statistics.
void read_permutations_table(const Reader& r, const toml::table& root, PermutationScenario& s) {
  if (const auto* perms = root["permutations"].as_table()) {
    r.only_keys(*perms, "permutations", {"lambda", "closed_forms", "statistics"});
    const auto names = [&](const char* key, std::vector<std::string> known) {
      std::vector<std::string> out;
      const auto* list = (*perms)[key].as_array();
      if (!list) return out;
      const std::string full = std::string("permutations.") + key;
      for (const auto& item : *list) {
        auto text = item.value<std::string>();
        if (!text) throw Error(r.at(item, full), "expected a list of names");
        if (std::find(known.begin(), known.end(), *text) == known.end())
          throw Error(r.at(item, full), fmt::format("unknown name '{}' (known: {})", *text, fmt::join(known, ", ")));
        out.push_back(*text);
      }
      return out;
    };
    if ((*perms)["closed_forms"]) s.closed_forms = names("closed_forms", closed_form_names());
    if ((*perms)["statistics"]) {
      s.statistics = names("statistics", {"mean", "max"});
      if (s.statistics.empty()) throw Error(r.at(*perms, "permutations.statistics"), "the list is empty");
    }
    if (const auto* list = (*perms)["lambda"].as_array()) {
      std::vector<std::string> values;
      for (const auto& item : *list) {
        const double lambda = r.number(item, "permutations.lambda");
        if (!(lambda > 0 && lambda <= 1)) throw Error(r.at(item, "permutations.lambda"), "lambda must be in (0, 1]");
        s.lambdas.push_back(lambda);
        values.push_back(fmt::format("{}", lambda));
      }
      r.distinct(*list, values, "permutations.lambda");
    }
  }
  if (s.lambdas.empty()) s.lambdas.push_back(1.0);
}

std::unique_ptr<KindScenario> read(const ScenarioFile& file) {
  const Reader& r = file.reader;
  PermutationScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  if (!file.report.empty() && file.report != "counts")
    throw Error(file.report_where(), fmt::format("unknown report '{}' of kind = \"permutations\" (counts)", file.report));
  if (s.plot != PlotKind::none && s.plot != PlotKind::heap_ops)
    throw Error(r.at(*file.root.get("plot"), "plot"), "kind = \"permutations\" draws plot = \"heap-ops\" only");
  read_permutations_table(r, file.root, s);
  SweepRules rules{.lambda_specs = true};
  rules.paper_rows = [&](const toml::array& rows) { read_paper_permutations(r, rows, s); };
  // A [[paper.rows]] row also carries the closed forms and per-statistic columns ("RS_N max").
  rules.row_labels = [&](const SweepScenario& sweep) {
    std::set<std::string> labels;
    for (const auto& form : closed_form_names()) labels.insert(form);
    for (const auto& series : sweep.series)
      for (const auto& statistic : s.statistics) labels.insert(series.label + " " + statistic);
    return labels;
  };
  std::vector<std::uint64_t> traffic;
  read_sweep(file, s, rules, traffic);
  // Permutation counts schedule the series' own spec (a best_of series its first member) per lambda.
  for (double lambda : s.lambdas) {
    std::vector<SchedulerChoice> choices;
    for (const auto& series : s.series) choices.push_back(find_scheduler(with_lambda(series.scheduler, lambda), s.path));
    s.lambda_choices.push_back(std::move(choices));
  }
  return std::make_unique<PermutationsKind>(std::move(s));
}

}  // namespace

ReproductionKind permutations_kind() {
  return {"permutations", "the schedules' permutation counts beside the paper's and the closed forms (no simulation)",
          {"samples", "seed", "machine", "workload", "sweep", "series", "paper", "permutations"}, &read};
}

}  // namespace mcsim
