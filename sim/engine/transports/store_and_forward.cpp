// store-and-forward: a transfer actor moves the whole message one hop at a time, holding that hop's
// channel (a FIFO lock per channel: link and virtual channel) for the machine's per-hop start-up plus
// the link's latency plus bytes/bandwidth; without contention a message of b bytes over h hops takes
// h x (start-up + latency + b/bandwidth). The receiver is told with a 0-byte message once the last hop is done.
#include <simgrid/s4u.hpp>

#include "../transport.hpp"
#include "../timed_wait.hpp"
#include "channel_locks.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class StoreAndForwardTransport final : public Transport {
 public:
  explicit StoreAndForwardTransport(Machine& machine) : machine_(machine), channels_(machine) {}

  TransferHandle start(const Transfer& t) override {
    return start_carrying(machine_.platform().host(t.src), "transfer", t);
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    Route scratch;
    const Route& route = channels_.route(src, dst, scratch);
    const double startup_s = machine_.switching().per_hop_seconds(bytes);
    for (std::size_t i = 0; i < route.size(); ++i) {
      const Route hop = {route[i]};
      if (recorder_ && i == 0) recorder_->claim_begins(src);
      const RouteChannel taken = channels_.claim(route[i]);
      if (recorder_ && i == 0) {
        recorder_->claim_ends(src);
        recorder_->stream_begins(src, dst);
      }
      if (recorder_) recorder_->held_idle(route[i].link, startup_s);
      wait_for(startup_s);
      channels_.stream(recorder_, {{hop, bytes}});  // the hop is held: its latency, then its bytes
      channels_.release(taken);
    }
    if (recorder_ && !route.empty()) recorder_->stream_ends(src, dst);
  }

  bool records_streams() const override { return true; }

 private:
  Machine& machine_;
  ChannelLocks channels_;
};

}  // namespace

std::unique_ptr<Transport> make_store_and_forward_transport(Machine& machine) {
  return std::make_unique<StoreAndForwardTransport>(machine);
}

}  // namespace mcsim
