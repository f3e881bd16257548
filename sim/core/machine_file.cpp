#include "machine_file.hpp"

namespace mcsim {

const ParameterRecord* MachineFile::find(const std::string& path_or_name) const {
  for (const auto& p : parameters)
    if (p.path == path_or_name || p.name == path_or_name) return &p;
  return nullptr;
}

std::vector<const ParameterRecord*> MachineFile::under(const std::string& prefix) const {
  std::vector<const ParameterRecord*> out;
  for (const auto& p : parameters)
    if (p.path.starts_with(prefix)) out.push_back(&p);
  return out;
}

}  // namespace mcsim
