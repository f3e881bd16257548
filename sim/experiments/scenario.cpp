#include "scenario.hpp"

#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "../../schedulers/scheduler.hpp"
#include "../core/error.hpp"

namespace mcsim {

namespace {

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  std::string at(const toml::node& node, const std::string& key) const {
    const auto& source = node.source();
    if (source.begin.line > 0) return fmt::format("{}:{} ({})", path_, source.begin.line, key);
    return fmt::format("{} ({})", path_, key);
  }
  std::string at(const std::string& key) const { return fmt::format("{} ({})", path_, key); }

  void only_keys(const toml::table& table, const std::string& name, std::set<std::string> allowed) const {
    for (const auto& [key, value] : table)
      if (!allowed.contains(std::string(key.str())))
        throw Error(at(value, name.empty() ? std::string(key.str()) : name + "." + std::string(key.str())),
                    fmt::format("unknown key '{}' (allowed here: {})", key.str(), fmt::join(allowed, ", ")));
  }

  std::string string(const toml::table& table, const std::string& key, const std::string& full, bool required,
                     std::string fallback = {}) const {
    const toml::node* node = table.get(key);
    if (!node) {
      if (required) throw Error(at(full), "missing required key");
      return fallback;
    }
    if (auto v = node->value<std::string>()) return *v;
    throw Error(at(*node, full), "expected a string");
  }

  std::int64_t integer(const toml::node& node, const std::string& full) const {
    if (auto v = node.value_exact<std::int64_t>()) return *v;
    throw Error(at(node, full), "expected an integer");
  }

  double number(const toml::node& node, const std::string& full) const {
    if (auto v = node.value<double>()) return *v;
    throw Error(at(node, full), "expected a number");
  }

  // An integer or a list of integers (a sweep axis), each at least `minimum`.
  std::vector<std::int64_t> integers(const toml::node& node, const std::string& full, std::int64_t minimum) const {
    std::vector<std::int64_t> values;
    if (const auto* array = node.as_array()) {
      for (const auto& item : *array) values.push_back(integer(item, full));
      if (values.empty()) throw Error(at(node, full), "the list is empty");
    } else {
      values.push_back(integer(node, full));
    }
    for (auto v : values)
      if (v < minimum) throw Error(at(node, full), fmt::format("value {} is below {}", v, minimum));
    return values;
  }

 private:
  std::string path_;
};

void read_paper(const Reader& r, const toml::table& paper, Scenario& s) {
  r.only_keys(paper, "paper", {"comm", "comp", "iters"});
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

}  // namespace

Scenario load_scenario(const std::string& path) {
  toml::table root;
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source();
    if (where.begin.line == 0) throw Error(path, std::string(e.description()));
    throw Error(fmt::format("{}:{}:{}", path, where.begin.line, where.begin.column),
                fmt::format("malformed TOML: {}", e.description()));
  }
  const Reader r(path);
  Scenario s;
  s.path = path;
  r.only_keys(root, "", {"id", "title", "source", "notes", "samples", "seed", "machine", "workload", "sweep", "series",
                         "paper"});
  s.id = r.string(root, "id", "id", true);
  s.title = r.string(root, "title", "title", false);
  s.source = r.string(root, "source", "source", false);
  if (const auto* notes = root["notes"].as_array())
    for (const auto& note : *notes)
      if (auto text = note.value<std::string>()) s.notes.push_back(*text);
  if (const auto* node = root.get("samples")) s.samples = static_cast<int>(r.integers(*node, "samples", 1).at(0));
  if (const auto* node = root.get("seed")) s.seed = static_cast<std::uint64_t>(r.integers(*node, "seed", 0).at(0));

  const auto* machine = root["machine"].as_table();
  if (!machine) throw Error(r.at("machine"), "missing [machine] table");
  r.only_keys(*machine, "machine", {"name", "nodes", "options"});
  s.machine.name = r.string(*machine, "name", "machine.name", true);
  const auto* nodes = machine->get("nodes");
  if (!nodes) throw Error(r.at("machine.nodes"), "missing required key");
  for (auto v : r.integers(*nodes, "machine.nodes", 2)) s.nodes.push_back(static_cast<int>(v));
  s.machine.nodes = s.nodes.front();
  if (const auto* options = (*machine)["options"].as_table())
    for (const auto& [key, value] : *options) {
      if (auto text = value.value<std::string>())
        s.machine.options[std::string(key.str())] = *text;
      else
        s.machine.options[std::string(key.str())] =
            fmt::format("{}", r.number(value, "machine.options." + std::string(key.str())));
    }

  const auto* workload = root["workload"].as_table();
  if (!workload) throw Error(r.at("workload"), "missing [workload] table");
  r.only_keys(*workload, "workload", {"name", "density", "file", "variant"});
  s.workload.name = r.string(*workload, "name", "workload.name", true);
  s.workload.where = r.at(*workload, "workload");
  s.workload.file = r.string(*workload, "file", "workload.file", false);
  s.workload.variant = r.string(*workload, "variant", "workload.variant", false);
  if (const auto* density = workload->get("density"))
    for (auto v : r.integers(*density, "workload.density", 1)) s.densities.push_back(static_cast<int>(v));
  if (s.densities.empty()) s.densities.push_back(0);
  s.workload.density = s.densities.front();

  const auto* sweep = root["sweep"].as_table();
  if (sweep) {
    r.only_keys(*sweep, "sweep", {"msg_unit"});
    if (const auto* units = sweep->get("msg_unit"))
      for (auto v : r.integers(*units, "sweep.msg_unit", 1)) s.msg_units.push_back(static_cast<std::uint64_t>(v));
  }
  if (s.msg_units.empty()) s.msg_units.push_back(1);

  const auto* series = root["series"].as_array();
  if (!series || series->empty()) throw Error(r.at("series"), "needs at least one [[series]] with a scheduler");
  std::set<std::string> labels;
  for (const auto& item : *series) {
    const auto* table = item.as_table();
    if (!table) throw Error(r.at(item, "series"), "each [[series]] must be a table");
    r.only_keys(*table, "series", {"label", "scheduler", "strategy", "new"});
    SeriesSpec spec;
    spec.scheduler = r.string(*table, "scheduler", "series.scheduler", true);
    spec.label = r.string(*table, "label", "series.label", false, spec.scheduler);
    find_scheduler(spec.scheduler, r.at(*table, "series.scheduler"));
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

  if (const auto* paper = root["paper"].as_table()) read_paper(r, *paper, s);
  return s;
}

}  // namespace mcsim
