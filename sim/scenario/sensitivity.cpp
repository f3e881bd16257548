#include "sensitivity.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <fmt/format.h>

#include "../../topologies/machines.hpp"
#include "../core/error.hpp"
#include "../core/machine_file_reader.hpp"
#include "../core/machine_file_schema.hpp"
#include "../output/report.hpp"
#include "scenario_outputs.hpp"
#include "../runner/task_store.hpp"

namespace mcsim {

namespace {

// The unit a bare number of an option key is in (its suffix: cmmd_startup_us is in us), as a
// factor from SI units, and its text; a key without one takes SI units.
std::pair<double, std::string> option_unit(const std::string& key, Dimension dimension) {
  static const std::vector<std::tuple<std::string, double, std::string>> suffixes = {
      {"_us", 1e-6, "us"}, {"_ms", 1e-3, "ms"}, {"_ns", 1e-9, "ns"}, {"_MBps", 1e6, "MB/s"}, {"_Bps", 1, "B/s"},
      {"_bytes", 1, "B"}};
  for (const auto& [suffix, factor, unit] : suffixes)
    if (key.size() > suffix.size() && key.ends_with(suffix)) return {factor, unit};
  return {1, dimension == Dimension::seconds ? "s" : dimension == Dimension::bytes ? "B" : "B/s"};
}

// Every parameter of the scenario's machine file that has an option key, and every choice, with
// the values they take in the scenario (the file read with its options, for its node count).
std::vector<MachineOptionDeclaration> declared_options(const MachineSpec& spec) {
  MachineFile m = read_machine(spec);
  resolve_for_nodes(m, spec.nodes);
  std::vector<MachineOptionDeclaration> declared;
  for (const auto& p : m.parameters) {
    if (p.name == p.path) continue;  // no option key: a file's what-if changes it, not a variant
    MachineOptionDeclaration d{p.name, MachineOptionDeclaration::Kind::text, p.has_value ? p.text : "rule " + p.rule, {}};
    const bool numeric = p.kind == ParameterRecord::Kind::quantity || p.kind == ParameterRecord::Kind::number ||
                         (p.kind == ParameterRecord::Kind::derived && p.has_value);
    if (numeric && std::isfinite(p.value)) {
      if (p.kind == ParameterRecord::Kind::number || p.dimension == Dimension::count) {
        d.value = fmt::format("{}", p.value);
      } else {
        // As written when the file writes it in the key's unit ("150 us" for long_startup_us), so
        // that a factor scales the published digits.
        const auto [factor, unit] = option_unit(p.name, p.dimension);
        d.value = p.unit == unit ? p.text.substr(0, p.text.find_first_not_of("0123456789.eE+-"))
                                 : fmt::format("{}", p.value / factor);
      }
      const bool whole = p.value == std::floor(p.value);
      d.kind = p.dimension == Dimension::bytes || (p.dimension == Dimension::count && whole)
                   ? MachineOptionDeclaration::Kind::integer
                   : MachineOptionDeclaration::Kind::number;
    }
    // A word the schema limits to a few (the CM-5's node_interface: shared, duplex) is a choice.
    if (const auto spec = machine_file_schema::spec_of(p.path);
        p.kind == ParameterRecord::Kind::word && spec && !spec->words.empty()) {
      d.kind = MachineOptionDeclaration::Kind::choice;
      d.choices = spec->words;
    }
    declared.push_back(std::move(d));
  }
  for (const auto& c : m.choices)
    declared.push_back({c.name, MachineOptionDeclaration::Kind::choice, c.chosen, c.values});
  return declared;
}

std::string factor_name(double factor) { return fmt::format("x{}", factor); }

// Each factor's value of a numeric option; none for 0 (a factor does not move it) or where an
// integer option rounds back to its own value.
std::vector<SensitivityVariant> numeric_variants(const MachineOptionDeclaration& d, const std::vector<double>& factors) {
  std::vector<SensitivityVariant> variants;
  const double value = std::stod(d.value);
  if (value == 0) return variants;
  for (double f : factors) {
    std::string changed;
    if (d.kind == MachineOptionDeclaration::Kind::integer) {
      const double scaled = std::round(value * f);
      if (scaled == value || std::abs(scaled) > 2e9) continue;
      changed = fmt::format("{}", static_cast<long long>(scaled));
    } else {
      changed = fmt::format("{}", value * f);
    }
    variants.push_back({d.key, changed, factor_name(f), std::nullopt, ""});
  }
  return variants;
}

}  // namespace

namespace {
// Whether the scenario holds a number of the paper a variant could move its agreement with: read
// from the file, before anything runs (the check after the baseline ran came after every shard had
// run its share of every variant: a sharded study of guo05-fig6 ran whole and failed in merge).
// Kinds not named here are taken to have one; the check after the baseline still holds for them.
bool paper_gives_numbers(const Scenario& scenario) {
  const KindScenario& kind = scenario.kind();
  if (const auto* sim = dynamic_cast<const TypedKind<SimulationScenario>*>(&kind)) {
    const SimulationScenario& s = sim->value();
    if (s.report == SimulationScenario::Report::comparison) return !s.paper.empty();
    if (s.report == SimulationScenario::Report::regions) return !s.paper.regions.empty();
    return false;  // sweep, overhead, machines: no agreement is reported
  }
  if (const auto* red = dynamic_cast<const TypedKind<RedistributionScenario>*>(&kind)) {
    const RedistributionScenario& s = red->value();
    if (s.report == RedistributionScenario::Report::tables)
      return !s.paper_table.empty() || !s.paper_cs.empty() || !s.paper_units.empty();
    return std::any_of(s.series.begin(), s.series.end(),
                       [&](const auto& series) { return s.paper_ratio.contains(series.label); });
  }
  return true;
}
}  // namespace

SensitivityResult plan_sensitivity(const Scenario& scenario, const SensitivityOptions& options) {
  Scenario copy = scenario;
  const MachineSpec* spec = copy.kind().machine();
  const std::string id = header(scenario).id;
  if (!spec) throw Error("sensitivity", fmt::format("{} has no [machine] whose parameters could vary", id));
  if (!paper_gives_numbers(scenario))
    throw Error("sensitivity", fmt::format("{} has no cell with both a paper and an mcsim value: there is no "
                                           "agreement with the paper for a change of the machine to move",
                                           id));
  for (double f : options.factors)
    if (!(f > 0) || !std::isfinite(f) || f == 1)
      throw Error("sensitivity", fmt::format("factor {} is not a positive number other than 1", f));
  SensitivityResult result;
  result.id = id;
  result.options = declared_options(*spec);
  for (const auto& key : options.only)
    if (std::none_of(result.options.begin(), result.options.end(), [&](const auto& d) { return d.key == key; }))
      throw Error("sensitivity", fmt::format("machine {} has no option '{}'", spec->name, key));
  result.variants.push_back({"", "", "baseline", std::nullopt, ""});
  for (const auto& d : result.options) {
    if (!options.only.empty() && std::find(options.only.begin(), options.only.end(), d.key) == options.only.end())
      continue;
    switch (d.kind) {
      case MachineOptionDeclaration::Kind::number:
      case MachineOptionDeclaration::Kind::integer:
        for (auto& v : numeric_variants(d, options.factors)) result.variants.push_back(std::move(v));
        break;
      case MachineOptionDeclaration::Kind::choice:
        for (const auto& alternative : d.choices)
          if (alternative != d.value) result.variants.push_back({d.key, alternative, "alternative", std::nullopt, ""});
        break;
      case MachineOptionDeclaration::Kind::text:  // shapes, routing orders: not a parameter to scale
        break;
    }
  }
  return result;
}

SensitivityResult run_sensitivity(const Scenario& scenario, const RunOptions& run, const SensitivityOptions& options,
                                  const std::function<void(std::size_t, std::size_t)>& variant_done) {
  SensitivityResult result = plan_sensitivity(scenario, options);
  // A kind without samples: the option's count (0: the scenario's own).
  result.samples = scenario.kind().samples(run);
  if (result.samples == 0) result.samples = run.samples.value_or(0);
  const std::size_t total = result.variants.size();
  bool shard_done = false;
  for (std::size_t k = 0; k < total; ++k) {
    SensitivityVariant& v = result.variants[k];
    Scenario variant = scenario;
    if (!v.option.empty()) variant.kind().machine()->options[v.option] = v.value;
    try {
      const ScenarioOutputs out = run_scenario(variant, run, ReportOptions{.host_times = false});
      if (!out.agreement)
        throw Error("sensitivity", fmt::format("{} reports no agreement with a paper to compare", result.id));
      // A paper that printed no numbers for this reproduction (only its figure's axes survive)
      // leaves nothing for a change to move: said once the baseline has run, not drawn as nothing.
      const Agreement& a = *out.agreement;
      if (k == 0 && a.columns.empty() && a.pairs == 0 && a.cells == 0)
        throw Error("sensitivity", fmt::format("{} has no cell with both a paper and an mcsim value: there is no "
                                               "agreement with the paper for a change of the machine to move",
                                               result.id));
      v.agreement = out.agreement;
    } catch (const ShardDone&) {
      shard_done = true;  // a shard (task_store.hpp) ran its share of this variant's tasks: on to the next one
    } catch (const Error& e) {
      if (k == 0) throw;  // the reproduction itself fails: nothing to compare with
      v.error = e.what();
    }
    if (variant_done) variant_done(k + 1, total);
  }
  if (shard_done) throw ShardDone{};  // every variant's share ran; the report needs every shard
  result.variants.front().value = "as given";  // the scenario's values, listed in result.options
  return result;
}

namespace {

const RatioSpread* overall(const Agreement& a) {
  return a.columns.empty() ? nullptr : &a.columns.back();  // "all" comes last
}

std::string variant_label(const SensitivityVariant& v) {
  return v.option.empty() ? std::string("baseline") : fmt::format("{}={}", v.option, v.value);
}

}  // namespace

ResultTable sensitivity_table(const SensitivityResult& r) {
  const bool regions = !r.variants.empty() && r.variants.front().agreement && r.variants.front().agreement->region_map;
  ResultTable table{r.id + ".sensitivity",
                    {{.name = "experiment", .key = true}, {.name = "option", .key = true}, {.name = "value", .key = true},
                     {.name = "change", .key = true}},
                    {}};
  if (regions)
    table.columns.insert(table.columns.end(), {{.name = "cells"}, {.name = "agreeing_cells"}});
  else
    table.columns.insert(table.columns.end(), {{.name = "column", .key = true}, {.name = "cells"}, {.name = "median"},
                                               {.name = "min"}, {.name = "max"}, {.name = "pairs"},
                                               {.name = "ordered_pairs"}});
  table.columns.push_back({.name = "error"});
  const std::size_t error_column = table.columns.size() - 1;
  const auto count = [](std::size_t n) { return integer_cell(static_cast<std::int64_t>(n)); };
  for (const auto& v : r.variants) {
    const std::vector<ResultCell> head{text_cell(r.id), text_cell(v.option.empty() ? "baseline" : v.option),
                                       text_cell(v.value), text_cell(v.change)};
    if (!v.agreement) {
      std::vector<ResultCell> row = head;
      row.resize(error_column);
      row.push_back(text_cell(v.error));
      table.rows.push_back(std::move(row));
      continue;
    }
    const Agreement& a = *v.agreement;
    if (regions) {
      std::vector<ResultCell> row = head;
      row.insert(row.end(), {count(a.cells), count(a.agreeing_cells)});
      table.rows.push_back(std::move(row));
      continue;
    }
    for (const auto& c : a.columns) {
      std::vector<ResultCell> row = head;
      row.insert(row.end(), {text_cell(c.column), count(c.cells), number_cell(c.median), number_cell(c.min),
                             number_cell(c.max), count(a.pairs), count(a.ordered_pairs)});
      table.rows.push_back(std::move(row));
    }
  }
  return table;
}

std::string sensitivity_text(const SensitivityResult& r) {
  std::string out = fmt::format("{} — sensitivity to the machine's parameters (samples per cell: {})\n", r.id,
                                r.samples > 0 ? fmt::format("{}", r.samples) : std::string("the scenario's"));
  out += "machine options and the values the reproduction uses:\n";
  for (const auto& d : r.options) out += fmt::format("  {} = {}\n", d.key, d.value);
  out += "\n";
  const bool regions = r.variants.front().agreement && r.variants.front().agreement->region_map;
  if (regions)
    out += fmt::format("{:<40} {:>14}\n", "variant", "cells agree");
  else
    out += fmt::format("{:<40} {:>26} {:>13}\n", "variant", "mcsim/paper median [range]", "pairs ordered");
  for (const auto& v : r.variants) {
    const std::string label = variant_label(v) + (v.change == "baseline" ? "" : fmt::format(" ({})", v.change));
    if (!v.agreement) {
      out += fmt::format("{:<40} not run: {}\n", label, v.error);
      continue;
    }
    const Agreement& a = *v.agreement;
    if (regions) {
      out += fmt::format("{:<40} {:>8} of {:<3}\n", label, a.agreeing_cells, a.cells);
    } else if (const RatioSpread* all = overall(a)) {
      out += fmt::format("{:<40} {:>26} {:>13}\n", label,
                         fmt::format("{:.2f} [{:.2f}-{:.2f}]", all->median, all->min, all->max),
                         fmt::format("{}/{}", a.ordered_pairs, a.pairs));
    } else {
      out += fmt::format("{:<40} no cell has both a paper and an mcsim value\n", label);
    }
  }
  out += "\nA variant changes one option of the machine. The defaults stay what they are (cited values, or\n"
         "assumptions named in `mcsim list machines -v`) whatever scores best here.\n";
  return out;
}

PlotSpec sensitivity_plot(const SensitivityResult& r) {
  const bool regions = r.variants.front().agreement && r.variants.front().agreement->region_map;
  PlotSpec plot;
  plot.title = fmt::format("{}: agreement with the paper when one machine option changes", r.id);
  plot.x_label = "";  // the tick labels name each variant
  plot.y_label = regions ? "cells where mcsim's fastest is the paper's" : "mcsim / paper (median, range)";
  PlotSeries medians{regions ? "cells agreeing" : "median", {}, false, false, "points pt 7 ps 1.2"};
  PlotSeries ranges{"range", {}, false, true, "lines lw 2"};
  PlotSeries baseline{"baseline", {}, true, false, "lines dt 2 lc rgb 'gray40'"};
  std::string tics;
  for (std::size_t k = 0; k < r.variants.size(); ++k) {
    const auto& v = r.variants[k];
    const double x = static_cast<double>(k);
    // Labels are option names and values mcsim wrote itself; quotes are dropped all the same.
    std::string label = variant_label(v);
    std::erase_if(label, [](char c) { return c == '\'' || c == '"' || c == '\\'; });
    tics += fmt::format("{}'{}' {}", tics.empty() ? "" : ", ", label, k);
    if (!v.agreement) continue;
    if (regions) {
      medians.points.emplace_back(x, static_cast<double>(v.agreement->agreeing_cells));
    } else if (const RatioSpread* all = overall(*v.agreement)) {
      medians.points.emplace_back(x, all->median);
      ranges.points.emplace_back(x, all->min);
      ranges.points.emplace_back(x, all->max);
    }
  }
  if (!medians.points.empty()) {
    const double y = medians.points.front().second;
    baseline.points = {{-0.5, y}, {static_cast<double>(r.variants.size()) - 0.5, y}};
  }
  plot.series.push_back(medians);
  if (!regions) plot.series.push_back(ranges);
  plot.series.push_back(baseline);
  plot.key = "below";
  // noenhanced: option names hold underscores, which gnuplot's enhanced text would set as subscripts.
  plot.settings = {fmt::format("xtics ({}) rotate by -40 noenhanced", tics),
                   fmt::format("xrange [-0.5:{}]", static_cast<double>(r.variants.size()) - 0.5)};
  if (!regions) plot.settings.push_back("arrow from graph 0, first 1 to graph 1, first 1 nohead dt 3");
  return plot;
}

}  // namespace mcsim
