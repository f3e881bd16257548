#include "scenario.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "../core/checked_number.hpp"
#include "../core/input_file.hpp"
#include "../core/toml_reader.hpp"
#include "../core/scheduler.hpp"
#include "../core/error.hpp"
#include "../mapping/alpha.hpp"
#include "../mapping/mappings.hpp"
#include "permutation_count.hpp"

namespace mcsim {

namespace {

PlotKind plot_from_string(const Reader& r, const toml::table& root) {
  const std::string name = r.string(root, "plot", "plot", false);
  for (PlotKind kind : {PlotKind::none, PlotKind::comm, PlotKind::heap_ops, PlotKind::regions, PlotKind::overhead,
                        PlotKind::slowdown, PlotKind::machines})
    if (to_string(kind) == name) return kind;
  throw Error(r.at(*root.get("plot"), "plot"),
              fmt::format("unknown plot '{}' (comm, heap-ops, regions, overhead, slowdown or machines)", name));
}

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

void read_paper_regions(const Reader& r, const toml::array& regions, SweepScenario& s) {
  for (const auto& item : regions) {
    const auto* table = item.as_table();
    if (!table) throw Error(r.at(item, "paper.regions"), "each [[paper.regions]] must be a table");
    r.only_keys(*table, "paper.regions",
                {"series", "min_density", "max_density", "min_bytes", "max_bytes", "max_bytes_times_density"});
    RegionRule rule;
    rule.series = r.string(*table, "series", "paper.regions.series", true);
    auto whole = [&](const char* key) -> std::optional<std::int64_t> {
      const toml::node* node = table->get(key);
      if (!node) return std::nullopt;
      return r.integers(*node, std::string("paper.regions.") + key, 0, std::numeric_limits<std::int64_t>::max()).at(0);
    };
    if (auto v = whole("min_density")) rule.min_density = static_cast<int>(*v);
    if (auto v = whole("max_density")) rule.max_density = static_cast<int>(*v);
    if (auto v = whole("min_bytes")) rule.min_bytes = static_cast<std::uint64_t>(*v);
    if (auto v = whole("max_bytes")) rule.max_bytes = static_cast<std::uint64_t>(*v);
    if (const toml::node* node = table->get("max_bytes_times_density"))
      rule.max_bytes_times_density = r.number(*node, "paper.regions.max_bytes_times_density");
    s.paper.regions.push_back(std::move(rule));
  }
}

void read_paper(const Reader& r, const toml::table& paper, PermutationScenario& s) {
  r.only_keys(paper, "paper", {"comm", "comp", "iters", "rows", "regions"});
  if (const auto* regions = paper["regions"].as_array()) read_paper_regions(r, *regions, s);
  if (const auto* rows = paper["rows"].as_array()) read_paper_permutations(r, *rows, s);
  if (const auto* comm = paper["comm"].as_table()) {
    for (const auto& [label, values] : *comm) {
      const std::string key = "paper.comm." + std::string(label.str());
      const auto* array = values.as_array();
      if (!array) throw Error(r.at(values, key), "expected a list with one number per msg_unit (\"\" for none)");
      if (array->size() != s.msg_units.size())
        throw Error(r.at(values, key), fmt::format("has {} values for {} msg_unit values", array->size(),
                                                   s.msg_units.size()));
      std::vector<std::optional<double>> row;
      for (const auto& item : *array) {
        if (auto text = item.value<std::string>(); text && text->empty())
          row.push_back(std::nullopt);
        else
          row.push_back(r.number(item, key));
      }
      s.paper.comm_ms[std::string(label.str())] = std::move(row);
    }
  }
  for (const char* row : {"comp", "iters"}) {
    if (const auto* table = paper[row].as_table()) {
      auto& target = std::string(row) == "comp" ? s.paper.comp_ms : s.paper.iters;
      for (const auto& [label, value] : *table)
        target[std::string(label.str())] = r.number(value, fmt::format("paper.{}.{}", row, label.str()));
    }
  }
}

// The [mapping] table of kind = "mapping-metrics".
void read_mapping_metrics(const Reader& r, const toml::table& root, MappingScenario& s) {
  r.only_keys(root, "", {"id", "title", "source", "notes", "kind", "plot", "mapping"});
  const auto* table = root["mapping"].as_table();
  if (!table) throw Error(r.at("mapping"), "kind = \"mapping-metrics\" needs a [mapping] table");
  r.only_keys(*table, "mapping", {"report", "n", "alpha", "mappings", "links", "startup_c", "simulate_up_to"});
  auto& m = s.mapping;
  const std::string report = r.string(*table, "report", "mapping.report", true);
  if (report != "lemmas" && report != "slowdown")
    throw Error(r.at(*table->get("report"), "mapping.report"),
                fmt::format("unknown report '{}' (lemmas or slowdown)", report));
  m.report = report == "lemmas" ? MappingScenario::Report::lemmas : MappingScenario::Report::slowdown;
  const auto* n = table->get("n");
  if (!n) throw Error(r.at("mapping.n"), "missing required key");
  for (auto v : r.integers(*n, "mapping.n", 1)) {
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
  if (const auto* list = (*table)["mappings"].as_array())
    for (const auto& item : *list) {
      auto name = item.value<std::string>();
      if (!name) throw Error(r.at(item, "mapping.mappings"), "expected mapping names");
      find_mapping(*name, r.at(item, "mapping.mappings"));
      m.mappings.push_back(*name);
    }
  if (m.mappings.empty()) m.mappings = {"reflecting", "growing"};
  const std::string links = r.string(*table, "links", "mapping.links", false, "undirected");
  if (links != "undirected" && links != "directed")
    throw Error(r.at(*table->get("links"), "mapping.links"), fmt::format("unknown links '{}' (undirected or directed)", links));
  m.directed_links = links == "directed";
  if (const auto* list = (*table)["startup_c"].as_array())
    for (const auto& item : *list) {
      const double c = r.number(item, "mapping.startup_c");
      if (!(c >= 0)) throw Error(r.at(item, "mapping.startup_c"), "startup c must be at least 0");
      m.startup_c.push_back(c);
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

// The [machine] table: exactly one of name (a bundled machine), file (a machine file, relative to
// the scenario's folder) and names (bundled machines, the machines axis: kind = "simulation", which
// passes `axis`); nodes (one or a list; the spec takes the first); options.
std::vector<int> read_machine(const Reader& r, const toml::table& root, MachineSpec& spec,
                              std::vector<std::string>* axis = nullptr) {
  const auto* machine = root["machine"].as_table();
  if (!machine) throw Error(r.at("machine"), "missing [machine] table");
  r.only_keys(*machine, "machine", {"name", "file", "names", "nodes", "options"});
  std::vector<std::string> given;
  for (const char* key : {"name", "file", "names"})
    if (machine->get(key)) given.push_back(key);
  if (given.empty())
    throw Error(r.at(*machine, "machine"),
                "needs name (a bundled machine: mcsim list machines), file (a machine file) or names (a list of "
                "bundled machines)");
  if (given.size() > 1)
    throw Error(r.at(*machine->get(given[1]), "machine." + given[1]),
                fmt::format("[machine] takes one of name, file and names, not both {} and {}", given[0], given[1]));
  if (given[0] == "name") {
    spec.name = r.string(*machine, "name", "machine.name", true);
    if (names_machine_file(spec.name))
      throw Error(r.at(*machine->get("name"), "machine.name"),
                  fmt::format("'{}' names a file: a machine file is given as file = \"{}\"", spec.name, spec.name));
  } else if (given[0] == "file") {
    // A relative path names a file beside the scenario, wherever mcsim is started from; it keeps a
    // '/' so that it is never taken for a bundled machine's name.
    const std::string file = r.string(*machine, "file", "machine.file", true);
    if (file.empty()) throw Error(r.at(*machine->get("file"), "machine.file"), "names no file");
    namespace fs = std::filesystem;
    fs::path resolved = fs::path(file).is_relative() ? fs::path(r.path()).parent_path() / file : fs::path(file);
    spec.name = resolved.lexically_normal().string();
    if (!names_machine_file(spec.name)) spec.name = "./" + spec.name;
  } else {
    const auto* list = (*machine)["names"].as_array();
    if (!list || list->empty())
      throw Error(r.at(*machine->get("names"), "machine.names"), "expected a non-empty list of bundled machines");
    if (!axis)
      throw Error(r.at(*machine->get("names"), "machine.names"),
                  "a list of machines is an axis of kind = \"simulation\" only");
    for (const auto& item : *list) {
      auto name = item.value<std::string>();
      if (!name) throw Error(r.at(item, "machine.names"), "expected the name of a bundled machine");
      if (names_machine_file(*name))
        throw Error(r.at(item, "machine.names"),
                    fmt::format("'{}' names a file: names lists bundled machines only (a scenario takes one "
                                "machine file, as file = \"...\")", *name));
      if (std::find(axis->begin(), axis->end(), *name) != axis->end())
        throw Error(r.at(item, "machine.names"), fmt::format("'{}' is listed twice", *name));
      axis->push_back(*name);
    }
    spec.name = axis->front();
  }
  const auto* nodes = machine->get("nodes");
  if (!nodes) throw Error(r.at("machine.nodes"), "missing required key");
  std::vector<int> counts;
  for (auto v : r.integers(*nodes, "machine.nodes", 2)) counts.push_back(static_cast<int>(v));
  spec.nodes = counts.front();
  if (const auto* options = (*machine)["options"].as_table())
    for (const auto& [key, value] : *options) {
      if (auto text = value.value<std::string>())
        spec.options[std::string(key.str())] = *text;
      else
        spec.options[std::string(key.str())] =
            fmt::format("{}", r.number(value, "machine.options." + std::string(key.str())));
    }
  return counts;
}

// kind = "redistribution": the [redistribution] table and the paper's tables (Guo and Pan 2005).
void read_redistribution(const Reader& r, const toml::table& root, RedistributionScenario& s) {
  using Report = RedistributionScenario::Report;
  const auto* table = root["redistribution"].as_table();
  if (!table) throw Error(r.at("redistribution"), "kind = \"redistribution\" needs a [redistribution] table");
  r.only_keys(*table, "redistribution",
              {"report", "cases", "schedules", "local_sizes", "global_size", "element_bytes", "series", "baseline"});
  const std::string report = r.string(*table, "report", "redistribution.report", true);
  if (report != "tables" && report != "times")
    throw Error(r.at(*table->get("report"), "redistribution.report"),
                fmt::format("unknown report '{}' (tables or times)", report));
  s.report = report == "tables" ? Report::tables : Report::times;
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
  auto names = [&](const toml::node* node, const std::string& full) {
    std::vector<std::string> out;
    const auto* list = node ? node->as_array() : nullptr;
    if (!list || list->empty()) throw Error(r.at(full), "needs a non-empty list of names");
    for (const auto& item : *list) {
      auto text = item.value<std::string>();
      if (!text) throw Error(r.at(item, full), "expected a name");
      out.push_back(*text);
    }
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
  read_machine(r, root, s.machine);
  const auto* sizes = table->get("local_sizes");
  const auto* global = table->get("global_size");
  if ((sizes == nullptr) == (global == nullptr))
    throw Error(r.at("redistribution.local_sizes"), "needs local_sizes or global_size (one of them)");
  if (sizes) s.local_sizes = r.integers(*sizes, "redistribution.local_sizes", 1);
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

// The id names the output files (DIR/ID.csv): a plain name, never a path.
void check_scenario_id(const std::string& id, const std::string& where) {
  if (id.empty() || id.front() == '.' || id.size() > 128 ||
      id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != std::string::npos)
    throw Error(where, fmt::format("id '{}' must be a plain file name (letters, digits, '.', '_', '+', '-'; not "
                                   "starting with '.')",
                                   id));
}

// Every label under [paper.comm], [paper.comp], [paper.iters], [[paper.regions]] series and
// [[paper.rows]] must name a series: a typo would silently drop the paper's column.
void check_paper_labels(const Reader& r, const toml::table& paper, const PermutationScenario& s) {
  std::set<std::string> labels;
  for (const auto& series : s.series) labels.insert(series.label);
  const auto check = [&](const std::string& label, const toml::node& node, const std::string& key) {
    if (!labels.contains(label))
      throw Error(r.at(node, key), fmt::format("'{}' names no series (the series are: {})", label,
                                               fmt::join(labels, ", ")));
  };
  for (const char* row : {"comm", "comp", "iters"})
    if (const auto* table = paper[row].as_table())
      for (const auto& [label, value] : *table)
        check(std::string(label.str()), value, fmt::format("paper.{}.{}", row, label.str()));
  if (const auto* regions = paper["regions"].as_array())
    for (const auto& item : *regions)
      if (const auto* table = item.as_table())
        check(r.string(*table, "series", "paper.regions.series", true), *table->get("series"), "paper.regions.series");
  // A permutation row also carries the closed forms and per-statistic columns ("RS_N max").
  for (const auto& form : closed_form_names()) labels.insert(form);
  for (const auto& series : s.series)
    for (const auto& statistic : s.statistics) labels.insert(series.label + " " + statistic);
  if (const auto* rows = paper["rows"].as_array())
    for (const auto& item : *rows)
      if (const auto* table = item.as_table())
        for (const auto& [key, value] : *table)
          if (key.str() != "lambda" && key.str() != "d") check(std::string(key.str()), value, "paper.rows." + std::string(key.str()));
}

}  // namespace

Scenario load_scenario(const std::string& path) {
  const toml::table root = parse_toml_file(path, "the scenario file", max_scenario_file_bytes);
  const Reader r(path);
  // Read into the widest sweep kind; a simulation scenario keeps its SweepScenario part.
  PermutationScenario s;
  s.path = path;
  r.only_keys(root, "", {"id", "title", "source", "notes", "samples", "seed", "kind", "plot", "machine", "workload",
                         "sweep", "permutations", "series", "paper", "mapping", "redistribution"});
  s.plot = plot_from_string(r, root);
  const std::string kind = r.string(root, "kind", "kind", false, "simulation");
  if (kind != "simulation" && kind != "permutations" && kind != "mapping-metrics" && kind != "redistribution" &&
      kind != "bounded-traffic")
    throw Error(r.at(*root.get("kind"), "kind"),
                fmt::format("unknown kind '{}' (simulation, permutations, mapping-metrics, redistribution or "
                            "bounded-traffic)", kind));
  const bool permutations = kind == "permutations";
  // id, title, source, notes: read at the same point of each kind's checks as before.
  const auto read_header = [&](ScenarioHeader& h) {
    h.id = r.string(root, "id", "id", true);
    check_scenario_id(h.id, r.at(*root.get("id"), "id"));
    h.title = r.string(root, "title", "title", false);
    h.source = r.string(root, "source", "source", false);
    if (const auto* notes = root["notes"].as_array())
      for (const auto& note : *notes)
        if (auto text = note.value<std::string>()) h.notes.push_back(*text);
  };
  if (kind == "redistribution") {
    RedistributionScenario d;
    static_cast<ScenarioHeader&>(d) = s;
    read_header(d);
    for (const char* key : {"samples", "seed", "workload", "sweep", "permutations", "series", "mapping"})
      if (const auto* node = root.get(key))
        throw Error(r.at(*node, key), "kind = \"redistribution\" does not take it");
    if (d.plot != PlotKind::none) throw Error(r.at(*root.get("plot"), "plot"), "kind = \"redistribution\" draws its own SVGs");
    read_redistribution(r, root, d);
    return d;
  }
  if (kind == "mapping-metrics") {
    MappingScenario m;
    static_cast<ScenarioHeader&>(m) = s;
    read_header(m);
    read_mapping_metrics(r, root, m);
    return m;
  }
  if (const auto* mapping = root.get("mapping"))
    throw Error(r.at(*mapping, "mapping"), "[mapping] belongs to kind = \"mapping-metrics\" only");
  if (const auto* node = root.get("redistribution"))
    throw Error(r.at(*node, "redistribution"), "[redistribution] belongs to kind = \"redistribution\" only");
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
    if (const auto* list = (*perms)["lambda"].as_array())
      for (const auto& item : *list) {
        const double lambda = r.number(item, "permutations.lambda");
        if (!(lambda > 0 && lambda <= 1)) throw Error(r.at(item, "permutations.lambda"), "lambda must be in (0, 1]");
        s.lambdas.push_back(lambda);
      }
  }
  if (permutations && s.lambdas.empty()) s.lambdas.push_back(1.0);
  read_header(s);
  if (const auto* node = root.get("samples"))
    s.samples = static_cast<int>(r.integers(*node, "samples", 1, max_samples).at(0));
  if (const auto* node = root.get("seed"))
    s.seed = static_cast<std::uint64_t>(r.integers(*node, "seed", 0, std::numeric_limits<std::int64_t>::max()).at(0));

  s.nodes = read_machine(r, root, s.machine, kind == "simulation" ? &s.machines : nullptr);
  // A run over the machines axis reports per machine (machine_comparison.hpp) and draws only that.
  if (!s.machines.empty() && s.plot != PlotKind::none && s.plot != PlotKind::machines)
    throw Error(r.at(*root.get("plot"), "plot"), "a scenario over [machine] names draws plot = \"machines\" only");
  if (s.machines.empty() && s.plot == PlotKind::machines)
    throw Error(r.at(*root.get("plot"), "plot"), "plot = \"machines\" needs [machine] names (the machines axis)");

  const auto* workload = root["workload"].as_table();
  if (!workload) throw Error(r.at("workload"), "missing [workload] table");
  r.only_keys(*workload, "workload",
              {"name", "density", "file", "variant", "fan_out", "nonuniformity", "traffic", "keep"});
  s.workload.name = r.string(*workload, "name", "workload.name", true);
  s.workload.where = r.at(*workload, "workload");
  s.workload.file = r.string(*workload, "file", "workload.file", false);
  // A relative path names a file beside the scenario, wherever mcsim is started from.
  if (!s.workload.file.empty() && std::filesystem::path(s.workload.file).is_relative())
    s.workload.file = (std::filesystem::path(path).parent_path() / s.workload.file).lexically_normal().string();
  s.workload.variant = r.string(*workload, "variant", "workload.variant", false);
  if (const auto* density = workload->get("density"))
    for (auto v : r.integers(*density, "workload.density", 1)) s.densities.push_back(static_cast<int>(v));
  if (s.densities.empty()) s.densities.push_back(0);
  s.workload.density = s.densities.front();
  // bounded-traffic workload (Ranka, Shankar, Alsabti 1995, sec. 7); traffic is a sweep axis in
  // kind = "bounded-traffic", one value elsewhere.
  std::vector<std::uint64_t> traffic;
  if (const auto* node = workload->get("fan_out"))
    s.workload.fan_out = static_cast<int>(r.integers(*node, "workload.fan_out", 1).at(0));
  if (const auto* node = workload->get("nonuniformity")) s.workload.nonuniformity = r.number(*node, "workload.nonuniformity");
  if (const auto* node = workload->get("keep")) s.workload.keep = r.number(*node, "workload.keep");
  if (const auto* node = workload->get("traffic")) {
    for (auto v : r.integers(*node, "workload.traffic", 1)) traffic.push_back(static_cast<std::uint64_t>(v));
    if (traffic.size() > 1 && kind != "bounded-traffic")
      throw Error(r.at(*node, "workload.traffic"), "a list of traffics is a sweep of kind = \"bounded-traffic\" only");
    s.workload.traffic = traffic.front();
  }

  const auto* sweep = root["sweep"].as_table();
  if (sweep) {
    r.only_keys(*sweep, "sweep", {"msg_unit"});
    if (const auto* units = sweep->get("msg_unit"))
      for (auto v : r.integers(*units, "sweep.msg_unit", 1, static_cast<std::int64_t>(max_message_bytes)))
        s.msg_units.push_back(static_cast<std::uint64_t>(v));
  }
  if (s.msg_units.empty()) s.msg_units.push_back(1);

  const auto* series = root["series"].as_array();
  if (!series || series->empty()) throw Error(r.at("series"), "needs at least one [[series]] with a scheduler");
  std::set<std::string> labels;
  for (const auto& item : *series) {
    const auto* table = item.as_table();
    if (!table) throw Error(r.at(item, "series"), "each [[series]] must be a table");
    r.only_keys(*table, "series", {"label", "scheduler", "best_of", "strategy", "new"});
    SeriesSpec spec;
    // A spec is parsed here, once; {lambda} is replaced per lambda in kind = "permutations" only.
    const auto parse = [&](const std::string& text, const std::string& where) {
      if (text.find("{lambda}") == std::string::npos) return spec.candidates.push_back(find_scheduler(text, where));
      if (!permutations) throw Error(where, "{lambda} is replaced only in kind = \"permutations\"");
      find_scheduler(with_lambda(text, 1.0), where);  // the name and keys are checked now
    };
    if (table->get("best_of") && table->get("scheduler"))
      throw Error(r.at(*table->get("scheduler"), "series.scheduler"),
                  "a series has either scheduler or best_of, not both");
    if (table->get("best_of") && !(*table)["best_of"].as_array())
      throw Error(r.at(*table->get("best_of"), "series.best_of"), "expected a list of scheduler names");
    if (const auto* list = (*table)["best_of"].as_array()) {
      std::vector<std::string> best_of;
      for (const auto& item : *list) {
        auto text = item.value<std::string>();
        if (!text) throw Error(r.at(item, "series.best_of"), "expected scheduler names");
        parse(*text, r.at(item, "series.best_of"));
        best_of.push_back(*text);
      }
      if (best_of.empty()) throw Error(r.at(*table, "series.best_of"), "the list is empty");
      spec.scheduler = best_of.front();
      spec.label = r.string(*table, "label", "series.label", true);
    } else {
      spec.scheduler = r.string(*table, "scheduler", "series.scheduler", true);
      spec.label = r.string(*table, "label", "series.label", false, spec.scheduler);
      parse(spec.scheduler, r.at(*table, "series.scheduler"));
    }
    if (const auto* strategy = table->get("strategy"))
      spec.strategy = strategy_from_string(r.string(*table, "strategy", "series.strategy", true),
                                           r.at(*strategy, "series.strategy"));
    if (const auto* flag = table->get("new")) {
      auto v = flag->value<bool>();
      if (!v) throw Error(r.at(*flag, "series.new"), "expected true or false");
      spec.new_in_mcsim = *v;
    }
    if (!labels.insert(spec.label).second)
      throw Error(r.at(*table, "series.label"), fmt::format("label '{}' is used twice", spec.label));
    s.series.push_back(std::move(spec));
  }

  if (const auto* paper = root["paper"].as_table()) {
    read_paper(r, *paper, s);
    check_paper_labels(r, *paper, s);
  }
  if (kind == "bounded-traffic") {
    if (traffic.empty()) throw Error(r.at(*workload, "workload.traffic"), "kind = \"bounded-traffic\" needs traffic");
    BoundedTrafficScenario bounded;
    static_cast<SweepScenario&>(bounded) = s;
    bounded.traffic = std::move(traffic);
    return bounded;
  }
  if (!permutations) {
    SimulationScenario simulation;
    static_cast<SweepScenario&>(simulation) = s;
    return simulation;
  }
  // Permutation counts schedule the series' own spec (a best_of series its first member) per lambda.
  for (double lambda : s.lambdas) {
    std::vector<SchedulerChoice> choices;
    for (const auto& series : s.series) choices.push_back(find_scheduler(with_lambda(series.scheduler, lambda), path));
    s.lambda_choices.push_back(std::move(choices));
  }
  return s;
}

}  // namespace mcsim
