#include "node_runtime.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "actor_errors.hpp"
#include "free_slots.hpp"
#include "spend.hpp"

namespace mcsim {

namespace s4u = simgrid::s4u;

namespace {

// A message's tag travels as SimGrid's payload pointer, which SimGrid hands over without reading it
// (and which may not be null).
void* payload_of(Tag tag) { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(tag) + 1); }
Tag tag_of(void* payload) { return static_cast<Tag>(reinterpret_cast<std::uintptr_t>(payload) - 1); }

}  // namespace

void SimulatedNode::compute(double seconds) {
  if (seconds <= 0) return;
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "cpu");
  s4u::this_actor::sleep_for(seconds);
}

void SimulatedNode::barrier() {
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "barrier");
  job_.barrier();
}

void SimulatedNode::barrier(std::uint32_t group, int members) {
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "barrier");
  job_.barrier(id_, group, members);
}

void SimulatedNode::mark_phase(int phase) {
  if (job_.net().recorder) job_.net().recorder->phase(id_, phase);
}

void SimulatedNode::wait_until(const std::function<bool()>& condition) {
  ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-lock");
  job_.wait_until(id_, condition);
}

PairMailboxes& SimulatedNode::mailboxes(Lane lane) { return lane == Lane::data ? job_.net().data : job_.net().ready; }

// Where the transport delivers ready signals, every message on the ready lane is one.
bool SimulatedNode::direct_signal(Lane lane) const { return lane == Lane::ready && job_.net().direct_signals; }

// Where the transport tells arrivals (notices.hpp), every data message's.
bool SimulatedNode::direct_notice(Lane lane) const { return lane == Lane::data && job_.net().direct_notices; }

void SimulatedNode::address(Transfer& transfer) {
  if (direct_notice(Lane::data))
    transfer.notices = &job_.net().notices;
  else
    transfer.mailbox = job_.net().data.take(transfer.src, transfer.dst);
}

ReceiveHandle SimulatedNode::post_receive(int from, Lane lane) {
  const bool signal = direct_signal(lane);
  const bool notice = direct_notice(lane);
  Notices& notices = job_.net().notices;
  s4u::Mailbox* box = signal || notice ? nullptr : mailboxes(lane).take(from, id_);
  const std::uint32_t slot = take_free_slot(receives_, free_receives_);
  PostedReceive& posted = receives_[slot];
  posted.payload = nullptr;
  posted.from = from;
  posted.lane = lane;
  posted.signal = signal;
  posted.notice = notice;
  posted.open = true;
  LibraryState* state = lane == Lane::data ? job_.library_state() : nullptr;
  // A message that left before this receive was posted is in this node's buffer: once its bytes
  // are all there (its notice waits in the mailbox), the library copies it out now, in this
  // node's time; one still on its way goes straight into the receive.
  if (state) {
    const LibraryState::Posted matched = state->post(from, id_);
    if (matched.unexpected_bytes) {
      // What of it is in the buffer now: the bytes arrived so far where the transport tells them
      // (MessageLibrary::unexpected_copy = arrived-bytes; the rest go straight into this receive),
      // else the whole message once its notice is here.
      const std::uint64_t copied =
          matched.arriving ? std::min(*matched.unexpected_bytes, matched.arriving->now())
          : (notice ? notices.waiting(from, id_) : box->listen()) ? *matched.unexpected_bytes
                                                                    : 0;
      if (copied > 0) {
        ActivityRecorder::Scoped copying(job_.net().recorder, id_, "cpu");
        spend(library().copy_seconds(copied));
      }
    }
    // A rendezvous request that came before this receive (RendezvousReceiver::program): the
    // program answers it now, as MPICH 1.x's receive finds the request queued by
    // MPID_CH_Rndvb_save and sends OK_TO_SEND in MPID_CH_Rndvb_unxrecv_start (mpid/ch2/chbrndv.c).
    if (matched.answer_s) {
      ActivityRecorder::Scoped answering(job_.net().recorder, id_, "cpu");
      spend(*matched.answer_s);
      state->replied(from, id_, matched.ticket);
    }
  }
  if (notice)
    posted.notice_slot = notices.post(from, id_);
  else if (!signal)
    posted.comm = box->get_async<void>(&posted.payload);
  return {slot};
}

SimulatedNode::PostedReceive& SimulatedNode::receive_slot(ReceiveHandle handle) {
  if (handle.id >= receives_.size() || !receives_[handle.id].open)
    throw Error("node program", fmt::format("node {} waits for a receive it has not posted (or waited for already)", id_));
  return receives_[handle.id];
}

Arrival SimulatedNode::finish(ReceiveHandle handle, std::size_t which, double arrival_s) {
  PostedReceive& posted = receives_[handle.id];
  const Arrival arrival{which, posted.signal ? Tag{0} : tag_of(posted.payload), arrival_s - job_.start_s()};
  ActivityRecorder* recorder = job_.net().recorder;
  if (recorder && posted.lane == Lane::data && !job_.net().transport->records_streams()) {
    if (posted.notice)  // as the 0-byte message did: it started and ended when the receive took it
      recorder->stream(posted.from, id_, arrival_s, arrival_s);
    else
      recorder->stream(posted.from, id_, posted.comm->get_start_time(), posted.comm->get_finish_time());
  }
  posted.comm = nullptr;
  posted.open = false;
  if (!posted.signal && !posted.notice) mailboxes(posted.lane).give(posted.from, id_);
  free_receives_.push_back(handle.id);
  return arrival;
}

Arrival SimulatedNode::wait(ReceiveHandle receive) {
  PostedReceive& posted = receive_slot(receive);
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, posted.lane == Lane::data ? "wait-message" : "wait-partner");
    if (posted.signal)
      job_.net().signals.wait(posted.from, id_);
    else if (posted.notice)
      job_.net().notices.wait_any(id_, std::span(&posted.notice_slot, 1));
    else
      posted.comm->wait();
  }
  if (posted.notice) {
    const Notices::Arrived arrived = job_.net().notices.take(posted.notice_slot);
    posted.payload = arrived.payload;
    return finish(receive, 0, arrived.at_s);
  }
  return finish(receive, 0, posted.signal ? s4u::Engine::get_clock() : posted.comm->get_finish_time());
}

Arrival SimulatedNode::wait_any(const std::vector<ReceiveHandle>& receives) {
  if (receives.empty()) throw Error("node program", fmt::format("node {} waits for any of no receives", id_));
  waiting_.clear();
  waiting_notices_.clear();
  for (const ReceiveHandle& r : receives) {
    const PostedReceive& posted = receive_slot(r);
    if (posted.signal)
      throw Error("node program", fmt::format("node {} waits for a ready signal among other receives: wait for it alone",
                                              id_));
    if (posted.notice)
      waiting_notices_.push_back(posted.notice_slot);
    else
      waiting_.push_back(posted.comm);
  }
  if (!waiting_.empty() && !waiting_notices_.empty())
    throw Error("node program", fmt::format("node {} waits for data messages and other receives at once", id_));
  std::size_t k = 0;
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-message");
    k = waiting_notices_.empty() ? static_cast<std::size_t>(s4u::Comm::wait_any(waiting_))
                                 : job_.net().notices.wait_any(id_, waiting_notices_);
  }
  waiting_.clear();
  PostedReceive& posted = receive_slot(receives[k]);
  if (posted.notice) {
    const Notices::Arrived arrived = job_.net().notices.take(posted.notice_slot);
    posted.payload = arrived.payload;
    return finish(receives[k], k, arrived.at_s);
  }
  return finish(receives[k], k, posted.comm->get_finish_time());
}

SendHandle SimulatedNode::keep(StartedSend send) {
  if (free_sends_.empty()) {
    sends_.push_back(std::move(send));
    return {static_cast<std::uint32_t>(sends_.size() - 1)};
  }
  const std::uint32_t slot = free_sends_.back();
  free_sends_.pop_back();
  sends_[slot] = std::move(send);
  return {slot};
}

SendHandle SimulatedNode::send(int to, std::uint64_t bytes, Tag tag, Lane lane, double cpu_s) {
  Network& net = job_.net();
  if (direct_signal(lane)) {
    if (bytes != 0 || tag != 0)
      throw Error("node program", fmt::format("node {} sends a ready signal of {} bytes with tag {}: on {} ready "
                                              "signals carry neither",
                                              id_, bytes, tag, job_.machine().name()));
    compute(cpu_s);
    Transfer signal{id_, to, 0, payload_of(tag), nullptr};
    signal.signals = &net.signals;
    return keep({net.transport->start(signal), to, lane, false, true});
  }
  if (lane == Lane::data) return send_data(to, bytes, tag, cpu_s);
  // A program's own signal as a message: the mailbox first, then the CPU time (as data, below).
  s4u::Mailbox* box = mailboxes(lane).take(id_, to);
  compute(cpu_s);
  return keep({net.transport->start({id_, to, bytes, payload_of(tag), box}), to, lane});
}

// A data message under its size regime's protocol, returning when the library's `sends` says.
SendHandle SimulatedNode::send_data(int to, std::uint64_t bytes, Tag tag, double cpu_s) {
  Network& net = job_.net();
  const MessageLibrary& library = job_.machine().library();
  const SizeRegime& regime = library.regime(bytes);
  LibraryState* state = job_.library_state();
  Transfer transfer{id_, to, library.wire_bytes(bytes), payload_of(tag), nullptr};
  transfer.message = tag;
  if (regime.protocol.value == Protocol::rendezvous) {
    // CMMD_send_block's order: the library's time, the rendezvous, then the data.
    compute(cpu_s);
    const Ticket ticket = state->sent(id_, to);
    const Handshake trips = library.handshake(bytes);
    if (library.sends.value == SendReturns::posted) {
      JobRuntime& job = job_;
      const int me = id_;
      return keep({net.transport->helpers().run(job.machine().platform().host(me), "rendezvous",
                                                [this, &job, transfer, ticket, trips]() mutable {
                                                  rendezvous(transfer.dst, ticket, trips);
                                                  address(transfer);
                                                  job.net().transport->start(transfer).wait();
                                                }),
                   to, Lane::data});
    }
    rendezvous(to, ticket, trips);
    address(transfer);
    return returned(net.transport->start(transfer), to, ticket, bytes);
  }
  // The mailbox first, then the CPU time: the order of simulation events the Plan interpreter has
  // always had (a first lookup of a mailbox is itself an event).
  address(transfer);
  compute(cpu_s);
  if (regime.protocol.value == Protocol::handshake) {
    // The receiver's library answers the request whether or not the receive is posted (NX), so
    // data that finds none lands in the buffer, however full it is.
    std::optional<Ticket> ticket;
    if (state) {
      ticket = state->sent(id_, to);
      if (!state->posted(id_, to, *ticket)) state->reserve(id_, to, *ticket, bytes, true);
    }
    return returned(net.transport->start_after_handshake(job_.machine(), transfer, library.handshake(bytes)), to,
                    ticket, bytes);
  }
  if (!state) return returned(net.transport->start(transfer), to, std::nullopt, bytes);
  const Ticket ticket = state->sent(id_, to);
  return returned(start_eager(transfer, bytes, ticket), to, ticket, bytes);
}

// Eager: the data goes at once into the posted receive, or into the receiver's buffer if there is
// room; else it waits at the sender until there is room or the receive is posted (back-pressure).
// Without a buffer, data waits for its receive. A posted send does not wait itself: a helper
// actor holds the data back.
TransferHandle SimulatedNode::start_eager(const Transfer& transfer, std::uint64_t bytes, Ticket ticket) {
  Transport& transport = *job_.net().transport;
  LibraryState& state = *job_.library_state();
  const MessageLibrary& library = job_.machine().library();
  const int src = transfer.src, dst = transfer.dst;
  if (state.posted(src, dst, ticket)) return transport.start(transfer);
  const bool no_buffer = library.receive_buffer_bytes.value == 0;
  if (no_buffer && transport.holds_data_until_received()) return transport.start(transfer);
  // The receive that takes it from the buffer asks how much has arrived by its post.
  Transfer unexpected_transfer = transfer;
  if (library.unexpected_copy.value == UnexpectedCopy::arrived_bytes && transport.tells_arriving_bytes())
    unexpected_transfer.arriving = std::make_shared<ArrivingBytes>(transfer.bytes);
  if (!no_buffer && state.reserve(src, dst, ticket, bytes, false, unexpected_transfer.arriving))
    return transport.start_unexpected(unexpected_transfer);
  auto when_possible = [&transport, &state, transfer = unexpected_transfer, bytes, ticket, no_buffer, src, dst] {
    bool unexpected = false;
    state.wait_at(dst, [&] {
      if (state.posted(src, dst, ticket)) return true;
      unexpected = !no_buffer && state.reserve(src, dst, ticket, bytes, false, transfer.arriving);
      return unexpected;
    });
    return unexpected ? transport.start_unexpected(transfer) : transport.start(transfer);
  };
  if (!library.send_returns_at_once(bytes)) {
    ActivityRecorder::Scoped state_of_node(job_.net().recorder, id_, "wait-send");
    return when_possible();
  }
  return transport.helpers().run(job_.machine().platform().host(src), "eager",
                                 [when_possible] { when_possible().wait(); });
}

// A rendezvous, in the sending actor: the request to the receiver's library, its reply once the
// receive is posted, then the caller moves the data. The library's own times around the two trips
// are spent here, since nothing else of this message can happen meanwhile.
void SimulatedNode::rendezvous(int to, Ticket ticket, const Handshake& trips) {
  Network& net = job_.net();
  Transport& transport = *net.transport;
  LibraryState& state = *job_.library_state();
  ActivityRecorder::Scoped waiting(net.recorder, id_, "wait-partner");
  spend(trips.request_send_s);
  if (!transport.bare_messages_are_instant()) transport.carry(id_, to, 0);
  // The receiver's two times (request in, reply out): its program's where the library says so and
  // the request came before the receive (it answers at its post); else its library's, here.
  if (job_.machine().library().rendezvous_receiver.value == RendezvousReceiver::program &&
      state.request_waiting(id_, to, ticket, trips.request_receive_s + trips.reply_send_s)) {
    state.wait_at(to, [&] { return state.has_replied(id_, to, ticket); });
    state.forget_request(id_, to, ticket);
  } else {
    spend(trips.request_receive_s);
    state.wait_at(to, [&] { return state.posted(id_, to, ticket); });
    spend(trips.reply_send_s);
  }
  if (net.direct_signals) {
    // Through the transport's ready signals (the CM-5's flows post it as it leaves, keeping the
    // pair's draw of up-links as CMMD's ready signal always did; the iPSC/860's send queues carry it).
    Transfer reply{to, id_, 0, payload_of(0), nullptr};
    reply.signals = &net.replies;
    transport.start(reply).wait();
    net.replies.wait(to, id_);
  } else {
    transport.carry(to, id_, 0);
  }
  spend(trips.reply_receive_s);
}

// When the send call returns (MessageLibrary::sends): at once (posted, or local into a send buffer
// it fits); once the data is at the receiver; or once it is in the posted receive.
SendHandle SimulatedNode::returned(TransferHandle moving, int to, std::optional<Ticket> ticket, std::uint64_t bytes) {
  const MessageLibrary& library = job_.machine().library();
  const SendReturns sends = library.sends.value;
  if (library.send_returns_at_once(bytes)) return keep({std::move(moving), to, Lane::data});
  {
    ActivityRecorder::Scoped waiting(job_.net().recorder, id_, "wait-send");
    moving.wait();
    if (sends == SendReturns::synchronous && ticket)
      if (LibraryState* state = job_.library_state())
        state->wait_at(to, [&] { return state->posted(id_, to, *ticket); });
  }
  return keep({TransferHandle::complete(), to, Lane::data});
}

SendHandle SimulatedNode::exchange(int partner, std::uint64_t bytes, Tag tag, std::uint64_t back_bytes, Tag back_tag,
                                   double cpu_s) {
  Network& net = job_.net();
  if (!net.transport->exchanges_need_pairing())
    throw Error(job_.machine().name(), "this machine has no synchronised pairwise exchanges");
  Machine& machine = job_.machine();
  const MessageLibrary& library = machine.library();
  Transfer there{id_, partner, library.wire_bytes(bytes), payload_of(tag), nullptr};
  Transfer back{partner, id_, library.wire_bytes(back_bytes), payload_of(back_tag), nullptr};
  address(there);
  address(back);
  compute(cpu_s);
  // Both receives are posted (the pair synchronised first): the library's buffer is not involved.
  if (LibraryState* state = job_.library_state()) {
    state->sent(id_, partner);
    state->sent(partner, id_);
  }
  auto handshake = [&](std::uint64_t size) -> std::optional<Handshake> {
    const Protocol protocol = library.regime(size).protocol.value;
    if (protocol == Protocol::rendezvous)
      throw Error(machine.name(), "a synchronised pairwise exchange cannot run a rendezvous");
    if (protocol == Protocol::eager) return std::nullopt;
    return library.handshake(size);
  };
  const auto there_handshake = handshake(bytes);
  const auto back_handshake = handshake(back_bytes);
  if (there_handshake || back_handshake)
    return keep({net.transport->start_exchange_after_handshakes(machine, there, there_handshake, back, back_handshake),
                 partner, Lane::data, true});
  return keep({net.transport->start_exchange(there, back), partner, Lane::data, true});
}

void SimulatedNode::wait(SendHandle send) {
  if (send.id >= sends_.size())
    throw Error("node program", fmt::format("node {} waits for a send it has not started", id_));
  StartedSend started = std::move(sends_[send.id]);
  if (!started.transfer.started())
    throw Error("node program", fmt::format("node {} waits for a send it has waited for already", id_));
  sends_[send.id] = {};
  free_sends_.push_back(send.id);
  {
    ActivityRecorder::Scoped state(job_.net().recorder, id_, "wait-send");
    started.transfer.wait();
  }
  if (started.signal || direct_notice(started.lane)) return;
  mailboxes(started.lane).give(id_, started.to);
  if (started.exchange) mailboxes(started.lane).give(started.to, id_);
}

int SimulatedNode::test_and_set(int owner, int index) {
  if (owner == id_) {
    int& flag = job_.flag(id_, index);
    const int old = flag;
    flag = 1;
    return old;
  }
  int old = -1;  // written by the reply's handler, here; this frame outlives it (we wait for it)
  const int me = id_;
  JobRuntime& job = job_;
  job_.send_control(id_, owner, [&job, &old, me, owner, index](ControlContext& at_owner) {
    int& flag = job.flag(owner, index);
    const int value = flag;
    flag = 1;
    at_owner.send_control(me, [&old, value](ControlContext&) { old = value; });
  });
  job_.wait_until(id_, [&old] { return old >= 0; });
  return old;
}

void SimulatedNode::clear_flag(int owner, int index) {
  if (owner == id_) {
    job_.flag(id_, index) = 0;
    return;
  }
  JobRuntime& job = job_;
  job_.send_control(id_, owner, [&job, owner, index](ControlContext&) { job.flag(owner, index) = 0; });
}

}  // namespace mcsim
