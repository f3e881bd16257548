// A machine described in a file (docs/machine-files.md): the typed value a machine file is read
// into. Plain values, no SimGrid; the topology families (topologies/) and the command line
// (tools/) read it. Every number of the machine is a ParameterRecord: its value in SI units, the
// unit it was written in, where it comes from, whether it is an assumption, and the file:line
// that gave it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "machine_spec.hpp"
#include "message_library.hpp"
#include "quantity.hpp"

namespace mcsim {

struct ParameterRecord {
  enum class Kind {
    quantity,  // a number with its unit ("10 MB/s"): value in SI, dimension
    number,    // a plain number (a count, a fraction): value
    list,      // plain numbers ([4, 4, 4]): values
    word,      // a name or text ("wormhole", "xyz", a library's name): text
    derived,   // computed by a C++ rule (rule, inputs) that the file names but does not evaluate
  };

  std::string path;    // its key in the file, "links.bandwidth", "library.regimes.short.startup"
  std::string name;    // the --machine-option key that overrides it (`option`), else `path`
  Kind kind = Kind::number;
  Dimension dimension = Dimension::count;
  double value = 0;            // quantity, number; also derived when the file states the value
  bool has_value = false;      // false only for a derived record written without a value
  std::vector<double> values;  // list
  std::string unit;            // quantity: its unit as written ("MB/s"; empty for "unlimited")
  std::string text;            // the value as written ("10 MB/s", "wormhole", "[4, 4, 4]")
  std::string source;          // a publication, or why it is assumed
  bool assumption = false;     // required and explicit in the file
  std::string where;           // "file:line" of the record
  // Derived in C++: the rule's name (the function that computes it, and how) and the names of the
  // parameters it takes. A derived record may also state the value the rule gives for the
  // machine's default size (kind stays derived).
  std::string rule;
  std::vector<std::string> inputs;

  // The record as a message-library value.
  Cited<double> cited_number() const { return {value, source, assumption}; }
};

// A named choice between variants of the machine (the CM-5's `cmmd = "rendezvous" | "overlapped"`):
// each variant other than the default is an overlay of records applied after the files.
struct MachineChoice {
  std::string name;                 // its --machine-option key
  std::vector<std::string> values;  // every allowed value, the default first
  std::string chosen;               // the value this reading applied
  std::string source;
  bool assumption = false;
  std::string where;
};

// The record as `mcsim list machines -v` and the report show it: a quantity or a number as written
// (its number and unit apart), a derived one in a readable unit with its rule, anything else as its text.
MachineParameter described(const ParameterRecord& record);

struct MachineFile {
  std::string path;                // the file read
  std::string name;                // the machine's name ("cm5")
  std::string title;               // a one-line description
  std::vector<std::string> bases;  // the files it starts from, nearest first (base = "...")
  std::string family;              // the topology family ("fat-tree", "k-ary-n-cube", ...)
  // Every parameter, in the order shape (topology.*), links.*, library.*, parameters.*, hints.*; within a
  // section by key. The family reads its shape keys by path ("topology.shape.arity").
  std::vector<ParameterRecord> parameters;
  std::vector<MachineChoice> choices;
  // The library section as the engine's value. A field whose record is derived without a stated
  // value (the cluster's barrier, ceil(log2 n) latencies) holds NaN until the machine's builder
  // evaluates its rule; check() is then the builder's to call.
  MessageLibrary library;

  // The record at `path` or with option name `name`, or nullptr.
  const ParameterRecord* find(const std::string& path_or_name) const;
  // The records under `prefix` ("topology.shape.").
  std::vector<const ParameterRecord*> under(const std::string& prefix) const;
};

}  // namespace mcsim
