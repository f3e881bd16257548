#include "message_reads.hpp"

#include <algorithm>
#include <vector>

#include "fifo_lock.hpp"

namespace mcsim {

namespace {

class OneMessageReads final : public Transport {
 public:
  OneMessageReads(Machine& machine, std::unique_ptr<Transport> network)
      : machine_(machine),
        network_(std::move(network)),
        buffer_bytes_(static_cast<std::uint64_t>(machine.library().read_buffer_bytes.value)),
        reading_(static_cast<std::size_t>(machine.nodes())) {}

  void attach(const TransportServices& services) override {
    Transport::attach(services);
    network_->attach(services);
  }

  TransferHandle start(const Transfer& t) override {
    if (!t.message) return network_->start(t);
    return helpers().run(machine_.platform().host(t.src), "read", [this, t] { read(t, false); });
  }
  TransferHandle start_unexpected(const Transfer& t) override {
    if (!t.message) return network_->start_unexpected(t);
    return helpers().run(machine_.platform().host(t.src), "read", [this, t] { read(t, true); });
  }

  void carry(int src, int dst, std::uint64_t bytes) override { network_->carry(src, dst, bytes); }
  bool holds_data_until_received() const override { return network_->holds_data_until_received(); }
  bool bare_messages_are_instant() const override { return network_->bare_messages_are_instant(); }
  bool tells_arriving_bytes() const override { return network_->tells_arriving_bytes(); }
  bool delivers_ready_signals() const override { return network_->delivers_ready_signals(); }
  bool delivers_notices() const override { return network_->delivers_notices(); }
  bool records_streams() const override { return network_->records_streams(); }

 private:
  // In a helper actor on the sender's host: the message's turn at its receiver, then its bytes.
  void read(Transfer t, bool unexpected) {
    FifoLock& turn = reading_[static_cast<std::size_t>(t.dst)];
    auto move = [&](const Transfer& part) {
      (unexpected ? network_->start_unexpected(part) : network_->start(part)).wait();
    };
    if (!turn.held()) {
      turn.acquire();
      move(t);
      turn.release();
      return;
    }
    // Its socket buffer fills while the receiver reads another message, then its sender stalls.
    const std::uint64_t buffered = std::min(buffer_bytes_, t.bytes);
    TransferHandle filling;
    if (buffered > 0)
      filling = network_->helpers().run(machine_.platform().host(t.src), "socket",
                                        [this, t, buffered] { network_->carry(t.src, t.dst, buffered); });
    turn.acquire();
    if (filling.started()) filling.wait();
    // Its turn: the buffered bytes are read at once, the rest as they come.
    if (t.arriving) t.arriving->add(buffered);
    t.bytes -= buffered;
    move(t);
    turn.release();
  }

  Machine& machine_;
  std::unique_ptr<Transport> network_;
  const std::uint64_t buffer_bytes_;
  std::vector<FifoLock> reading_;  // per receiving node: whose message it reads
};

}  // namespace

std::unique_ptr<Transport> with_one_message_reads(Machine& machine, std::unique_ptr<Transport> network) {
  return std::make_unique<OneMessageReads>(machine, std::move(network));
}

}  // namespace mcsim
