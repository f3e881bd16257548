// The schema of a machine file (docs/machine-files.md, "The keys"): what each key takes, a word,
// a quantity of a dimension, a number or (shape keys, [parameters]) any kind, and which keys are
// required. The reader (machine_file_reader.cpp) checks every key against it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "quantity.hpp"

namespace mcsim::machine_file_schema {

enum class Takes {
  text,      // a plain string (name, title, base)
  word,      // a record whose value is a word (one of `words` when given)
  quantity,  // a record whose value is a quantity of `dimension`
  number,    // a record whose value is a plain number
  free,      // a record of any kind (topology.shape.*, parameters.*): number, list, quantity, word
};

struct KeySpec {
  Takes takes = Takes::free;
  Dimension dimension = Dimension::count;
  bool unlimited = false;          // a quantity may be "unlimited"
  std::vector<std::string> words;  // a word: the allowed ones (empty: any text)
  bool required = false;
};

// The keys of [library], of each [library.regimes.NAME] and of [links].
const std::map<std::string, KeySpec>& library_keys();
const std::map<std::string, KeySpec>& regime_keys();
const std::map<std::string, KeySpec>& link_keys();

// The keys of [topology.shape] the family named `family` reads (topologies/ reads them; a test
// checks that every registered family has its list here), the node-count keys every family takes
// included; nullopt for a family the schema does not know (the builder refuses it by name).
std::optional<std::vector<std::string>> shape_keys(const std::string& family);

// The ways a family's shape may be laid out, each a set of keys, of which a file gives one: the
// k-ary n-cube's `sides`, `k`, or `dimensions` with `rows` and `cols` (the family reads the first
// it finds and would leave another unread). Empty for a family with one way.
std::vector<std::vector<std::string>> shape_alternatives(const std::string& family);

// The keys a table of a machine file may hold ("" the top level, "topology", "links", "library",
// "library.regimes.NAME", "hints", "topology.shape" of `family`), for an error naming the known
// ones; empty for a table whose keys are free ([parameters]) or unknown.
std::vector<std::string> known_keys(const std::string& table, const std::string& family);

// The dimension a key's unit suffix names (an option key such as "wire_bandwidth_MBps", whose bare
// number on the command line is in MB/s): false when it has no such suffix.
bool suffix_dimension(const std::string& key, Dimension& dimension);

// The spec of a dotted path of a machine file ("links.bandwidth"), or nullopt when the schema has
// no such key.
std::optional<KeySpec> spec_of(const std::string& path);

}  // namespace mcsim::machine_file_schema
