// A machine's parameters as the terminal shows them (`mcsim machine check`, `machine diff`,
// `mcsim list machines -v`): lines of at most 100 columns, the source under its value, marked
// "assumption" once.
#pragma once

#include <string>

#include "../../sim/core/machine_file.hpp"
#include "../../sim/core/machine_spec.hpp"

namespace mcsim::cli {

// `text` in lines of at most 100 columns, each after `indent` spaces, cut at spaces.
std::string wrapped(const std::string& text, std::size_t indent);

// A parameter: "  MARK NAME VALUE" (the value under the name when the line would be too long),
// then its source wrapped 8 columns in, "assumption: " before it unless it says so itself.
std::string parameter_lines(const MachineParameter& p, const std::string& mark = " ");

// One note per group of records the file's switching does not use (inert_records), `indent` in.
std::string inert_notes(const MachineFile& file, std::size_t indent);

}  // namespace mcsim::cli
