#include "transport.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "handshake.hpp"
#include "transports/message_reads.hpp"
#include "transports/node_ports.hpp"

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
  auto network = find_transport(machine.switching().transport(), "machine " + machine.name()).make(machine);
  if (machine.library().node_ports.value == NodePorts::one_shared)
    network = with_shared_node_ports(machine, std::move(network));
  if (machine.library().reads.value == MessageReads::one_message)
    network = with_one_message_reads(machine, std::move(network));
  return network;
}

void TransferHandle::wait() {
  if (comm_) comm_->wait();
  if (done_) done_->moved->acquire();
}

void Transport::start_bytes(const Transfer& t, const simgrid::s4u::CommPtr& comm, const std::function<void()>& start) {
  if (recorder_ && draws_ && t.message)
    draws_->start(t.src, t.dst, {t.message}, comm, start);
  else
    start();
}

TransferHandle Transport::start_carrying(simgrid::s4u::Host* source, const std::string& name, const Transfer& t) {
  return helpers_.run(source, name, [this, t] {
    carry(t.src, t.dst, t.bytes);
    t.mailbox->put(t.payload, 0);
  });
}

TransferHandle Transport::start_after_handshake(Machine& machine, const Transfer& transfer, const Handshake& handshake) {
  return mcsim::start_after_handshake(machine, *this, transfer, handshake);
}

void Transport::carry_exchange(const Transfer& there, const Transfer& back) {
  TransferHandle backward =
      helpers_.run(simgrid::s4u::this_actor::get_host(), "exchange", [this, back] { carry(back.src, back.dst, back.bytes); });
  carry(there.src, there.dst, there.bytes);
  backward.wait();
}

namespace {
[[noreturn]] void no_exchanges() {
  throw Error("transport", "this switching model has no synchronised pairwise exchanges");
}
}  // namespace

// Both defaults refuse: a transport that pairs exchanges overrides both, so that an exchange with
// handshakes never quietly loses them.
TransferHandle Transport::start_exchange_after_handshakes(Machine& /*machine*/, const Transfer& /*there*/,
                                                          const std::optional<Handshake>& /*there_handshake*/,
                                                          const Transfer& /*back*/,
                                                          const std::optional<Handshake>& /*back_handshake*/) {
  no_exchanges();
}

TransferHandle Transport::start_exchange(const Transfer& /*there*/, const Transfer& /*back*/) { no_exchanges(); }

}  // namespace mcsim
