// Node interfaces that take part in one transfer at a time (MessageLibrary::node_ports =
// NodePorts::one_shared: the iPSC/860, Wang and Ranka 1994, sec. 2.2, observation 1), for every
// transport: make_transport wraps the machine's transport in this one when its library says so.
//
// A node starts its sends one at a time in the order they became ready (a FIFO per sender: a send
// to a busy node holds up the sender's later ones, as a message-passing library's send queue does),
// and a send starts moving only when neither end node takes part in another transfer; it then
// takes both at once (of the transfers waiting for a node, each goes as soon as both its nodes are
// free, the one that asked first before the later ones), and the wrapped transport moves it
// (Transport::carry: a flow, a circuit, a worm, a store-and-forward transfer). A synchronised
// pairwise exchange takes both nodes together, and both directions move at once
// (Transport::carry_exchange). Node interfaces are taken before anything of the network (a
// circuit's channels), so a transfer that holds channels never waits for a node and no cycle of
// waits can form.
//
// One actor per node, its send queue, moves that node's messages (and its replies to other
// nodes' handshakes) one after another, in the order they became ready; a message waits in the
// queue as a few words, not as an actor with a stack. (With an actor per message, 65,536 messages
// in flight on a 4096-node hypercube held 6 GiB of stacks.) A handshake's reply waits in the
// receiver's queue; an exchange is one entry of the lower node's queue. Control messages still run
// in helper actors and take a node's queue lock as the queue's actor does. A queued send is
// complete once its bytes are at the receiver (its notice is left in the receiver's mailbox); both
// strategies post receives before the sends start, so that is also when the receiver takes it.
#pragma once

#include <memory>

#include "../transport.hpp"

namespace mcsim {

// `network` wrapped so that its nodes take part in one transfer at a time (see above).
std::unique_ptr<Transport> with_shared_node_ports(Machine& machine, std::unique_ptr<Transport> network);

}  // namespace mcsim
