// apply_machine_option (machine_file_reader.hpp): a --machine-option given to a machine read
// from a file, written into the record it names.
#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checked_number.hpp"
#include "error.hpp"
#include "machine_file_layers.hpp"
#include "machine_file_library.hpp"
#include "machine_file_reader.hpp"
#include "machine_file_schema.hpp"
#include "machine_rules.hpp"

namespace mcsim {

namespace {
using namespace machine_file_schema;
constexpr std::size_t max_name_chars = max_machine_name_chars;
constexpr std::size_t max_list_values = max_machine_list_values;
constexpr double max_option_bytes = 1099511627776.0;  // 2^40
}  // namespace

void apply_machine_option(MachineFile& machine, const std::string& key, const std::string& text,
                          const std::string& where) {
  // The file is named beside `where` (the caller's "machine NAME" names the file's `name` key,
  // which need not be its file name: "machine w: unknown option" named no file).
  const std::string in_file = fmt::format("{} ({})", where, machine.path);
  const std::string at = fmt::format("{}: option {}", in_file, key.substr(0, max_name_chars));
  for (const auto& c : machine.choices)
    if (c.name == key)
      throw Error(at, fmt::format("is a choice ({}): it picks a variant when the file is read", fmt::join(c.values, ", ")));
  ParameterRecord* p = nullptr;
  std::vector<std::string> names;
  for (auto& record : machine.parameters) {
    if (record.name == key) p = &record;
    if (record.name != record.path) names.push_back(record.name);
  }
  for (const auto& c : machine.choices) names.push_back(c.name);
  std::sort(names.begin(), names.end());
  if (!p) throw Error(in_file, fmt::format("unknown option '{}' (known: {})", key.substr(0, max_name_chars), fmt::join(names, ", ")));
  const auto spec = spec_of(p->path);
  const std::string shown = text.size() <= 40 ? text : text.substr(0, 40) + "...";
  const bool digits_first = !text.empty() && text.front() >= '0' && text.front() <= '9';
  const bool quantity = (spec && spec->takes == Takes::quantity) ||
                        (p->kind != ParameterRecord::Kind::word && p->kind != ParameterRecord::Kind::list &&
                         p->dimension != Dimension::count);
  ParameterRecord changed = *p;
  changed.rule.clear();
  changed.inputs.clear();
  changed.values.clear();
  changed.unit.clear();
  changed.has_value = true;
  if (quantity) {
    // A bare number is in the unit of the key's suffix (cmmd_startup_us=100 is 100 us), or in SI
    // units for a key without one (the mesh's startup, hop: seconds); else a quantity with its unit.
    const Dimension dimension = spec && spec->takes == Takes::quantity ? spec->dimension : p->dimension;
    const auto unit_at = text.find_first_not_of("0123456789.eE+-");
    std::string quantity_text = text;
    // Not a number at all: said as the options said it before files.
    const auto start = text.find_first_not_of("+-");
    if (text != "unlimited" && start != std::string::npos && std::isalpha(static_cast<unsigned char>(text[start]))) {
      std::string lower = text;
      std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
      const bool infinite_or_nan = lower.compare(start, 3, "nan") == 0 || lower.compare(start, 3, "inf") == 0;
      throw Error(at, fmt::format("'{}' is not {}: a bare number is in the unit of the key's suffix, or give a "
                                  "quantity such as \"88 us\"",
                                  shown, infinite_or_nan ? "a finite number" : "a number"));
    }
    if (digits_first && unit_at == std::string::npos) {
      static const std::vector<std::pair<std::string, std::string>> suffix_units = {
          {"_us", "us"}, {"_ms", "ms"}, {"_ns", "ns"}, {"_MBps", "MB/s"}, {"_Bps", "B/s"}, {"_bytes", "B"}};
      std::string unit = dimension == Dimension::seconds ? "s" : dimension == Dimension::bytes ? "B" : "B/s";
      for (const auto& [suffix, u] : suffix_units)
        if (key.size() > suffix.size() && key.ends_with(suffix)) unit = u;
      quantity_text = text + " " + unit;
    }
    const Quantity q = parse_quantity(quantity_text, dimension, spec ? spec->unlimited : true, at);
    // A size from the command line: at most 2^40 bytes, as options were before files.
    if (q.dimension == Dimension::bytes && std::isfinite(q.value) && q.value > max_option_bytes)
      throw Error(at, fmt::format("{} is out of range (a size is at most 2^40 bytes)", shown));
    changed.kind = ParameterRecord::Kind::quantity;
    changed.value = q.value;
    changed.dimension = q.dimension;
    changed.unit = q.unit;
  } else if (p->kind == ParameterRecord::Kind::number ||
             (p->kind == ParameterRecord::Kind::derived && p->dimension == Dimension::count)) {
    changed.kind = ParameterRecord::Kind::number;
    changed.value = parse_real(text, at);
    if (std::abs(changed.value) > max_quantity)
      throw Error(at, fmt::format("{} is outside the magnitudes a machine parameter may take", shown));
  } else if (p->kind == ParameterRecord::Kind::list) {
    // "4x4x4": whole numbers joined by 'x', as the option was written before files.
    std::size_t from = 0;
    while (from <= text.size() && changed.values.size() < max_list_values) {
      const auto x = std::min(text.find('x', from), text.size());
      changed.values.push_back(static_cast<double>(parse_integer(std::string_view(text).substr(from, x - from), at, 0,
                                                                 std::int64_t{1} << 20)));
      from = x + 1;
    }
    if (from <= text.size()) throw Error(at, fmt::format("more than {} numbers", max_list_values));
  } else {
    if (spec && !spec->words.empty() && std::find(spec->words.begin(), spec->words.end(), text) == spec->words.end())
      throw Error(at, fmt::format("'{}' is not one of {}", shown, fmt::join(spec->words, ", ")));
    changed.kind = ParameterRecord::Kind::word;
  }
  changed.text = text;
  changed.source = fmt::format("option {} = {} (the file: {})", key, shown, p->source);
  changed.assumption = true;
  changed.where = where;
  *p = std::move(changed);
  evaluate_rules(machine.parameters, std::nullopt);
  machine.library = library_of(machine);
}

}  // namespace mcsim
