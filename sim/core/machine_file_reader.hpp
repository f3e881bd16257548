// Reading a machine file (docs/machine-files.md) into its typed value, MachineFile. Errors are one
// line, "file:line (key): what", as a bad scenario's. The file and every file it names as its
// base are untrusted: each is read through read_input_file (regular files, at most
// max_machine_file_bytes), a base is found by name only (no path), and a chain of bases is at most
// max_base_depth long and never returns to a file it has read.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "machine_file.hpp"

namespace mcsim {

// A machine file: the bundled ones are under 16 KiB; 1 MiB is a bound, not a size.
inline constexpr std::uint64_t max_machine_file_bytes = 1ull << 20;
// The longest chain of `base = "..."`: a what-if on a what-if on a bundled machine needs 2.
inline constexpr int max_base_depth = 8;

// Reads the machine file at `path`. `base = "NAME"` is looked up as NAME.toml in each folder of
// `search_folders` in turn (the installed machines folder), then in the folder of the file that
// names it. `choices` picks a variant of the machine (a --machine-option naming a [choices]
// entry, e.g. {"cmmd", "overlapped"}); every other choice takes its default.
MachineFile load_machine_file(const std::string& path, const std::vector<std::string>& search_folders,
                              const std::map<std::string, std::string>& choices = {});

// load_machine_file for options as a machine spec holds them (MachineSpec::options): those naming
// one of the file's [choices] pick its variant as the file is read; the others are put in
// `records` (to give apply_machine_option). The file and its bases are read once.
MachineFile load_machine_file_with_options(const std::string& path, const std::vector<std::string>& search_folders,
                                           const std::map<std::string, std::string>& options,
                                           std::map<std::string, std::string>& records);

// Evaluates every rule again, those that need the machine's node count (the cluster's barrier)
// for `nodes` nodes, from the records' current values (a changed input moves what is derived from
// it), and makes the library again; throws mcsim::Error if the library is then out of range.
void resolve_for_nodes(MachineFile& machine, int nodes);

// A --machine-option given to a machine read from a file: `key` names a record (its `option`, or
// a [parameters] key) and `text` is its new value. A bare number is in the unit of the key's
// suffix (cmmd_startup_us=100 is 100 us; a key without one takes SI units) or a quantity with its
// unit ("100 us"); a word must be one the key allows; a list is written "4x4x4". The record
// becomes that value (a derived one stops being derived), its source says it came from the option
// and it counts as an assumption; what is derived from it is computed again, and so is the
// library. A choice is refused (it picks a variant when the file is read: load_machine_file). Throws
// mcsim::Error "where: option key: ..." naming the problem.
void apply_machine_option(MachineFile& machine, const std::string& key, const std::string& text,
                          const std::string& where);

}  // namespace mcsim
