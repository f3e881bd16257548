// Ranka, Shankar, Alsabti 1995, sec. 4, Figure 3: modified linear permutation.
#include "modified_linear_permutation.hpp"

#include <bit>
#include <optional>

#include <fmt/format.h>

#include "../sim/core/error.hpp"

namespace mcsim {

void note_span(Run& run, const Node& node, const char* activity, double since) {
  if (node.now() > since) run.spans.push_back({node.id(), activity, since, node.now()});
}

SendVectorExchange::SendVectorExchange(int nodes)
    : nodes_(nodes),
      receive_(static_cast<std::size_t>(nodes), std::vector<std::uint64_t>(static_cast<std::size_t>(nodes), 0)),
      heard_(static_cast<std::size_t>(nodes), 0) {}

const std::vector<std::uint64_t>& SendVectorExchange::run(Node& node, const std::vector<std::uint64_t>& send_bytes) {
  const int me = node.id();
  for (int k = 1; k < nodes_; ++k) {
    const int to = (me + k) % nodes_;
    const std::uint64_t length = send_bytes[static_cast<std::size_t>(to)];
    node.send_control(to, [this, me, to, length](ControlContext&) {
      receive_[static_cast<std::size_t>(to)][static_cast<std::size_t>(me)] = length;
      ++heard_[static_cast<std::size_t>(to)];
    });
  }
  node.wait_until([this, me] { return heard_[static_cast<std::size_t>(me)] == nodes_ - 1; });
  return receive_[static_cast<std::size_t>(me)];
}

std::vector<std::uint64_t> ModifiedLinearPermutation::run(Node& node, const std::vector<std::uint64_t>& send_bytes,
                                                          Run& run, int phase_base) {
  const int me = node.id(), p = node.nodes();
  if (!std::has_single_bit(static_cast<unsigned>(p)))
    throw Error("modified linear permutation", fmt::format("needs a power-of-two node count, got {}", p));
  const double asked = node.now();
  const std::vector<std::uint64_t> receive = vectors_.run(node, send_bytes);
  note_span(run, node, "vectors", asked);
  for (int k = 1; k < p; ++k) {
    const int partner = me ^ k;
    const auto j = static_cast<std::size_t>(partner);
    std::optional<ReceiveHandle> incoming;
    if (receive[j] > 0) incoming = node.post_receive(partner);
    std::optional<SendHandle> outgoing;
    if (send_bytes[j] > 0) {
      const std::size_t index = run.messages.size();
      run.messages.push_back({me, partner, send_bytes[j], phase_base + k, false, node.now(), 0.0});
      outgoing = node.send(partner, send_bytes[j], index, Lane::data, node.costs(send_bytes[j]).send_overhead_s);
    }
    if (incoming) {
      const Arrival arrival = node.wait(*incoming);
      run.messages[arrival.tag].end_s = arrival.arrival_s;
      node.compute(node.costs(receive[j]).receive_overhead_s);
    }
    if (outgoing) node.wait(*outgoing);
    if (!barriers_) continue;
    const double at_barrier = node.now();
    node.barrier();
    note_span(run, node, "barrier", at_barrier);
  }
  return receive;
}

}  // namespace mcsim
