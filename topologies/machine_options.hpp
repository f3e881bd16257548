// The options a scenario's [machine] table passes to one machine, read with one-line errors
// that name the machine and the option.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "../sim/core/machine_spec.hpp"

namespace mcsim {

// An option a machine read while it was made, with the value it took: what `mcsim sensitivity`
// varies.
struct MachineOptionDeclaration {
  enum class Kind { number, integer, text, choice };
  std::string key;
  Kind kind = Kind::number;
  std::string value;                 // the value it took, as it would be written in a scenario
  std::vector<std::string> choices;  // Kind::choice: every allowed value
};

// While one of these lives (on this thread), every MachineOptions records what it reads into it.
class MachineOptionRecorder {
 public:
  MachineOptionRecorder();
  ~MachineOptionRecorder();
  MachineOptionRecorder(const MachineOptionRecorder&) = delete;
  MachineOptionRecorder& operator=(const MachineOptionRecorder&) = delete;
  const std::vector<MachineOptionDeclaration>& declarations() const { return declarations_; }
  void record(MachineOptionDeclaration declaration);

 private:
  std::vector<MachineOptionDeclaration> declarations_;
  MachineOptionRecorder* outer_;
};

class MachineOptions {
 public:
  MachineOptions(const MachineSpec& spec, std::string where);

  double number(const std::string& key, double fallback);
  int integer(const std::string& key, int fallback);
  // A whole number of bytes, 0 to 2^40 (a message size limit, a buffer).
  std::uint64_t byte_count(const std::string& key, std::uint64_t fallback);
  // Any text (the caller checks it).
  std::string text(const std::string& key, const std::string& fallback);
  // One of `allowed`.
  std::string choice(const std::string& key, const std::vector<std::string>& allowed, const std::string& fallback);
  // Options this machine knows but does not use as configured (flit buffers under circuit
  // switching): accepted rather than refused, and those given are named in one note on stderr,
  // once per process. `why` says why they are unused.
  void unused(const std::vector<std::string>& keys, const std::string& why);
  // Throws for an option nobody asked for, listing the known ones. Call after reading all.
  void reject_unknown() const;
  const std::string& where() const { return where_; }

 private:
  const std::string* find(const std::string& key);
  double read_number(const std::string& key, double fallback);

  const MachineSpec& spec_;
  std::string where_;
  std::set<std::string> known_;
};

}  // namespace mcsim
