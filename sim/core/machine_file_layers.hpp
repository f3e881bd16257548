// The files one machine file is read from: the file itself and its chain of `base = "NAME"`
// files (docs/machine-files.md, "Starting from another machine"), parsed but not yet typed; and
// the names a machine file gives. The typed reader (machine_file_reader.cpp) starts from these.
#pragma once

#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace mcsim {

// The longest machine name, option key or choice value a file may give.
inline constexpr std::size_t max_machine_name_chars = 64;
// The most numbers a list value (or a rule's inputs) may have.
inline constexpr std::size_t max_machine_list_values = 64;

// A machine's name (and a regime's, a choice value's): lower-case letters, digits, '-', '_'.
bool valid_machine_name(const std::string& name);
// An option key: letters of either case (wire_bandwidth_MBps), digits, '_', '-'.
bool valid_option_key(const std::string& name);

struct MachineFileLayers {
  std::vector<std::unique_ptr<toml::table>> tables;  // the top file first, then its bases
  std::vector<std::string> paths;
  // The names of the [choices.NAME] tables of the file and its bases.
  std::set<std::string> declared_choices() const;
};

// The file at `path` and its chain of bases, each read through read_input_file (bounded by
// max_machine_file_bytes). A base NAME is NAME.toml in each of `search_folders` in turn, then in
// the folder of the file that names it. Throws mcsim::Error "file:line (base): what" for a bad
// name, a missing base, a chain longer than max_base_depth or one that returns to a file.
MachineFileLayers read_machine_file_layers(const std::string& path, const std::vector<std::string>& search_folders);

}  // namespace mcsim
