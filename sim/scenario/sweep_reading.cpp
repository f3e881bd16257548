#include "sweep_reading.hpp"

#include <filesystem>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/scheduler.hpp"
#include "machine_table.hpp"

namespace mcsim {

namespace {

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

void read_paper(const Reader& r, const toml::table& paper, SweepScenario& s, const SweepRules& rules) {
  std::set<std::string> keys = {"comm", "comp", "iters", "regions"};
  if (rules.paper_rows) keys.insert("rows");
  r.only_keys(paper, "paper", keys);
  // A key of the wrong type (`comm = [1, 2]`, `regions = 5`) was skipped: the paper's column vanished.
  for (const char* table : {"comm", "comp", "iters"})
    if (const auto* node = paper.get(table); node && !node->is_table())
      throw Error(r.at(*node, fmt::format("paper.{}", table)), "expected a table (label = value, ...)");
  for (const char* array : {"regions", "rows"})
    if (const auto* node = paper.get(array); node && !node->is_array())
      throw Error(r.at(*node, fmt::format("paper.{}", array)), fmt::format("expected [[paper.{}]] tables", array));
  // What a paper measured is a time (ms) or a count above 0: a negative or zero one was taken and
  // compared with as if printed.
  const auto measured = [&](const toml::node& node, const std::string& key) {
    const double v = r.number(node, key);
    if (!(v > 0)) throw Error(r.at(node, key), fmt::format("{} is not above 0 (a paper's measured value)", v));
    return v;
  };
  if (const auto* regions = paper["regions"].as_array()) read_paper_regions(r, *regions, s);
  if (const auto* rows = paper["rows"].as_array()) rules.paper_rows(*rows);
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
          row.push_back(measured(item, key));
      }
      s.paper.comm_ms[std::string(label.str())] = std::move(row);
    }
  }
  for (const char* row : {"comp", "iters"}) {
    if (const auto* table = paper[row].as_table()) {
      auto& target = std::string(row) == "comp" ? s.paper.comp_ms : s.paper.iters;
      for (const auto& [label, value] : *table)
        target[std::string(label.str())] = measured(value, fmt::format("paper.{}.{}", row, label.str()));
    }
  }
}

// Every label under [paper.comm], [paper.comp], [paper.iters], [[paper.regions]] series and
// [[paper.rows]] must name a series: a typo would silently drop the paper's column.
void check_paper_labels(const Reader& r, const toml::table& paper, const SweepScenario& s, const SweepRules& rules) {
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
  // A [[paper.rows]] row may also name the kind's own columns (permutations: closed forms, "RS_N max").
  if (rules.row_labels)
    for (const auto& label : rules.row_labels(s)) labels.insert(label);
  if (const auto* rows = paper["rows"].as_array())
    for (const auto& item : *rows)
      if (const auto* table = item.as_table())
        for (const auto& [key, value] : *table)
          if (key.str() != "lambda" && key.str() != "d") check(std::string(key.str()), value, "paper.rows." + std::string(key.str()));
}

}  // namespace

void read_sweep(const ScenarioFile& file, SweepScenario& s, const SweepRules& rules,
                std::vector<std::uint64_t>& traffic) {
  const Reader& r = file.reader;
  const toml::table& root = file.root;
  if (const auto* node = root.get("samples"))
    s.samples = static_cast<int>(r.integers(*node, "samples", 1, max_samples).at(0));
  if (const auto* node = root.get("seed"))
    s.seed = static_cast<std::uint64_t>(r.integers(*node, "seed", 0, std::numeric_limits<std::int64_t>::max()).at(0));

  s.nodes = read_machine_table(r, root, s.machine, rules.machines_axis ? &s.machines : nullptr);

  const auto* workload = root["workload"].as_table();
  if (!workload) throw Error(r.at("workload"), "missing [workload] table");
  r.only_keys(*workload, "workload",
              {"name", "density", "file", "variant", "fan_out", "nonuniformity", "traffic", "keep"});
  s.workload.name = r.string(*workload, "name", "workload.name", true);
  s.workload.where = r.at(*workload, "workload");
  s.workload.file = r.string(*workload, "file", "workload.file", false);
  // A relative path names a file beside the scenario, wherever mcsim is started from.
  if (!s.workload.file.empty() && std::filesystem::path(s.workload.file).is_relative())
    s.workload.file = (std::filesystem::path(s.path).parent_path() / s.workload.file).lexically_normal().string();
  s.workload.variant = r.string(*workload, "variant", "workload.variant", false);
  if (const auto* density = workload->get("density"))
    for (auto v : r.axis(*density, "workload.density", 1)) s.densities.push_back(static_cast<int>(v));
  if (s.densities.empty()) s.densities.push_back(0);
  s.workload.density = s.densities.front();
  // bounded-traffic workload (Ranka, Shankar, Alsabti 1995, sec. 7); traffic is a sweep axis in
  // kind = "bounded-traffic", one value elsewhere.
  if (const auto* node = workload->get("fan_out"))
    s.workload.fan_out = static_cast<int>(r.integers(*node, "workload.fan_out", 1).at(0));
  if (const auto* node = workload->get("nonuniformity")) s.workload.nonuniformity = r.number(*node, "workload.nonuniformity");
  if (const auto* node = workload->get("keep")) s.workload.keep = r.number(*node, "workload.keep");
  if (const auto* node = workload->get("traffic")) {
    for (auto v : r.axis(*node, "workload.traffic", 1)) traffic.push_back(static_cast<std::uint64_t>(v));
    if (traffic.size() > 1 && !rules.traffic_axis)
      throw Error(r.at(*node, "workload.traffic"), "a list of traffics is a sweep of kind = \"bounded-traffic\" only");
    s.workload.traffic = traffic.front();
  }

  const auto* sweep = root["sweep"].as_table();
  if (sweep) {
    r.only_keys(*sweep, "sweep", {"msg_unit"});
    if (const auto* units = sweep->get("msg_unit"))
      for (auto v : r.axis(*units, "sweep.msg_unit", 1, static_cast<std::int64_t>(max_message_bytes)))
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
      if (!rules.lambda_specs) throw Error(where, "{lambda} is replaced only in kind = \"permutations\"");
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
    read_paper(r, *paper, s, rules);
    check_paper_labels(r, *paper, s, rules);
  }
}

}  // namespace mcsim
