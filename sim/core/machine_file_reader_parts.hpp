// The reader of one machine file and its bases (machine_file_reader.hpp), in parts by idea:
// machine_file_reader.cpp reads the whole file (names, required keys, the order of the checks),
// machine_file_reader_choices.cpp its [choices] and their overlays, machine_file_reader_records.cpp
// one record and its value, machine_file_reader_checks.cpp what holds across records (option names,
// node bounds, derived dimensions). Rules are evaluated by machine_rules.cpp. Internal to them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "machine_file.hpp"
#include "machine_file_layers.hpp"
#include "machine_file_schema.hpp"
#include "toml_reader.hpp"

namespace mcsim::machine_file_reading {

using namespace machine_file_schema;

// Bounds on what a file may declare (each far above the bundled machines' few).
inline constexpr std::size_t max_regimes = 16;
inline constexpr std::size_t max_list_values = max_machine_list_values;
inline constexpr std::size_t max_choices = 32;
inline constexpr std::size_t max_choice_values = 16;
inline constexpr std::size_t max_name_chars = max_machine_name_chars;

// A record ({ value = ..., source = ..., assumption = ... }) or a plain value, and where it is.
struct Entry {
  const toml::node* node = nullptr;
  std::size_t layer = 0;  // 0: the deepest base; the top file last
};

// Every record and plain value of `table` by its dotted path; tables that are no record are
// walked into. A quoted key with a '.' in it would read as two keys: refused.
void flatten(const toml::table& table, const std::string& prefix, std::size_t layer, std::map<std::string, Entry>& out);

class MachineFileReader {
 public:
  MachineFileReader(const MachineFileLayers& layers, const std::map<std::string, std::string>& requested);

  MachineFile read();

 private:
  // [choices.NAME]: values (the default first), source, assumption, and an overlay table per
  // value other than the default. The requested (or default) value's overlay is merged last.
  void read_choices(const std::map<std::string, std::string>& requested);
  // Every overlay's values are read as a chosen one's would be, whichever value is chosen: a wrong
  // unit or type in an overlay was found only by the run that chose it.
  void check_unchosen_overlays();
  std::string location(const toml::node& node) const;
  std::string plain_string(const Entry& entry, const std::string& full) const;
  std::string text(const std::string& path);
  [[noreturn]] void unknown(const std::string& path, const toml::node& node) const;
  void require(const std::string& path) const;
  ParameterRecord record(const std::string& path);
  // The value of a record, by what its key takes.
  void read_value(const KeySpec& spec, const toml::node& value, const std::string& full, ParameterRecord& p) const;
  void quantity(const std::string& text, Dimension dimension, bool unlimited, const toml::node& value,
                const std::string& full, ParameterRecord& p) const;
  double number(const toml::node& node, const std::string& full) const;
  static const ParameterRecord* find(const MachineFile& m, const std::string& path);
  // A derived value has its first input's dimension: it must be the one its key takes.
  void check_derived_dimensions(const MachineFile& m) const;
  // topology.shape.min_nodes and max_nodes bound the node count: whole numbers from 1, the least
  // first (33.5 and -5 were taken: a machine no count could satisfy, or any).
  void check_node_bounds(const MachineFile& m) const;
  // Option keys are unique, and a rule's inputs name parameters of the file (or "nodes").
  void check_names(const MachineFile& m) const;
  // Every key is read: a [topology.shape] key by the family (shape_keys) or a rule (named among a
  // derived record's inputs), a [parameters] key by a rule. `wrap_arond = true` built a mesh. One
  // the top file writes is refused; one a base wrote that the top file left unread (a what-if
  // giving parents_per_level as a list leaves the CM-5 rule's inputs unread) is dropped.
  void check_read_keys(MachineFile& m) const;
  // One layout of the shape (shape_alternatives): two given by one file are refused; a what-if's
  // layout replaces its base's (a mesh what-if giving `sides` drops the mesh's `dimensions`).
  void keep_one_layout(MachineFile& m) const;

  const MachineFileLayers& layers_;
  Reader r_;
  std::map<std::string, Entry> merged_;
  std::set<std::string> consumed_;
  std::vector<MachineChoice> choices_;
  std::vector<std::pair<std::string, Entry>> unchosen_;  // the overlays of the values not chosen: path, entry
};

}  // namespace mcsim::machine_file_reading
