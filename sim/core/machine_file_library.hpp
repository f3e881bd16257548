// The [library] section of a machine file as the MessageLibrary value the engine carries out
// (docs/machine-files.md): the mapping from records to the library's typed fields, one place.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "machine_file.hpp"
#include "message_library.hpp"

namespace mcsim {

// The names of the size regimes ([library.regimes.NAME]).
std::set<std::string> regime_names(const std::vector<ParameterRecord>& parameters);

// The MessageLibrary of the [library] section (the reader has checked that every key is there). A
// field whose derived record has no value yet holds NaN; the library is checked once every one
// has a value.
MessageLibrary library_of(const MachineFile& m);

}  // namespace mcsim
