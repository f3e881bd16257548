#include "smpi_settings.hpp"

#include <climits>
#include <cmath>

#include <fmt/format.h>

#include "../sim/engine/flow_model.hpp"

namespace mcsim {

namespace {

// SMPI's thresholds are C ints: "no limit" is the largest one.
constexpr double no_threshold = INT_MAX;

int threshold(double bytes) { return static_cast<int>(std::min(bytes, no_threshold)); }

bool moves_at_once(Protocol protocol) { return protocol == Protocol::eager; }

// The first size SMPI must not send eagerly: one byte past the last of the leading eager regimes
// (a regime's limit is its largest payload; SMPI sends sizes below the threshold eagerly).
double first_not_eager(const MessageLibrary& library) {
  double last_eager = 0;
  bool any = false;
  for (const SizeRegime& regime : library.regimes) {
    if (!moves_at_once(regime.protocol.value)) break;
    last_eager = regime.up_to_bytes.value;
    any = true;
  }
  if (!any) return 0;
  return std::isinf(last_eager) ? no_threshold : last_eager + 1;
}

// The first size a MPI_Send waits for (SMPI: not detached): every size for a synchronous send,
// none for a send that returns at once, the sizes past the eager ones for a send that returns once
// its data has left (an eager message's data leaves at once; a rendezvous waits for its receive).
double first_waited_for(const MessageLibrary& library, double not_eager) {
  switch (library.sends.value) {
    case SendReturns::synchronous: return 0;
    case SendReturns::posted: return no_threshold;
    case SendReturns::local: return not_eager;
  }
  return 0;
}

// One piecewise setting: entry i holds regime i's value from one byte past regime i-1's limit.
std::string piecewise(const MessageLibrary& library, const std::vector<double>& seconds) {
  std::string text;
  double from = 0;
  for (std::size_t i = 0; i < library.regimes.size(); ++i) {
    if (!text.empty()) text += ';';
    text += fmt::format("{}:{:.9g}:0", static_cast<long long>(std::min(from, no_threshold)), seconds[i]);
    from = library.regimes[i].up_to_bytes.value;
  }
  return text;
}

}  // namespace

std::optional<std::string> switching_beyond_smpi(const Machine& machine) {
  const SwitchingRules& switching = machine.switching();
  if (switching.traits().shares_links_as_flows) return std::nullopt;
  return fmt::format("{} switches by '{}', a transport of mcsim that SimGrid's network models cannot carry "
                     "(SMPI would move its messages as flows: latency + bytes/bandwidth, max-min shared{})",
                     machine.name(), switching.transport(),
                     switching.traits().header_delay ? ", no header claiming channels hop by hop"
                                                     : ", no start-up paid at every hop");
}

SmpiConfiguration smpi_configuration(const Machine& machine) {
  const MessageLibrary& library = machine.library();
  SmpiConfiguration c;
  for (const auto& [key, value] : plain_flow_model)
    c.settings.push_back({key, value, "mcsim's flow model: latency + bytes/bandwidth, max-min sharing"});

  const double not_eager = first_not_eager(library);
  const double waited_for = std::max(first_waited_for(library, not_eager), not_eager);
  c.settings.push_back({"smpi/async-small-thresh", fmt::format("{}", threshold(not_eager)),
                        "the library's eager regimes move at once; the others wait for their receive"});
  c.settings.push_back({"smpi/send-is-detached-thresh", fmt::format("{}", threshold(waited_for)),
                        fmt::format("sends return: {}", to_string(library.sends.value))});

  // A regime whose sends are detached has its start-up split as the library splits it (os, ois at
  // the sender, or at the receiver). One whose sends are not gets no receiver time from SMPI, so
  // the whole start-up, and the four library times of its request and reply, go to the sender.
  std::vector<double> sender, receiver;
  bool moved = false;
  double first_byte = 0;  // of the regime
  for (const SizeRegime& regime : library.regimes) {
    const double startup = regime.startup_s.value;
    const bool detached = first_byte < waited_for;  // the thresholds fall on regime limits
    first_byte = regime.up_to_bytes.value + 1;
    const double trips = moves_at_once(regime.protocol.value) ? 0 : 4 * regime.trip_cpu_s.value;
    if (detached) {
      sender.push_back(library.sender_share.value * startup + trips);
      receiver.push_back((1 - library.sender_share.value) * startup);
    } else {
      sender.push_back(startup + trips);
      receiver.push_back(0);
      moved = moved || (1 - library.sender_share.value) * startup > 0;
    }
  }
  const std::string send_times = piecewise(library, sender);
  c.settings.push_back({"smpi/os", send_times, "the sender's share of each regime's start-up"});
  c.settings.push_back({"smpi/ois", send_times, "the same for MPI_Isend"});
  c.settings.push_back({"smpi/or", piecewise(library, receiver), "the receiver's share, where SMPI charges one"});

  auto note = [&](std::string sentence) { c.not_expressed.push_back(std::move(sentence)); };
  if (moved)
    note("the receiver's share of a start-up whose send waits for its receive is charged to the sender (SMPI "
         "charges smpi/or only to a message whose send was detached): one message takes as long, but the "
         "receiving program is free earlier");
  if (waited_for < no_threshold)
    note("a blocking MPI_Send that is not detached is charged no sender time (SMPI charges smpi/os only to "
         "detached sends and MPI_Ssend): use MPI_Isend or MPI_Ssend to pay the library's start-up");
  if (library.sends.value == SendReturns::local)
    note("sends that return once their data has left (ch_p4's blocking writes, PI_NO_NSEND): an MPI_Isend "
         "returns at once in SMPI, so a node's sends overlap where the library writes them one after another");
  for (const SizeRegime& regime : library.regimes)
    if (!moves_at_once(regime.protocol.value)) {
      note(fmt::format("the {} regime's request and reply are no messages in SMPI (the data moves when the "
                       "receive is matched): their library times are charged to the sender before the match, "
                       "their trips through the network not at all",
                       regime.name));
      break;
    }
  if (library.has_protocol(Protocol::handshake))
    note("a handshake (the reply sent whether or not the receive is posted) is run as a rendezvous");
  if (library.packet_bytes.value > 0)
    note(fmt::format("packets: SMPI sends each message's bytes plus a 16-byte envelope, the library whole {:g}-byte "
                     "packets (at most 16 bytes more or less a message)",
                     library.packet_bytes.value));
  else
    note("SMPI adds a 16-byte envelope to every message's bytes; the library sends the bytes alone");
  if (!library.buffers_freely() && not_eager > 0)
    note(library.receive_buffer_bytes.value > 0
             ? "the receive buffer for unexpected data and the copy out of it: SMPI buffers eager data without "
               "limit and copies it for free"
             : "no receive buffer (eager data that finds no posted receive waits at the sender): SMPI holds it in "
               "the receiver's mailbox");
  if (library.node_ports.value != NodePorts::unlimited)
    note(fmt::format("node ports '{}': SMPI lets a node send and receive any number of messages at once",
                     to_string(library.node_ports.value)));
  if (library.receives.value == ReceiveCall::blocking)
    note("blocking receives: an MPI program posts its receives as it is written");
  if (library.barrier_s.value > 0)
    note(fmt::format("the barrier ({:g} us): MPI_Barrier is SMPI's message algorithm, not the machine's",
                     library.barrier_s.value * 1e6));
  note("control (active) messages: MPI has none");
  if (library.rendezvous_receiver.value == RendezvousReceiver::program && library.has_protocol(Protocol::rendezvous))
    note("the receiving program's own time for a rendezvous request that came before its receive (ch_p4's "
         "polling)");
  for (const SizeRegime& regime : library.regimes)
    if (regime.per_hop_s.value > 0) {
      note("the library's per-hop header time");
      break;
    }
  if (auto why = switching_beyond_smpi(machine)) note(*why);
  return c;
}

}  // namespace mcsim
