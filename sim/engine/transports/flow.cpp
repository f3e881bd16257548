// flow: one SimGrid communication from sender to receiver, matched by the receiver's posted get;
// latency + bytes/bandwidth along the route (the sum of its links' latencies, links.latency, and the
// slowest link's rate), every link shared max-min among the flows crossing it (SimGrid's CM02 weighs
// the shares by route latency where links have one, which is why choose_sharing then keeps SimGrid's
// sharing: sim/runner/sharing_choice.hpp).
// Close to packet switching with small packets (the CM-5 data network).
#include <simgrid/s4u.hpp>

#include "../transport.hpp"

namespace mcsim {

namespace {

class FlowTransport final : public Transport {
 public:
  // The platform's links carry the machine's link latency (topologies/machine_builder.cpp).
  explicit FlowTransport(Machine& machine)
      : machine_(machine), zero_latency_(machine.switching().link_latency_s() == 0) {}

  // A ready signal arrives at the instant it leaves (see below), so it is posted at once; it still
  // uses up its pair's draw of routing choices, as the flow it was before did.
  TransferHandle start(const Transfer& t) override {
    if (t.signals) {
      machine_.platform().skip_route(t.src, t.dst);
      t.signals->post(t.src, t.dst);
      return TransferHandle::complete();
    }
    // A message of no bytes (LP's dummies) takes no time and leaves every other flow's rate as it
    // was, so it goes through SimGrid's network model as it would without the fluid sharing (which
    // carries no other flow then): refilling the sharing twice for it made LP slower than SimGrid.
    if (fluid_ && t.bytes > 0) return TransferHandle(fluid_->start(t.src, t.dst, t.bytes, t.payload, t.mailbox, t.message));
    const simgrid::s4u::CommPtr comm = t.mailbox->put_init(t.payload, t.bytes);  // Mailbox::put_async's steps
    start_bytes(t, comm, [&comm] { comm->vetoable_start(); });
    return TransferHandle(comm);
  }

  // The bytes move as a flow of their own, then the notice waits for the receive. Where links have
  // latency the notice is posted at the receiver's end (the helper runs there; the flow names its
  // own ends): from the sender's host its 0-byte message would cross the route and pay the latency
  // a second time. (Without latency it costs nothing either way, and stays where it was.)
  TransferHandle start_unexpected(const Transfer& t) override {
    return helpers().run(machine_.platform().host(zero_latency_ ? t.src : t.dst), "eager", [this, t] {
      if (fluid_) {
        fluid_->start(t.src, t.dst, t.bytes, nullptr, nullptr, t.message)->moved->acquire();
      } else {
        // Comm::sendto's steps, its start through start_bytes (a flow of no bytes starts only
        // when asked, as its wait would).
        namespace s4u = simgrid::s4u;
        const s4u::CommPtr comm =
            s4u::Comm::sendto_init()->set_payload_size(t.bytes)->set_source(machine_.platform().host(t.src));
        start_bytes(t, comm, [this, &comm, &t] {
          comm->set_destination(machine_.platform().host(t.dst));
          if (comm->get_state() != s4u::Activity::State::STARTED) comm->vetoable_start();
        });
        if (t.arriving) t.arriving->carried_by(comm);
        comm->wait();
      }
      if (t.arriving) t.arriving->arrived();
      t.mailbox->put_init(t.payload, 0)->detach();
    });
  }
  bool holds_data_until_received() const override { return true; }
  // An unexpected message's bytes are one SimGrid communication, whose remaining bytes say how far
  // it has come (under the fluid sharing only whether it is in).
  bool tells_arriving_bytes() const override { return fluid_ == nullptr; }
  // Under the fluid sharing no SimGrid communication carries the bytes: it tells the recorder.
  bool records_streams() const override { return fluid_ != nullptr; }
  bool bare_messages_are_instant() const override { return zero_latency_; }

  void carry(int src, int dst, std::uint64_t bytes) override {
    if (fluid_) return fluid_->start(src, dst, bytes, nullptr, nullptr, std::nullopt)->moved->acquire();
    simgrid::s4u::Comm::sendto(machine_.platform().host(src), machine_.platform().host(dst), bytes);
  }

  // Without latency a 0-byte flow finishes at the instant it starts (max-min gives every flow a
  // share, and it has nothing to move): the CM-5's, whose delays are in CMMD's measured start-up.
  bool delivers_ready_signals() const override { return zero_latency_; }

 private:
  Machine& machine_;
  const bool zero_latency_;
};

}  // namespace

std::unique_ptr<Transport> make_flow_transport(Machine& machine) { return std::make_unique<FlowTransport>(machine); }

}  // namespace mcsim
