#include "transport.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

const TransportEntry& find_transport(const std::string& name, const std::string& where) {
  std::vector<std::string> names;
  for (const auto& entry : transport_registry()) {
    if (entry.name == name) return entry;
    names.push_back(entry.name);
  }
  throw Error(where, fmt::format("unknown transport '{}' (known: {})", name, fmt::join(names, ", ")));
}

std::unique_ptr<Transport> make_transport(Machine& machine) {
  return find_transport(machine.switching().transport(), "machine " + machine.name()).make(machine);
}

void TransferHandle::wait() {
  if (comm_) comm_->wait();
  if (actor_) actor_->join();
}

TransferHandle Transport::start_exchange(const Transfer& /*there*/, const Transfer& /*back*/) {
  throw Error("transport", "this switching model has no synchronised pairwise exchanges");
}

}  // namespace mcsim
