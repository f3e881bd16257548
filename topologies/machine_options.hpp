// The options a scenario's [machine] table passes to one machine, read with one-line errors
// that name the machine and the option.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "../sim/core/machine_spec.hpp"

namespace mcsim {

class MachineOptions {
 public:
  MachineOptions(const MachineSpec& spec, std::string where);

  double number(const std::string& key, double fallback);
  int integer(const std::string& key, int fallback);
  // Any text (the caller checks it).
  std::string text(const std::string& key, const std::string& fallback);
  // One of `allowed`.
  std::string choice(const std::string& key, const std::vector<std::string>& allowed, const std::string& fallback);
  // Throws for an option nobody asked for, listing the known ones. Call after reading all.
  void reject_unknown() const;
  const std::string& where() const { return where_; }

 private:
  const std::string* find(const std::string& key);

  const MachineSpec& spec_;
  std::string where_;
  std::set<std::string> known_;
};

}  // namespace mcsim
