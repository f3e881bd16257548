// A machine as a scenario or the command line names it, and the documented parameters a machine
// reports: plain values, no SimGrid.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mcsim {

// A machine, a node count, and named options (`mcsim list machines -v` shows them).
struct MachineSpec {
  // A bundled machine's name (NAME.toml in the machines folder) or the path of a machine file
  // (it contains '/' or ends in ".toml").
  std::string name;
  int nodes = 0;
  std::map<std::string, std::string> options;
};

// One documented machine parameter, for `mcsim list machines --verbose` and reports: its value as
// text and, when the value is one number (a quantity, a count), that number and its unit apart, as
// the machine file or the library gave them, so that a medium that lays them out in columns (the
// report's parameter table) never reads them back out of the text.
struct MachineParameter {
  std::string name;
  std::string value;        // as shown, with its unit: "10 MB/s", "wormhole", "0.5 us (rule half)"
  std::string source;       // the publication it comes from, or why it is assumed
  bool assumption = false;  // assumed rather than published: explicit, as the machine file says it
  // The value's number in `unit`, as written (10 of "10 MB/s"); none for a word, a list, a range
  // or a rule not yet evaluated.
  std::optional<double> number;
  std::string unit;  // "MB/s", "us", "B"; "" for a count or when there is no number
  std::string note;  // what the shown value says after the number and unit: "(rule half)", "per node"
};

// `number` as a parameter's value shows it: the shortest text that reads back as the same double
// ("10", "8.06", "8.333333333333334"), as a machine file writes a canonical number.
std::string number_text(double number);

// A parameter whose value is `number` in `unit`, then `note`; its text is number_text, unit and
// note joined by single spaces. `number` is first rounded to `digits` significant digits
// (the library's "%g" figures: 0.67 us, not 0.6699999999999999).
MachineParameter quantity_parameter(std::string name, double number, std::string unit, std::string note,
                                    std::string source, bool assumption, int digits = 6);

// What `mcsim list machines -v` and reports show of a machine.
struct MachineDescription {
  std::string name;  // its registry name
  int nodes = 0;
  std::vector<MachineParameter> parameters;
};

// Whether a machine's name names a machine file rather than a bundled machine: a path (it holds a
// '/') or a file name ending in ".toml" (docs/machine-files.md).
inline bool names_machine_file(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".toml");
}

}  // namespace mcsim
