// Nodes that read one whole message at a time (MessageLibrary::reads = one-message), for any
// transport: make_transport wraps the machine's transport in this one when its library says so.
//
// MPICH 1.x's ch_p4 device reads a message's whole body off its channel before it looks at another
// packet (mpid/ch2/chbeager.c: MPID_CH_Eagerb_save and MPID_CH_Eagerb_irecv call
// MPID_RecvFromChannel for the whole body); under it each p4 socket buffers SOCK_BUFF_SIZE = 16384
// bytes (p4_sock_util.h). So a message that arrives while its receiver reads another one moves only
// what its socket buffer holds (MessageLibrary::read_buffer_bytes), and its sender's write stalls
// until the receiver turns to it; messages are read in the order they came. Two senders into one
// node do not share its link by max-min for the whole of their messages: the second one's first
// read_buffer_bytes do, the rest follows the first message.
//
// Each data message (Transfer::message set) into a node takes the node's reading turn, first come
// first served: free, it moves whole under the wrapped transport; else its first read_buffer_bytes
// move at once (Transport::carry) and the rest waits for its turn. Its bytes count as arrived
// (Transfer::arriving) only as they are read: the buffered part at its turn, the rest as it comes.
// Bare trips, control messages and ready signals pass through untouched.
#pragma once

#include <memory>

#include "../transport.hpp"

namespace mcsim {

// `network` wrapped so that each node reads one message at a time (see above).
std::unique_ptr<Transport> with_one_message_reads(Machine& machine, std::unique_ptr<Transport> network);

}  // namespace mcsim
