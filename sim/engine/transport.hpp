// How a message crosses the network once its sender lets it go: the switching models (flow-level,
// circuit, wormhole, store-and-forward) on top of SimGrid's flows, one Transport class per model,
// each in its own file under sim/engine/transports/, all named in one registry
// (transports/registry.cpp). A machine names its transport (SwitchingRules::transport(),
// sim/core/switching_rules.hpp); `mcsim list transports` shows them.
//
// Adding a switching model: write transports/NAME.cpp with a Transport subclass and a factory
// function, declare the factory and add its line to the table in transports/registry.cpp, and add
// the file to sim/CMakeLists.txt.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../core/message_library.hpp"
#include "activity_recorder.hpp"
#include "arriving_bytes.hpp"
#include "drawn_routes.hpp"
#include "machine.hpp"
#include "helper_actors.hpp"
#include "notices.hpp"
#include "ready_signals.hpp"
#include "sharing/fluid_network.hpp"
#include "transfer_handle.hpp"

namespace mcsim {

// What the executor gives the run's transport once it is made: the recorder (a recorded run), the
// route draws (drawn_routes.hpp) and mcsim's fluid sharing of the flows where the run's sharing
// decision is fluid (SimulationOptions::sharing). Only a transport that shares links as flows
// (TransportTraits::shares_links_as_flows) uses the fluid sharing.
struct TransportServices {
  ActivityRecorder* recorder = nullptr;
  RouteDraws* draws = nullptr;
  FluidNetwork* fluid = nullptr;
};

// One message to move: `payload` is what the receiver's get on `mailbox` delivers (never null).
struct Transfer {
  int src = 0;
  int dst = 0;
  std::uint64_t bytes = 0;  // on the wire (after the machine's packet rounding)
  void* payload = nullptr;
  simgrid::s4u::Mailbox* mailbox = nullptr;
  // A ready signal where the transport delivers them (delivers_ready_signals()): its arrival is
  // posted here, and `mailbox` is not used.
  ReadySignals* signals = nullptr;
  // A data message where the transport tells arrivals itself (delivers_notices()): its arrival is
  // told here, and `mailbox` is not used.
  Notices* notices = nullptr;
  // The bytes of a data message: its tag, which a program makes its index in the run's messages
  // (a recorded run keeps the route its bytes take: Transport::start_bytes). None for signals.
  std::optional<std::uint64_t> message;
  // Where the library asks how much of the message has arrived (an unexpected message, whose
  // receive may be posted while it arrives): the transport keeps it (arriving_bytes.hpp).
  std::shared_ptr<ArrivingBytes> arriving;
};

// A switching model. One object per simulation, made inside the running engine (it may create
// SimGrid locks), used by every job.
class Transport {
 public:
  virtual ~Transport() = default;

  // Starts moving one message; the caller has already paid its send overhead. The receiver's get
  // on transfer.mailbox completes when the last byte has arrived.
  virtual TransferHandle start(const Transfer& transfer) = 0;

  // Starts moving a message whose receive is not posted yet, into the receiver's buffer (the
  // message library's eager protocol): its bytes move now and its notice waits in the mailbox
  // for the receive. Transports whose start() already moves the bytes before the receive is there
  // (every one but flow, see holds_data_until_received) need not override it.
  virtual TransferHandle start_unexpected(const Transfer& transfer) { return start(transfer); }
  // True where start()'s bytes wait for the receiver's get before they move (flow: one SimGrid
  // communication from sender to receiver).
  virtual bool holds_data_until_received() const { return false; }
  // True where the transport tells a message's progress byte by byte through Transfer::arriving
  // (its bytes move as one SimGrid communication); else it says only when all are in.
  virtual bool tells_arriving_bytes() const { return false; }
  // True where a bare message (no bytes) arrives at the instant it leaves and routes nothing:
  // a rendezvous request then needs no trip of its own (flow without link latency).
  virtual bool bare_messages_are_instant() const { return false; }

  // Starts a message whose library runs `handshake` first (request to the receiver, reply back,
  // then the data). By default a helper actor runs the three trips (handshake.hpp).
  virtual TransferHandle start_after_handshake(Machine& machine, const Transfer& transfer, const Handshake& handshake);

  // Moves `bytes` from src to dst under the same rules, in the calling actor, and returns when they
  // have arrived; no receiver takes part (control messages).
  virtual void carry(int src, int dst, std::uint64_t bytes) = 0;

  // True where the transport tells a ready signal's arrival to its receiver through ReadySignals
  // (Transfer::signals), not as a message on a mailbox: SimGrid keeps a detached message that
  // waits for its receive in one list that every finished communication scans, and S1's ready
  // signals wait there for their senders (ready_signals.hpp).
  virtual bool delivers_ready_signals() const { return false; }
  // True where the transport moves every data message's bytes in an actor of its own and tells the
  // receiver through Notices (Transfer::notices) that it is there, not with a 0-byte SimGrid
  // message on the pair's mailbox (notices.hpp).
  virtual bool delivers_notices() const { return false; }

  // A synchronised pairwise exchange `there` (a -> b) and `back` (b -> a): both node interfaces are
  // taken together, then both directions move at once (Wang and Ranka 1994, sec. 2.2, observation
  // 1). Only where exchanges_need_pairing(): a machine whose nodes take part in one transfer at a
  // time (transports/node_ports.hpp); the default throws.
  virtual bool exchanges_need_pairing() const { return false; }
  virtual TransferHandle start_exchange(const Transfer& there, const Transfer& back);
  // An exchange where one message or both run a handshake first: both handshakes run at once,
  // and the exchange starts after the later one. Only where exchanges_need_pairing().
  virtual TransferHandle start_exchange_after_handshakes(Machine& machine, const Transfer& there,
                                                         const std::optional<Handshake>& there_handshake,
                                                         const Transfer& back,
                                                         const std::optional<Handshake>& back_handshake);

  // Both directions of an exchange at once, in the calling actor, which holds both end nodes;
  // returns when both have arrived (no notice is posted). By default `back` moves in a helper actor
  // beside `there`; a transport whose two directions claim together overrides it (circuit).
  virtual void carry_exchange(const Transfer& there, const Transfer& back);

  // Once made, before any job: the run's recorder, route draws and fluid sharing (a transport that
  // wraps another passes them on).
  virtual void attach(const TransportServices& services) {
    recorder_ = services.recorder;
    draws_ = services.draws;
    fluid_ = services.fluid;
  }
  // Recording (only when a run is recorded): a transport that reports its messages' streaming and
  // claiming to the recorder says so (or whose fluid sharing does: FluidNetwork tells each data
  // message's start and finish); for the others (SimGrid's flows) the receiving node reports each
  // message's SimGrid start and finish.
  virtual bool records_streams() const { return false; }

  // The actors that run per-message work (transfers, worms, handshakes, control messages), reused
  // across messages.
  HelperActors& helpers() { return helpers_; }

 protected:
  // Runs `start`, which starts `comm`, the communication that carries the bytes of `transfer`:
  // where a recorded run's platform draws routes at random, the route draws tell the recorder the
  // route drawn for a data message's bytes (sim/engine/drawn_routes.hpp).
  void start_bytes(const Transfer& transfer, const simgrid::s4u::CommPtr& comm, const std::function<void()>& start);

  // start() of the transports whose messages move in an actor: a helper on `source` (the sender's
  // host) carries the bytes, then puts the receiver's notice on its mailbox.
  TransferHandle start_carrying(simgrid::s4u::Host* source, const std::string& name, const Transfer& transfer);

  ActivityRecorder* recorder_ = nullptr;
  RouteDraws* draws_ = nullptr;
  FluidNetwork* fluid_ = nullptr;  // mcsim's sharing of the flows, where the run's decision is fluid
  HelperActors helpers_;
};

using TransportFactory = std::unique_ptr<Transport> (*)(Machine& machine);

struct TransportEntry {
  std::string name;
  std::string description;  // one line, for `mcsim list transports`
  TransportTraits traits;   // what it does, for the stages that must not compare names
  TransportFactory make;
};

// Every switching model, by name.
const std::vector<TransportEntry>& transport_registry();
// Throws mcsim::Error (one line, listing the known names) for an unknown name.
const TransportEntry& find_transport(const std::string& name, const std::string& where);
// The transport the machine names, made for it; call inside the running engine. Where the
// machine's nodes take part in one transfer at a time (MessageLibrary::node_ports = one-shared) it
// is wrapped in the node-port send queues (transports/node_ports.hpp), whatever the transport.
std::unique_ptr<Transport> make_transport(Machine& machine);

}  // namespace mcsim
