#include "machine.hpp"

#include "../core/error.hpp"

namespace mcsim {

Machine::Machine(Parts parts) : parts_(std::move(parts)) {
  const std::string where = "machine " + parts_.description.name;
  parts_.library.check(where);
  if (!parts_.switching) throw Error(where, "has no switching rules");
  if (!parts_.platform) throw Error(where, "has no platform");
}

std::vector<MachineParameter> Machine::parameters() const {
  std::vector<MachineParameter> all = parts_.description.parameters;
  for (auto& row : describe_library(parts_.library)) all.push_back(std::move(row));
  return all;
}

const TopologyFamily& Machine::routes() const {
  if (!parts_.routes)
    throw Error("machine " + name(), "has no routes, which transport '" + parts_.switching->transport() +
                                         "' needs");
  return *parts_.routes;
}

}  // namespace mcsim
