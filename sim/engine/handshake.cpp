#include "handshake.hpp"

#include <simgrid/s4u.hpp>

#include "spend.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

// The two bare trips, in the calling actor. The receiver's library answers as soon as the request
// has arrived, whether or not its program has posted the receive: an unexpected long message is
// taken into a system buffer (Wang and Ranka 1994, sec. 2.2, observation 4: the copy out of that
// buffer is why S1 makes senders wait for a ready signal).
void shake(Transport& transport, int src, int dst, const Handshake& h) {
  spend(h.request_send_s);
  transport.carry(src, dst, 0);
  spend(h.request_receive_s + h.reply_send_s);
  transport.carry(dst, src, 0);
  spend(h.reply_receive_s);
}

}  // namespace

TransferHandle start_after_handshake(Machine& machine, Transport& transport, const Transfer& transfer,
                                     const Handshake& handshake) {
  return transport.helpers().run(machine.platform().host(transfer.src), "handshake", [&transport, transfer, handshake] {
    shake(transport, transfer.src, transfer.dst, handshake);
    transport.start(transfer).wait();
  });
}

}  // namespace mcsim
