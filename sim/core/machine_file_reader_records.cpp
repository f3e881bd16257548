// One record of a machine file ({ value | rule, inputs, source, assumption, option }) and its value
// by what its key takes (machine_file_reader_parts.hpp).
#include "machine_file_reader_parts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"
#include "checked_number.hpp"
#include "machine_rules.hpp"

namespace mcsim::machine_file_reading {

ParameterRecord MachineFileReader::record(const std::string& path) {
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
void MachineFileReader::read_value(const KeySpec& spec, const toml::node& value, const std::string& full,
                                   ParameterRecord& p) const {
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

void MachineFileReader::quantity(const std::string& text, Dimension dimension, bool unlimited, const toml::node& value,
                                 const std::string& full, ParameterRecord& p) const {
  const Quantity q = parse_quantity(text, dimension, unlimited, r_.at(value, full));
  p.value = q.value;
  p.dimension = q.dimension;
  p.unit = q.unit;
  p.text = text;
}

double MachineFileReader::number(const toml::node& node, const std::string& full) const {
  const double v = r_.number(node, full);
  if (std::abs(v) > max_quantity)
    throw Error(r_.at(node, full), fmt::format("{} is outside the magnitudes a machine parameter may take", v));
  return v;
}

}  // namespace mcsim::machine_file_reading
