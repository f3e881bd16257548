// Messages whose library runs a handshake before the bytes move (the message library's handshake
// protocol: NX's long messages on the iPSC/860). A helper actor carries the request to the receiver and
// the reply back, each as a bare message of its own under the machine's transport, spending the
// libraries' handshake times at each end, and only then starts the data. The sending program is
// not held up: its send returns at once, and waiting for the send waits for all three trips.
// This is Transport::start_after_handshake's default; where node interfaces are shared (the
// iPSC/860's, transports/node_ports.hpp) the send queues run the same three trips instead.
#pragma once

#include "../core/message_library.hpp"
#include "transport.hpp"

namespace mcsim {

// The request and reply of `handshake` between transfer.src and transfer.dst, then the transfer.
TransferHandle start_after_handshake(Machine& machine, Transport& transport, const Transfer& transfer,
                                     const Handshake& handshake);

}  // namespace mcsim
