// The one builder of machines: a Machine made from its machine file (docs/machine-files.md) for a
// node count. The family comes from [topology] (make_topology_family), the platform from the
// family and [links], the switching rules from [links], the message library from [library]
// (library_of), the schedulers' hints from the library, [links] and [hints], and the description
// from every record: value with its unit, source and assumption flag.
//
// What a file cannot say stays in C++ and is named in the file: the rules of derived values
// (sim/core/machine_rules.hpp), the families (topology_family.hpp) and the fat tree's random
// up-link draw (FatTreeZone).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../sim/core/machine_file.hpp"
#include "../sim/core/topology.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

// `file` as read (load_machine_file) with its options applied (apply_machine_option); its rules
// are evaluated again for `nodes` (resolve_for_nodes) here. Throws mcsim::Error naming the record
// ("file:line (key): what") for a value the machine cannot take, or the family's error for a node
// count its shape cannot take.
std::unique_ptr<Machine> build_machine(MachineFile file, int nodes);
// The same on a family given in C++ instead of the file's [topology] (a shape no file states: the
// tests' torus without its dateline).
std::unique_ptr<Machine> build_machine_on(MachineFile file, std::shared_ptr<const TopologyFamily> family);

// The records of a file that its switching does not use (wormhole's flit buffers under circuit
// switching, a header delay under store-and-forward or flow, virtual channels under flow), grouped
// by why. A machine's description leaves them out (`mcsim list machines -v` and `machine check`
// say why in a note); build_machine refuses
// them in a file whose switching no option or choice can change.
struct InertRecords {
  std::vector<const ParameterRecord*> records;
  std::string why;  // "switching = flow has no flit buffers"
};
std::vector<InertRecords> inert_records(const MachineFile& file);

// Options given to a machine that its switching does not use (wormhole's flit buffers under
// circuit switching, a header delay under store-and-forward) are accepted, not refused: a
// scenario may set them and a sweep switch the transport. Their keys, for one note on stderr.
struct UnusedOptions {
  std::vector<std::string> keys;
  std::string why;
};
std::vector<UnusedOptions> unused_options(const MachineFile& file, const std::vector<std::string>& given);

}  // namespace mcsim
