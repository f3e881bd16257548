#include "machine.hpp"

#include "../core/error.hpp"

namespace mcsim {

Machine::Machine(Parts parts) : parts_(std::move(parts)) {
  const std::string where = "machine " + parts_.description.name;
  if (!parts_.protocol) throw Error(where, "has no node protocol");
  if (!parts_.switching) throw Error(where, "has no switching rules");
  if (!parts_.platform) throw Error(where, "has no platform");
}

const ChannelRoutes& Machine::routes() const {
  if (!parts_.routes)
    throw Error("machine " + name(), "has no channel routes, which transport '" + parts_.switching->transport() +
                                         "' needs");
  return *parts_.routes;
}

}  // namespace mcsim
