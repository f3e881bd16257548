#include "scenario.hpp"

#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/input_file.hpp"
#include "../core/toml_reader.hpp"

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

// The id names the output files (DIR/ID.csv): a plain name, never a path.
void check_scenario_id(const std::string& id, const std::string& where) {
  if (id.empty() || id.front() == '.' || id.size() > 128 ||
      id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != std::string::npos)
    throw Error(where, fmt::format("id '{}' must be a plain file name (letters, digits, '.', '_', '+', '-'; not "
                                   "starting with '.')",
                                   id));
}

// The keys every scenario takes, whatever its kind.
const std::set<std::string> header_keys = {"id", "title", "source", "notes", "kind", "plot", "report"};

// A key that is neither the header's nor the kind's: named with the kind that takes it, if any.
void check_keys(const Reader& r, const toml::table& root, const ReproductionKind& kind) {
  std::set<std::string> allowed = header_keys;
  allowed.insert(kind.keys.begin(), kind.keys.end());
  for (const auto& [key, value] : root) {
    const std::string name(key.str());
    if (allowed.contains(name)) continue;
    for (const ReproductionKind& other : kind_registry())
      if (other.keys.contains(name))
        throw Error(r.at(value, name), fmt::format("kind = \"{}\" does not take it (kind = \"{}\" does)", kind.name,
                                                   other.name));
    r.only_keys(root, "", allowed);  // the reader's own message: the keys allowed here
  }
}

}  // namespace

std::string ScenarioFile::report_where() const {
  const toml::node* node = root.get("report");
  return node ? reader.at(*node, "report") : reader.at("report");
}

Scenario load_scenario(const std::string& path) {
  const toml::table root = parse_toml_file(path, "the scenario file", max_scenario_file_bytes);
  const Reader r(path);
  ScenarioHeader h;
  h.path = path;
  h.kind = r.string(root, "kind", "kind", false, "simulation");
  const ReproductionKind* kind = find_kind(h.kind);
  if (!kind) {
    std::vector<std::string> names;
    for (const auto& known : kind_registry()) names.push_back(known.name);
    throw Error(r.at(*root.get("kind"), "kind"), fmt::format("unknown kind '{}' ({})", h.kind, fmt::join(names, ", ")));
  }
  h.plot = plot_from_string(r, root);
  check_keys(r, root, *kind);
  h.id = r.string(root, "id", "id", true);
  check_scenario_id(h.id, r.at(*root.get("id"), "id"));
  h.title = r.string(root, "title", "title", false);
  h.source = r.string(root, "source", "source", false);
  if (const auto* notes = root["notes"].as_array())
    for (const auto& note : *notes)
      if (auto text = note.value<std::string>()) h.notes.push_back(*text);
  const std::string report = r.string(root, "report", "report", false);
  // `report = ""` was taken as no report key: the kind's default ran, not what the file seemed to ask.
  if (root.contains("report") && report.empty()) throw Error(r.at(*root.get("report"), "report"), "is empty: name a report or leave the key out");
  const ScenarioFile file{root, r, h, report};
  return Scenario(kind->read(file));
}

}  // namespace mcsim
