// A machine file's [choices]: each choice's values, source and flag, the chosen value's overlay
// merged over the file, and every other overlay read as a chosen one would be (machine_file_reader_parts.hpp).
#include "machine_file_reader_parts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"

namespace mcsim::machine_file_reading {

// [choices.NAME]: values (the default first), source, assumption, and an overlay table per
// value other than the default. The requested (or default) value's overlay is merged last.
void MachineFileReader::read_choices(const std::map<std::string, std::string>& requested) {
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

// Every overlay's values are read as a chosen one's would be, whichever value is chosen: a wrong
// unit or type in an overlay was found only by the run that chose it.
void MachineFileReader::check_unchosen_overlays() {
  for (const auto& overlay : unchosen_) {
    const std::string& path = overlay.first;  // clang 14 captures no structured binding in a lambda
    const Entry& entry = overlay.second;
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

}  // namespace mcsim::machine_file_reading
