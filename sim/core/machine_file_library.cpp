#include "machine_file_library.hpp"

#include <algorithm>
#include <limits>
#include <string_view>

namespace mcsim {

std::set<std::string> regime_names(const std::vector<ParameterRecord>& parameters) {
  constexpr std::size_t prefix = std::string_view("library.regimes.").size();
  std::set<std::string> names;
  for (const auto& p : parameters)
    if (p.path.starts_with("library.regimes.")) names.insert(p.path.substr(prefix, p.path.find('.', prefix) - prefix));
  return names;
}

MessageLibrary library_of(const MachineFile& m) {
  auto at = [&](const std::string& path) -> const ParameterRecord& { return *m.find(path); };
  auto number = [&](const std::string& path) {
    const ParameterRecord& p = at(path);
    return Cited<double>{p.has_value ? p.value : std::numeric_limits<double>::quiet_NaN(), p.source, p.assumption};
  };
  MessageLibrary l;
  const ParameterRecord& name = at("library.name");
  l.name = {name.text, name.source, name.assumption};
  const ParameterRecord& sends = at("library.sends");
  l.sends = {sends.text == "posted"  ? SendReturns::posted
             : sends.text == "local" ? SendReturns::local
                                     : SendReturns::synchronous,
             sends.source, sends.assumption};
  const ParameterRecord& receives = at("library.receives");
  l.receives = {receives.text == "posted" ? ReceiveCall::posted : ReceiveCall::blocking, receives.source,
                receives.assumption};
  const ParameterRecord& ports = at("library.node_ports");
  l.node_ports = {ports.text == "unlimited" ? NodePorts::unlimited : NodePorts::one_shared, ports.source,
                  ports.assumption};
  l.sender_share = number("library.sender_share");
  l.packet_bytes = number("library.packet");
  l.control_send_s = number("library.control_send");
  l.control_receive_s = number("library.control_receive");
  l.receive_buffer_bytes = number("library.receive_buffer");
  l.copy_rate_Bps = number("library.copy_rate");
  l.barrier_s = number("library.barrier");
  if (const ParameterRecord* receiver = m.find("library.rendezvous_receiver"))
    l.rendezvous_receiver = {receiver->text == "program" ? RendezvousReceiver::program : RendezvousReceiver::library,
                             receiver->source, receiver->assumption};
  if (const ParameterRecord* copy = m.find("library.unexpected_copy"))
    l.unexpected_copy = {copy->text == "arrived-bytes" ? UnexpectedCopy::arrived_bytes : UnexpectedCopy::whole_messages,
                         copy->source, copy->assumption};
  if (const ParameterRecord* reads = m.find("library.reads"))
    l.reads = {reads->text == "one-message" ? MessageReads::one_message : MessageReads::interleaved, reads->source,
               reads->assumption};
  if (m.find("library.read_buffer")) l.read_buffer_bytes = number("library.read_buffer");
  if (m.find("library.send_buffer")) l.send_buffer_bytes = number("library.send_buffer");
  for (const auto& regime : regime_names(m.parameters)) {
    const std::string prefix = "library.regimes." + regime + ".";
    SizeRegime r;
    r.name = regime;
    r.up_to_bytes = number(prefix + "up_to");
    const ParameterRecord& protocol = at(prefix + "protocol");
    r.protocol = {protocol.text == "eager"        ? Protocol::eager
                  : protocol.text == "rendezvous" ? Protocol::rendezvous
                                                  : Protocol::handshake,
                  protocol.source, protocol.assumption};
    r.startup_s = number(prefix + "startup");
    r.per_hop_s = number(prefix + "per_hop");
    r.trip_cpu_s = number(prefix + "trip_cpu");
    l.regimes.push_back(std::move(r));
  }
  // By increasing limit ("unlimited" last); two regimes with one limit are refused by check().
  std::stable_sort(l.regimes.begin(), l.regimes.end(), [](const SizeRegime& a, const SizeRegime& b) {
    return a.up_to_bytes.value < b.up_to_bytes.value;
  });
  const bool complete = std::all_of(m.parameters.begin(), m.parameters.end(), [](const ParameterRecord& p) {
    return !p.path.starts_with("library.") || p.has_value;
  });
  if (complete) l.check(m.path + " (library)");
  return l;
}

}  // namespace mcsim
