#include "message_library.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

std::string to_string(Protocol protocol) {
  switch (protocol) {
    case Protocol::eager: return "eager";
    case Protocol::rendezvous: return "rendezvous";
    case Protocol::handshake: return "handshake";
  }
  return "?";
}

std::string to_string(SendReturns sends) {
  switch (sends) {
    case SendReturns::posted: return "posted (returns at once)";
    case SendReturns::local: return "local (returns once its data has left)";
    case SendReturns::synchronous: return "synchronous (returns once its data is in the posted receive)";
  }
  return "?";
}

std::string to_string(ReceiveCall receives) {
  switch (receives) {
    case ReceiveCall::posted: return "posted ahead (non-blocking)";
    case ReceiveCall::blocking: return "blocking";
  }
  return "?";
}

std::string to_string(NodePorts ports) {
  switch (ports) {
    case NodePorts::unlimited: return "unlimited";
    case NodePorts::one_shared: return "one transfer at a time, synchronised pairwise exchanges both ways";
  }
  return "?";
}

std::string to_string(RendezvousReceiver receiver) {
  switch (receiver) {
    case RendezvousReceiver::library: return "the receiver's library (interrupt level)";
    case RendezvousReceiver::program: return "the receiving program (at its post, if the request came first)";
  }
  return "?";
}

std::string to_string(UnexpectedCopy copy) {
  switch (copy) {
    case UnexpectedCopy::whole_messages: return "a message whose bytes have all arrived by the post";
    case UnexpectedCopy::arrived_bytes: return "the bytes that have arrived by the post (the rest go to the receive)";
  }
  return "?";
}

std::string to_string(MessageReads reads) {
  switch (reads) {
    case MessageReads::interleaved: return "arriving messages interleave";
    case MessageReads::one_message: return "one whole message at a time";
  }
  return "?";
}

const SizeRegime& MessageLibrary::regime(std::uint64_t bytes) const {
  for (const SizeRegime& r : regimes)
    if (static_cast<double>(bytes) <= r.up_to_bytes.value) return r;
  return regimes.back();  // check() makes the last one unlimited
}

NodeCosts MessageLibrary::costs(std::uint64_t bytes) const {
  const double startup = regime(bytes).startup_s.value;
  return {startup * sender_share.value, startup * (1 - sender_share.value)};
}

Handshake MessageLibrary::handshake(std::uint64_t bytes) const {
  const SizeRegime& r = regime(bytes);
  if (r.protocol.value == Protocol::eager) return {};
  const double t = r.trip_cpu_s.value;
  return {t, t, t, t};
}

std::uint64_t MessageLibrary::wire_bytes(std::uint64_t payload) const {
  if (!(packet_bytes.value >= 1)) return payload;
  const auto p = static_cast<std::uint64_t>(packet_bytes.value);
  const std::uint64_t packets = payload == 0 ? 1 : (payload + p - 1) / p;
  return packets * p;
}

double MessageLibrary::copy_seconds(std::uint64_t bytes) const {
  return static_cast<double>(bytes) / copy_rate_Bps.value;  // 0 for an unlimited rate
}

bool MessageLibrary::has_protocol(Protocol protocol) const {
  return std::any_of(regimes.begin(), regimes.end(), [&](const SizeRegime& r) { return r.protocol.value == protocol; });
}

bool MessageLibrary::send_returns_at_once(std::uint64_t payload) const {
  if (sends.value == SendReturns::posted) return true;
  return sends.value == SendReturns::local && send_buffer_bytes.value > 0 &&
         static_cast<double>(wire_bytes(payload)) <= send_buffer_bytes.value;
}

void MessageLibrary::check(const std::string& where) const {
  if (regimes.empty()) throw Error(where, fmt::format("message library {} has no size regime", name.value));
  double previous = -1;
  for (const SizeRegime& r : regimes) {
    if (!(r.up_to_bytes.value > previous))
      throw Error(where, fmt::format("message library {}: regime {} ends at {} bytes, not above the one before it",
                                     name.value, r.name, r.up_to_bytes.value));
    previous = r.up_to_bytes.value;
    for (const auto* v : {&r.startup_s, &r.per_hop_s, &r.trip_cpu_s})
      if (!(v->value >= 0) || std::isinf(v->value))
        throw Error(where, fmt::format("message library {}: regime {} has a time of {} s (must be finite, not "
                                       "negative)",
                                       name.value, r.name, v->value));
  }
  if (!std::isinf(regimes.back().up_to_bytes.value))
    throw Error(where, fmt::format("message library {}: its last regime ({}) must take every size", name.value,
                                   regimes.back().name));
  if (!(sender_share.value >= 0 && sender_share.value <= 1))
    throw Error(where, fmt::format("message library {}: sender share {} is not between 0 and 1", name.value,
                                   sender_share.value));
  for (const auto* v : {&control_send_s, &control_receive_s, &barrier_s, &packet_bytes})
    if (!(v->value >= 0) || std::isinf(v->value))
      throw Error(where, fmt::format("message library {}: a time or packet size of {} (must be finite, not negative)",
                                     name.value, v->value));
  if (!(receive_buffer_bytes.value >= 0))
    throw Error(where, fmt::format("message library {}: receive buffer of {} bytes", name.value,
                                   receive_buffer_bytes.value));
  if (!(send_buffer_bytes.value >= 0) || std::isinf(send_buffer_bytes.value))
    throw Error(where, fmt::format("message library {}: send buffer of {} bytes (must be finite, not negative)",
                                   name.value, send_buffer_bytes.value));
  if (!(read_buffer_bytes.value >= 0) || std::isinf(read_buffer_bytes.value))
    throw Error(where, fmt::format("message library {}: read buffer of {} bytes (must be finite, not negative)",
                                   name.value, read_buffer_bytes.value));
  // A message read whole holds its receiver's reading: it must never wait there for its receive.
  if (reads.value == MessageReads::one_message && (receive_buffer_bytes.value == 0 || has_protocol(Protocol::handshake)))
    throw Error(where, fmt::format("message library {}: reads = one-message needs a receive buffer and no handshake "
                                   "regime (a message waiting for its receive would hold its node's reading)",
                                   name.value));
  if (!(copy_rate_Bps.value > 0))
    throw Error(where, fmt::format("message library {}: copy rate of {} bytes/s must be positive", name.value,
                                   copy_rate_Bps.value));
}

namespace {

template <class T>
MachineParameter row(const std::string& name, const std::string& value, const Cited<T>& c) {
  return {name, value, c.source, c.assumption};
}

// A row whose value is one number in `unit` (then `note`), typed as quantity_parameter makes it.
template <class T>
MachineParameter row(const std::string& name, double number, const std::string& unit, const std::string& note,
                     const Cited<T>& c) {
  return quantity_parameter(name, number, unit, note, c.source, c.assumption);
}

template <class T>
MachineParameter microseconds(const std::string& name, double seconds, const std::string& note, const Cited<T>& c) {
  return row(name, seconds * 1e6, "us", note, c);
}

std::string microseconds(double seconds) { return fmt::format("{:g} us", seconds * 1e6); }

// A size in whole bytes ("16 B"), or `otherwise` when it is unlimited.
template <class T>
MachineParameter bytes(const std::string& name, double bytes, const std::string& note, const std::string& otherwise,
                       const Cited<T>& c) {
  if (std::isinf(bytes)) return row(name, otherwise, c);
  return quantity_parameter(name, bytes, "B", note, c.source, c.assumption, 17);
}

}  // namespace

std::vector<MachineParameter> describe_library(const MessageLibrary& l) {
  std::vector<MachineParameter> rows;
  rows.push_back(row("message library", l.name.value, l.name));
  double from = 0;
  for (const SizeRegime& r : l.regimes) {
    const std::string head = fmt::format("  {}: ", r.name);
    const std::string span = std::isinf(r.up_to_bytes.value)
                                 ? fmt::format("{:.0f} B and above", from)
                                 : fmt::format("{:.0f} .. {:.0f} B", from, r.up_to_bytes.value);
    rows.push_back(row(head + "sizes", span, r.up_to_bytes));
    rows.push_back(row(head + "protocol", to_string(r.protocol.value), r.protocol));
    rows.push_back(microseconds(head + "start-up", r.startup_s.value, "", r.startup_s));
    if (r.per_hop_s.value > 0 || !r.per_hop_s.source.empty())
      rows.push_back(microseconds(head + "per hop", r.per_hop_s.value, "", r.per_hop_s));
    if (r.protocol.value != Protocol::eager)
      rows.push_back(microseconds(head + "request/reply", r.trip_cpu_s.value, "at each end of each", r.trip_cpu_s));
    from = r.up_to_bytes.value + 1;
  }
  rows.push_back(row("  sends return", to_string(l.sends.value), l.sends));
  rows.push_back(row("  receives", to_string(l.receives.value), l.receives));
  rows.push_back(row("  start-up split", l.sender_share.value, "",
                     fmt::format("at the sender, {:g} at the receiver", 1 - l.sender_share.value), l.sender_share));
  rows.push_back(l.packet_bytes.value >= 1 ? bytes("  packet payload", l.packet_bytes.value, "", "unlimited", l.packet_bytes)
                                           : row("  packet payload", "no packets", l.packet_bytes));
  rows.push_back(microseconds("  control messages", l.control_send_s.value,
                              fmt::format("send, {} receive", microseconds(l.control_receive_s.value)), l.control_send_s));
  rows.push_back(row("  node ports", to_string(l.node_ports.value), l.node_ports));
  rows.push_back(bytes("  receive buffer", l.receive_buffer_bytes.value, "per node", "unlimited per node",
                       l.receive_buffer_bytes));
  rows.push_back(std::isinf(l.copy_rate_Bps.value) ? row("  copy rate", "no cost", l.copy_rate_Bps)
                                                   : row("  copy rate", l.copy_rate_Bps.value / 1e6, "MB/s", "", l.copy_rate_Bps));
  rows.push_back(microseconds("  barrier", l.barrier_s.value, "", l.barrier_s));
  if (l.rendezvous_receiver.value != RendezvousReceiver::library)
    rows.push_back(row("  rendezvous receiver", to_string(l.rendezvous_receiver.value), l.rendezvous_receiver));
  if (l.unexpected_copy.value != UnexpectedCopy::whole_messages)
    rows.push_back(row("  copied at the post", to_string(l.unexpected_copy.value), l.unexpected_copy));
  if (l.sends.value == SendReturns::local && l.send_buffer_bytes.value > 0)
    rows.push_back(bytes("  send buffer", l.send_buffer_bytes.value, "per socket (a local send that fits returns at once)",
                         "", l.send_buffer_bytes));
  if (l.reads.value != MessageReads::interleaved) {
    rows.push_back(row("  reads", to_string(l.reads.value), l.reads));
    rows.push_back(bytes("  read buffer", l.read_buffer_bytes.value, "per message waiting", "unlimited per message waiting",
                         l.read_buffer_bytes));
  }
  return rows;
}

}  // namespace mcsim
