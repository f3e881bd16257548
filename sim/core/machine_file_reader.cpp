#include "machine_file_reader.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "checked_number.hpp"
#include "error.hpp"
#include "machine_file_layers.hpp"
#include "machine_file_library.hpp"
#include "machine_file_schema.hpp"
#include "machine_rules.hpp"
#include "toml_reader.hpp"

namespace mcsim {

namespace fs = std::filesystem;

namespace {

using namespace machine_file_schema;

// Bounds on what a file may declare (each far above the bundled machines' few).
constexpr std::size_t max_regimes = 16;
constexpr std::size_t max_list_values = max_machine_list_values;
constexpr std::size_t max_choices = 32;
constexpr std::size_t max_choice_values = 16;
constexpr std::size_t max_name_chars = max_machine_name_chars;

// ---- The files: parsed, flattened, merged -----------------------------------------------------

// A record ({ value = ..., source = ..., assumption = ... }) or a plain value, and where it is.
struct Entry {
  const toml::node* node = nullptr;
  std::size_t layer = 0;  // 0: the deepest base; the top file last
};

bool is_record(const toml::node& node) {
  const auto* table = node.as_table();
  return table && (table->contains("value") || table->contains("rule"));
}

// Every record and plain value of `table` by its dotted path; tables that are no record are
// walked into. A quoted key with a '.' in it would read as two keys: refused.
void flatten(const toml::table& table, const std::string& prefix, std::size_t layer, std::map<std::string, Entry>& out) {
  for (const auto& [key, node] : table) {
    const std::string path = prefix + std::string(key.str());
    if (key.str().find('.') != std::string_view::npos || key.str().empty())
      throw Error(Reader("").at(node, path), "a key of a machine file is a name without '.' (write nested tables)");
    if (node.is_table() && !is_record(node))
      flatten(*node.as_table(), path + ".", layer, out);
    else
      out[path] = {&node, layer};
  }
}

// ---- Typed reading -----------------------------------------------------------------------------

class MachineFileReader {
 public:
  MachineFileReader(const MachineFileLayers& layers, const std::map<std::string, std::string>& requested)
      : layers_(layers), r_(layers.paths.front()) {
    // Bases first, the top file last: a later file's key replaces an earlier one's.
    for (std::size_t k = layers.tables.size(); k-- > 0;)
      flatten(*layers.tables[k], "", layers.tables.size() - 1 - k, merged_);
    read_choices(requested);
  }

  MachineFile read() {
    MachineFile m;
    m.path = layers_.paths.front();
    m.bases.assign(layers_.paths.begin() + 1, layers_.paths.end());
    const toml::table& top = *layers_.tables.front();
    m.name = r_.string(top, "name", "name", true);
    if (!valid_machine_name(m.name))
      throw Error(r_.at(*top.get("name"), "name"),
                  fmt::format("'{}' is not a machine name (lower-case letters, digits, '-', '_')",
                              m.name.substr(0, max_name_chars)));
    m.title = text("title");
    consumed_.insert({"name", "base"});
    m.choices = choices_;

    for (const auto& [path, entry] : merged_)
      if (path.starts_with("topology.")) m.parameters.push_back(record(path));
    for (const auto& [path, entry] : merged_)
      if (path.starts_with("links.")) m.parameters.push_back(record(path));
    for (const auto& [path, entry] : merged_)
      if (path.starts_with("library.")) m.parameters.push_back(record(path));
    for (const auto& [path, entry] : merged_)
      if (path.starts_with("parameters.")) m.parameters.push_back(record(path));
    for (const auto& [path, entry] : merged_)
      if (path.starts_with("hints.")) m.parameters.push_back(record(path));
    for (const auto& [path, entry] : merged_)
      if (!consumed_.contains(path)) unknown(path, *entry.node);
    check_unchosen_overlays();

    require("topology.family");
    for (const auto& [key, spec] : link_keys())
      if (spec.required) require("links." + key);
    for (const auto& [key, spec] : library_keys()) require("library." + key);
    const std::set<std::string> regimes = regime_names(m.parameters);
    for (const auto& regime : regimes)
      if (!valid_machine_name(regime))
        throw Error(r_.at("library.regimes." + regime.substr(0, max_name_chars)),
                    "a regime's name is lower-case letters, digits, '-' and '_'");
    if (regimes.empty()) throw Error(r_.at("library.regimes"), "missing required key (at least one size regime)");
    if (regimes.size() > max_regimes)
      throw Error(r_.at("library.regimes"), fmt::format("more than {} size regimes", max_regimes));
    for (const auto& regime : regimes)
      for (const auto& [key, spec] : regime_keys()) require("library.regimes." + regime + "." + key);
    m.family = find(m, "topology.family")->text;
    check_names(m);
    check_node_bounds(m);
    evaluate_rules(m.parameters, std::nullopt);
    check_derived_dimensions(m);
    m.library = library_of(m);
    return m;
  }

 private:
  // [choices.NAME]: values (the default first), source, assumption, and an overlay table per
  // value other than the default. The requested (or default) value's overlay is merged last.
  void read_choices(const std::map<std::string, std::string>& requested) {
    std::map<std::string, std::map<std::string, Entry>> declared;  // choice -> its keys
    for (auto it = merged_.begin(); it != merged_.end();) {
      if (!it->first.starts_with("choices.")) {
        ++it;
        continue;
      }
      const std::string rest = it->first.substr(8);
      const auto dot = rest.find('.');
      if (dot == std::string::npos)
        throw Error(r_.at(*it->second.node, it->first), "a choice is a table: [choices.NAME] with values, source and "
                                                        "assumption");
      declared[rest.substr(0, dot)][rest.substr(dot + 1)] = it->second;
      it = merged_.erase(it);
    }
    if (declared.size() > max_choices) throw Error(r_.at("choices"), fmt::format("more than {} choices", max_choices));
    // Each choice with its chosen overlay, applied by where the choice is declared (a base's
    // choices before the file's, then by line): a later choice's overlay wins a key both set, as
    // the CM-5's data_messages = "cmaml-scopy" wins over cmmd = "overlapped", as in the CM-5's C++ maker.
    struct Chosen {
      std::pair<std::size_t, std::uint32_t> declared_at;  // layer, line
      MachineChoice choice;
      std::map<std::string, Entry> overlay;
    };
    std::vector<Chosen> chosen;
    for (const auto& [name, keys] : declared) {
      const std::string full = "choices." + name;
      if (!valid_option_key(name))
        throw Error(r_.at(full.substr(0, 8 + max_name_chars)), "a choice's name is an option key (letters, digits, '_', '-')");
      MachineChoice c;
      c.name = name;
      const auto values = keys.find("values");
      if (values == keys.end()) throw Error(r_.at(full + ".values"), "missing required key");
      const auto* array = values->second.node->as_array();
      if (!array || array->empty() || array->size() > max_choice_values)
        throw Error(r_.at(*values->second.node, full + ".values"),
                    fmt::format("expected a list of 1 to {} names, the default first", max_choice_values));
      for (const auto& item : *array) {
        const auto v = item.value<std::string>();
        if (!v || !valid_machine_name(*v))
          throw Error(r_.at(item, full + ".values"), "expected a name (lower-case letters, digits, '-', '_')");
        if (std::find(c.values.begin(), c.values.end(), *v) != c.values.end())
          throw Error(r_.at(item, full + ".values"), fmt::format("'{}' is listed twice", *v));
        c.values.push_back(*v);
      }
      c.where = location(*values->second.node);
      for (const auto& [key, entry] : keys) {
        if (key == "values") continue;
        if (key == "source") {
          c.source = plain_string(entry, full + ".source");
          continue;
        }
        if (key == "assumption") {
          const auto b = entry.node->value<bool>();
          if (!b) throw Error(r_.at(*entry.node, full + ".assumption"), "expected true or false");
          c.assumption = *b;
          continue;
        }
        const auto dot = key.find('.');
        const std::string value = key.substr(0, dot);
        if (dot == std::string::npos || std::find(c.values.begin() + 1, c.values.end(), value) == c.values.end())
          throw Error(r_.at(*entry.node, full + "." + key),
                      fmt::format("unknown key '{}' (allowed here: values, source, assumption, and a table per value "
                                  "other than the default: {})",
                                  key, fmt::join(c.values.begin() + 1, c.values.end(), ", ")));
        const std::string target = key.substr(dot + 1);
        // The machine's name and bases are read from the file itself, never from the merge: an
        // overlay's `name` or `base` was accepted and silently did nothing.
        if (target == "name" || target == "base" || target == "title" || target.starts_with("choices."))
          throw Error(r_.at(*entry.node, full + "." + key),
                      fmt::format("a choice's overlay sets machine parameters; '{}' is not one (a machine's name, "
                                  "title, bases and choices are not chosen)",
                                  target.substr(0, max_name_chars)));
        if (!spec_of(target)) unknown(full + "." + key, *entry.node);
      }
      if (c.source.empty()) throw Error(r_.at(full + ".source"), "missing required key");
      if (!keys.contains("assumption")) throw Error(r_.at(full + ".assumption"), "missing required key");
      c.chosen = c.values.front();
      if (auto it = requested.find(name); it != requested.end()) {
        if (std::find(c.values.begin(), c.values.end(), it->second) == c.values.end())
          throw Error(r_.at(full), fmt::format("option {} = '{}': use one of {}", name, it->second.substr(0, max_name_chars),
                                               fmt::join(c.values, ", ")));
        c.chosen = it->second;
      }
      const std::string prefix = c.chosen + ".";
      std::map<std::string, Entry> overlay;
      for (const auto& [key, entry] : keys) {
        if (key.starts_with(prefix))
          overlay[key.substr(prefix.size())] = entry;
        else if (const auto dot = key.find('.'); dot != std::string::npos)
          unchosen_.emplace_back(key.substr(dot + 1), entry);  // checked in read() like a chosen one
      }
      chosen.push_back({{values->second.layer, values->second.node->source().begin.line}, std::move(c),
                        std::move(overlay)});
    }
    std::vector<std::string> names;
    for (const auto& [name, keys] : declared) names.push_back(name);
    for (const auto& [name, value] : requested)
      if (!declared.contains(name))
        throw Error(r_.at("choices"), fmt::format("no choice named '{}' (the file's choices: {})",
                                                  name.substr(0, max_name_chars), fmt::join(names, ", ")));
    std::stable_sort(chosen.begin(), chosen.end(),
                     [](const Chosen& a, const Chosen& b) { return a.declared_at < b.declared_at; });
    for (auto& [declared_at, choice, overlay] : chosen) {
      for (const auto& [path, entry] : overlay) merged_[path] = entry;
      choices_.push_back(std::move(choice));
    }
  }

  std::string location(const toml::node& node) const {
    const auto& source = node.source();
    const std::string file = source.path ? *source.path : r_.path();
    return source.begin.line > 0 ? fmt::format("{}:{}", file, source.begin.line) : file;
  }

  std::string plain_string(const Entry& entry, const std::string& full) const {
    if (auto v = entry.node->value<std::string>()) return *v;
    throw Error(r_.at(*entry.node, full), "expected a string");
  }

  std::string text(const std::string& path) {
    consumed_.insert(path);
    auto it = merged_.find(path);
    return it == merged_.end() ? std::string() : plain_string(it->second, path);
  }

  [[noreturn]] void unknown(const std::string& path, const toml::node& node) const {
    // A table that is no record under a key that takes one: say what a record needs.
    const auto dot = path.rfind('.');
    if (dot != std::string::npos) {
      const std::string parent = path.substr(0, dot);
      if (auto spec = spec_of(parent); spec && spec->takes != Takes::text)
        throw Error(r_.at(node, parent), "a parameter is a table { value = ..., source = ..., assumption = true|false } "
                                         "(or rule = ... for a value C++ derives)");
    }
    throw Error(r_.at(node, path), fmt::format("unknown key '{}' (see docs/machine-files.md for the keys of a machine "
                                               "file)",
                                               path.substr(dot == std::string::npos ? 0 : dot + 1)));
  }

  void require(const std::string& path) const {
    if (!merged_.contains(path)) throw Error(r_.at(path), "missing required key");
  }

  ParameterRecord record(const std::string& path) {
    const auto spec = spec_of(path);
    const toml::node& node = *merged_.at(path).node;
    if (!spec || spec->takes == Takes::text) unknown(path, node);
    consumed_.insert(path);
    const auto* table = node.as_table();
    if (!table) throw Error(r_.at(node, path), "a parameter is a table { value = ..., source = ..., assumption = "
                                               "true|false }");
    r_.only_keys(*table, path, {"value", "rule", "inputs", "source", "assumption", "option"});
    ParameterRecord p;
    p.path = path;
    // A key of [parameters] is its own option name; elsewhere `option` gives one.
    p.name = path.starts_with("parameters.") ? path.substr(11) : path;
    p.where = location(node);
    if (!table->get("source")) throw Error(r_.at(node, path + ".source"), "missing required key");
    p.source = r_.string(*table, "source", path + ".source", true);
    if (p.source.empty()) throw Error(r_.at(*table->get("source"), path + ".source"), "the source is empty");
    const toml::node* assumption = table->get("assumption");
    if (!assumption)
      throw Error(r_.at(node, path + ".assumption"), "missing required key (true or false: is the value assumed?)");
    if (auto b = assumption->value<bool>())
      p.assumption = *b;
    else
      throw Error(r_.at(*assumption, path + ".assumption"), "expected true or false");
    if (const toml::node* option = table->get("option")) {
      p.name = r_.string(*table, "option", path + ".option", true);
      if (!valid_option_key(p.name))
        throw Error(r_.at(*option, path + ".option"), "expected an option key (letters, digits, '_', '-')");
    }
    if (const toml::node* rule = table->get("rule")) {
      p.kind = ParameterRecord::Kind::derived;
      p.rule = r_.string(*table, "rule", path + ".rule", true);
      const MachineRule* known = find_machine_rule(p.rule);
      if (!known) {
        std::vector<std::string> names;
        for (const auto& m : machine_rules()) names.push_back(m.name);
        throw Error(r_.at(*rule, path + ".rule"), fmt::format("unknown rule '{}' (known: {})",
                                                              p.rule.substr(0, max_name_chars), fmt::join(names, ", ")));
      }
      if (const toml::node* value = table->get("value"))
        throw Error(r_.at(*value, path + ".value"), "a derived parameter takes no value: its rule computes it");
      if (spec->takes == Takes::word)
        throw Error(r_.at(*rule, path + ".rule"), "a word cannot be derived: give its value");
      if (const toml::node* inputs = table->get("inputs")) {
        const auto* array = inputs->as_array();
        if (!array || array->size() > max_list_values)
          throw Error(r_.at(*inputs, path + ".inputs"), "expected a list of parameter names");
        for (const auto& item : *array) {
          const auto v = item.value<std::string>();
          if (!v) throw Error(r_.at(item, path + ".inputs"), "expected a parameter name");
          p.inputs.push_back(*v);
        }
      }
      if (known->inputs >= 0 && static_cast<int>(p.inputs.size()) != known->inputs)
        throw Error(r_.at(*rule, path + ".inputs"), fmt::format("rule {} takes {} input(s), not {}", p.rule,
                                                                known->inputs, p.inputs.size()));
    } else if (table->contains("inputs")) {
      throw Error(r_.at(*table->get("inputs"), path + ".inputs"), "inputs belong to a derived parameter (rule = ...)");
    }
    if (const toml::node* value = table->get("value")) read_value(*spec, *value, path + ".value", p);
    // An option key with a unit suffix takes bare numbers in that unit: its value must have it.
    Dimension suffix{};
    if (p.name != p.path && suffix_dimension(p.name, suffix) && p.has_value && p.dimension != suffix)
      throw Error(r_.at(*table->get("value"), path + ".value"),
                  fmt::format("option {} takes {}, but the value is {}", p.name, describe(suffix), describe(p.dimension)));
    return p;
  }

  // The value of a record, by what its key takes.
  void read_value(const KeySpec& spec, const toml::node& value, const std::string& full, ParameterRecord& p) const {
    const bool derived = p.kind == ParameterRecord::Kind::derived;
    auto set_kind = [&](ParameterRecord::Kind kind) {
      if (!derived) p.kind = kind;
    };
    p.has_value = true;
    const auto text = value.value<std::string>();
    switch (spec.takes) {
      case Takes::word:
        if (!text) throw Error(r_.at(value, full), "expected a string");
        if (!spec.words.empty() && std::find(spec.words.begin(), spec.words.end(), *text) == spec.words.end())
          throw Error(r_.at(value, full), fmt::format("'{}' is not one of {}", text->substr(0, max_name_chars),
                                                      fmt::join(spec.words, ", ")));
        set_kind(ParameterRecord::Kind::word);
        p.text = *text;
        return;
      case Takes::number:
        p.value = number(value, full);
        p.text = fmt::format("{}", p.value);
        set_kind(ParameterRecord::Kind::number);
        return;
      case Takes::quantity:
        if (!text)
          throw Error(r_.at(value, full), fmt::format("expected {} as a string with its unit, e.g. \"{}\"",
                                                      describe(spec.dimension),
                                                      spec.dimension == Dimension::bytes     ? "16 B"
                                                      : spec.dimension == Dimension::seconds ? "88 us"
                                                                                             : "10 MB/s"));
        quantity(*text, spec.dimension, spec.unlimited, value, full, p);
        set_kind(ParameterRecord::Kind::quantity);
        return;
      case Takes::free:
      case Takes::text:
        break;
    }
    // A shape key or a parameter: a number, a list of numbers, a quantity or a word.
    Dimension suffix{};
    const std::string key = p.path.substr(p.path.rfind('.') + 1);
    const bool has_suffix = suffix_dimension(key, suffix);
    if (value.is_number()) {
      if (has_suffix)
        throw Error(r_.at(value, full), fmt::format("expected {} as a string with its unit", describe(suffix)));
      p.value = number(value, full);
      p.text = fmt::format("{}", p.value);
      set_kind(ParameterRecord::Kind::number);
    } else if (const auto* array = value.as_array()) {
      if (array->empty() || array->size() > max_list_values)
        throw Error(r_.at(value, full), fmt::format("expected a list of 1 to {} numbers", max_list_values));
      for (const auto& item : *array) p.values.push_back(number(item, full));
      p.text = fmt::format("[{}]", fmt::join(p.values, ", "));
      set_kind(ParameterRecord::Kind::list);
    } else if (text) {
      // Digits first: a quantity, whose unit names its dimension (the key's suffix, if any, must
      // agree); anything else is a word.
      if (!text->empty() && (text->front() >= '0' && text->front() <= '9')) {
        Dimension dimension = suffix;
        if (!has_suffix) {
          const auto space = text->find_first_not_of("0123456789.eE+- ");
          const std::string unit = space == std::string::npos ? std::string() : text->substr(space);
          if (!dimension_of_unit(unit, dimension))
            throw Error(r_.at(value, full),
                        fmt::format("'{}' is neither a quantity with a known unit (B, kB, KiB, MB, MiB, GB, GiB; s, ms, "
                                    "us, ns; B/s, kB/s, MB/s, GB/s) nor a word (a word starts with a letter)",
                                    text->substr(0, 40)));
        }
        quantity(*text, dimension, true, value, full, p);
        set_kind(ParameterRecord::Kind::quantity);
      } else {
        if (has_suffix)
          throw Error(r_.at(value, full), fmt::format("expected {} as a string with its unit", describe(suffix)));
        p.text = *text;
        set_kind(ParameterRecord::Kind::word);
      }
    } else if (const auto b = value.value<bool>()) {
      p.text = *b ? "true" : "false";
      set_kind(ParameterRecord::Kind::word);
    } else {
      throw Error(r_.at(value, full), "expected a number, a list of numbers, a quantity (\"10 MB/s\") or a word");
    }
  }

  void quantity(const std::string& text, Dimension dimension, bool unlimited, const toml::node& value,
                const std::string& full, ParameterRecord& p) const {
    const Quantity q = parse_quantity(text, dimension, unlimited, r_.at(value, full));
    p.value = q.value;
    p.dimension = q.dimension;
    p.unit = q.unit;
    p.text = text;
  }

  double number(const toml::node& node, const std::string& full) const {
    const double v = r_.number(node, full);
    if (std::abs(v) > max_quantity)
      throw Error(r_.at(node, full), fmt::format("{} is outside the magnitudes a machine parameter may take", v));
    return v;
  }

  static const ParameterRecord* find(const MachineFile& m, const std::string& path) {
    for (const auto& p : m.parameters)
      if (p.path == path) return &p;
    return nullptr;
  }

  // A derived value has its first input's dimension: it must be the one its key takes.
  void check_derived_dimensions(const MachineFile& m) const {
    for (const auto& p : m.parameters) {
      if (p.kind != ParameterRecord::Kind::derived || !p.has_value) continue;
      const auto spec = spec_of(p.path);
      Dimension wanted = spec && spec->takes == Takes::quantity ? spec->dimension : Dimension::count;
      // A free key (a shape key, a parameter) with a unit suffix takes that suffix's dimension.
      const bool suffixed = spec && spec->takes == Takes::free &&
                            suffix_dimension(p.path.substr(p.path.rfind('.') + 1), wanted);
      if (spec && (spec->takes == Takes::quantity || spec->takes == Takes::number || suffixed) &&
          p.dimension != wanted)
        throw Error(p.where + " (" + p.path + ".inputs)",
                    fmt::format("rule {} gives {} here, but the key takes {}", p.rule, describe(p.dimension),
                                describe(wanted)));
    }
  }

  // Every overlay's values are read as a chosen one's would be, whichever value is chosen: a wrong
  // unit or type in an overlay was found only by the run that chose it.
  void check_unchosen_overlays() {
    for (const auto& [path, entry] : unchosen_) {
      const auto kept = merged_.find(path);
      const std::optional<Entry> before = kept == merged_.end() ? std::nullopt : std::optional<Entry>(kept->second);
      merged_[path] = entry;
      // Put back what the merge had, whether the record reads or throws.
      const auto restore = [&] { before ? void(merged_[path] = *before) : void(merged_.erase(path)); };
      try {
        (void)record(path);
      } catch (...) {
        restore();
        throw;
      }
      restore();
    }
  }

  // topology.shape.min_nodes and max_nodes bound the node count: whole numbers from 1, the least
  // first (33.5 and -5 were taken: a machine no count could satisfy, or any).
  void check_node_bounds(const MachineFile& m) const {
    const ParameterRecord* low = find(m, "topology.shape.min_nodes");
    const ParameterRecord* high = find(m, "topology.shape.max_nodes");
    for (const ParameterRecord* p : {low, high})
      if (p && (p->kind != ParameterRecord::Kind::number || p->value != std::floor(p->value) || p->value < 1 ||
                p->value > std::numeric_limits<int>::max()))
        throw Error(p->where + " (" + p->path + ")",
                    fmt::format("'{}' is not a whole number of nodes from 1 to {}", p->text.substr(0, max_name_chars),
                                std::numeric_limits<int>::max()));
    if (low && high && low->value > high->value)
      throw Error(low->where + " (" + low->path + ")",
                  fmt::format("min_nodes {} is above max_nodes {}", low->value, high->value));
  }

  // Option keys are unique, and a rule's inputs name parameters of the file (or "nodes").
  void check_names(const MachineFile& m) const {
    std::map<std::string, const ParameterRecord*> names;
    for (const auto& p : m.parameters) {
      if (p.name == p.path) continue;
      if (auto [it, added] = names.emplace(p.name, &p); !added)
        throw Error(p.where + " (" + p.path + ".option)",
                    fmt::format("option {} already names {} ({})", p.name, it->second->path, it->second->where));
    }
    for (const auto& c : m.choices)
      if (names.contains(c.name))
        throw Error(c.where + " (choices." + c.name + ")", fmt::format("option {} is both a choice and a parameter", c.name));
    for (const auto& p : m.parameters)
      for (const auto& input : p.inputs)
        if (input != "nodes" && !names.contains(input) && !find(m, input))
          throw Error(p.where + " (" + p.path + ".inputs)",
                      fmt::format("'{}' names no parameter of this machine (an option key, a path such as "
                                  "links.bandwidth, or nodes)",
                                  input.substr(0, max_name_chars)));
  }

  const MachineFileLayers& layers_;
  Reader r_;
  std::map<std::string, Entry> merged_;
  std::set<std::string> consumed_;
  std::vector<MachineChoice> choices_;
  std::vector<std::pair<std::string, Entry>> unchosen_;  // the overlays of the values not chosen: path, entry
};

}  // namespace

void resolve_for_nodes(MachineFile& machine, int nodes) {
  evaluate_rules(machine.parameters, nodes);
  machine.library = library_of(machine);
}

MachineFile load_machine_file(const std::string& path, const std::vector<std::string>& search_folders,
                              const std::map<std::string, std::string>& choices) {
  const MachineFileLayers layers = read_machine_file_layers(path, search_folders);
  return MachineFileReader(layers, choices).read();
}

MachineFile load_machine_file_with_options(const std::string& path, const std::vector<std::string>& search_folders,
                                           const std::map<std::string, std::string>& options,
                                           std::map<std::string, std::string>& records) {
  const MachineFileLayers layers = read_machine_file_layers(path, search_folders);
  const std::set<std::string> declared = layers.declared_choices();
  std::map<std::string, std::string> choices;
  for (const auto& [key, value] : options) (declared.contains(key) ? choices : records)[key] = value;
  return MachineFileReader(layers, choices).read();
}

}  // namespace mcsim
