// flow: one SimGrid communication from sender to receiver, matched by the receiver's posted get;
// latency + bytes/bandwidth along the route, every link shared max-min among the flows crossing it.
// Close to packet switching with small packets (the CM-5 data network).
#include <simgrid/s4u.hpp>

#include "../transport.hpp"

namespace mcsim {

namespace {

class FlowTransport final : public Transport {
 public:
  explicit FlowTransport(Machine& machine) : machine_(machine) {}

  TransferHandle start(const Transfer& t) override { return TransferHandle(t.mailbox->put_async(t.payload, t.bytes)); }

  void carry(int src, int dst, std::uint64_t bytes) override {
    simgrid::s4u::Comm::sendto(machine_.platform().host(src), machine_.platform().host(dst), bytes);
  }

 private:
  Machine& machine_;
};

}  // namespace

std::unique_ptr<Transport> make_flow_transport(Machine& machine) { return std::make_unique<FlowTransport>(machine); }

}  // namespace mcsim
