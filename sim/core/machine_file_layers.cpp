#include "machine_file_layers.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"
#include "machine_file_reader.hpp"
#include "toml_reader.hpp"

namespace mcsim {

namespace fs = std::filesystem;

bool valid_machine_name(const std::string& name) {
  return !name.empty() && name.size() <= max_machine_name_chars &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
         }) &&
         name.front() != '-';
}

bool valid_option_key(const std::string& name) {
  return !name.empty() && name.size() <= max_machine_name_chars && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

MachineFileLayers read_machine_file_layers(const std::string& path, const std::vector<std::string>& search_folders) {
  MachineFileLayers layers;
  auto identity = [](const std::string& file) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(file, ec);
    return ec ? file : canonical.string();
  };
  std::set<std::string> seen = {identity(path)};
  std::string current = path;
  for (;;) {
    layers.tables.push_back(std::make_unique<toml::table>(
        parse_toml_file(current, "the machine file", max_machine_file_bytes)));
    layers.paths.push_back(current);
    const toml::table& table = *layers.tables.back();
    const Reader r(current);
    const toml::node* base = table.get("base");
    if (!base) break;
    const auto name = base->value<std::string>();
    if (!name) throw Error(r.at(*base, "base"), "expected a string (a machine's name)");
    if (!valid_machine_name(*name))
      throw Error(r.at(*base, "base"), fmt::format("'{}' is not a machine name (lower-case letters, digits, '-', '_'; "
                                                   "at most {} characters)",
                                                   name->substr(0, max_machine_name_chars), max_machine_name_chars));
    if (static_cast<int>(layers.tables.size()) > max_base_depth)
      throw Error(r.at(*base, "base"), fmt::format("more than {} bases in a chain ({})", max_base_depth,
                                                   fmt::join(layers.paths, " -> ")));
    std::vector<std::string> folders = search_folders;
    const fs::path own_folder = fs::path(current).parent_path();
    folders.push_back(own_folder.empty() ? std::string(".") : own_folder.string());
    std::string found;
    for (const auto& folder : folders) {
      const fs::path candidate = (folder.empty() ? fs::path(".") : fs::path(folder)) / (*name + ".toml");
      std::error_code ec;
      if (fs::exists(fs::symlink_status(candidate, ec))) {  // a looping link is there: its reader says ELOOP
        found = candidate.string();
        break;
      }
    }
    if (found.empty())
      throw Error(r.at(*base, "base"), fmt::format("no machine '{}': no {}.toml in {}", *name, *name,
                                                   fmt::join(folders, ", ")));
    if (!seen.insert(identity(found)).second)
      throw Error(r.at(*base, "base"), fmt::format("the chain of bases returns to {} ({} -> {})", found,
                                                   fmt::join(layers.paths, " -> "), found));
    current = found;
  }
  return layers;
}

std::set<std::string> MachineFileLayers::declared_choices() const {
  std::set<std::string> declared;
  for (const auto& table : tables)
    if (const toml::table* choices = table->get_as<toml::table>("choices"))
      for (const auto& [name, value] : *choices) declared.emplace(name.str());
  return declared;
}

}  // namespace mcsim
