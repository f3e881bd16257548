// wormhole: a worm's header claims the route's channels one by one, and its tail gives each back as
// it crosses it, as wormhole routers do (Dally and Seitz, "Deadlock-free message routing in
// multiprocessor interconnection networks", IEEE Trans. Computers 1987; Ni and McKinley, "A survey
// of wormhole routing techniques in direct networks", IEEE Computer 1993).
//
// The model, for a message of L bytes over channels c_0 .. c_(h-1), flit size f, B flits of buffer
// per channel (SwitchingRules::flit_buffers()), channel time t per byte and header delay r per hop:
//  - The header claims c_i (a FIFO lock per channel, so a blocked header waits its turn), then
//    spends r crossing it: p_i is the time the header has crossed c_i. Claims follow the machine's
//    increasing channel numbers, so no cycle of waits can form (ChannelLocks).
//  - The last byte arrives L t after the header reached the destination, p_(h-1) + L t: the
//    destination takes one flit per flit time. Flits that crowded into the buffers ahead while the
//    header was blocked are not credited (an overestimate of at most (h-1) B flit times per worm).
//  - The tail crosses c_i, which frees it, at
//      R_i = max(p_i + L t, p_(i+s))                         if i + s <= h-1,
//      R_i = max(p_i + L t, p_(h-1) + max(0, L - (h-1-i) B f) t)  otherwise,
//    where s = ceil(L / (B f)) is how many channels the worm fills when it is packed into the
//    buffers: no flit can be ahead of the header, so the tail passes c_i only once the header is
//    far enough ahead for the buffers beyond c_i to hold the whole worm (or the destination has
//    taken what does not fit); and no sooner than L t after the header crossed c_i (a channel moves
//    one flit per flit time). A blocked short worm thus holds only the few channels its flits fill
//    instead of its whole path; a worm longer than its path's buffers still holds every channel
//    until its bytes are almost all delivered, as circuit switching does.
// Without contention the message takes h r + L t, as circuit switching (the transport "circuit")
// does; they differ only in what a blocked or moving worm holds.
//
// Each worm is two helper actors (helper_actors.hpp): the header (which waits for channels) and
// the tail (which releases them at R_i, following the header's progress), so channels are counting
// semaphores rather than owned mutexes.
#include <simgrid/s4u.hpp>

#include <algorithm>

#include "../transport.hpp"
#include "../../core/error.hpp"
#include "channel_locks.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class WormholeTransport final : public Transport {
 public:
  explicit WormholeTransport(Machine& machine) : machine_(machine), channels_(machine) {
    if (!(machine.switching().flit_buffers().seconds_per_byte > 0))
      throw Error(machine.name(), "the wormhole transport needs the machine's flit buffers and channel rate, and this "
                                  "machine gives none: use switching = circuit");
  }

  TransferHandle start(const Transfer& t) override {
    return start_carrying(machine_.platform().host(t.src), "worm", t);
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    const std::vector<int> channels = channels_.route_channels(src, dst);
    if (channels.empty()) return;
    const FlitBuffers buffers = machine_.switching().flit_buffers();
    const double hop_s = machine_.switching().per_hop_seconds(bytes);
    const double stream_s = static_cast<double>(bytes) * buffers.seconds_per_byte;

    // What the header has done, shared with the tail: p_i, and one semaphore release per channel crossed.
    auto crossed = std::make_shared<std::vector<double>>();
    auto progress = s4u::Semaphore::create(0);
    TransferHandle tail = helpers_.run(machine_.platform().host(src), "tail", [=, this] {
      release_behind(channels, *crossed, progress, bytes, buffers, stream_s, hop_s);
    });

    if (recorder_) recorder_->claim_begins(src);
    for (int c : channels) {
      channels_[c].acquire();
      if (hop_s > 0) s4u::this_actor::sleep_for(hop_s);
      crossed->push_back(s4u::Engine::get_clock());
      // The worm's bytes cross c behind its header (a Paje trace shows them from here to the release).
      if (recorder_ && bytes > 0)
        recorder_->link_stream_begins(channel_link_name(channels_.routes(), c), static_cast<double>(bytes), stream_s);
      progress->release();
    }
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    if (bytes > 0) s4u::this_actor::sleep_for(stream_s);
    if (recorder_) recorder_->stream_ends(src, dst);
    tail.wait();
  }

  bool records_streams() const override { return true; }

 private:
  void release_behind(const std::vector<int>& channels, const std::vector<double>& crossed,
                      const s4u::SemaphorePtr& progress, std::uint64_t bytes, const FlitBuffers& buffers,
                      double stream_s, double hop_s) {
    const std::size_t hops = channels.size();
    const std::uint64_t per_channel = std::max<std::uint64_t>(1, buffers.flit_bytes * buffers.depth_flits);
    const auto packed_span = static_cast<std::size_t>((bytes + per_channel - 1) / per_channel);  // s
    std::size_t seen = 0;  // channels the header is known to have crossed
    const auto wait_for_header = [&](std::size_t channel) {
      while (seen <= channel) {
        progress->acquire();
        ++seen;
      }
    };
    for (std::size_t i = 0; i < hops; ++i) {
      double free_at = 0;
      if (i + packed_span <= hops - 1) {
        wait_for_header(i + packed_span);
        free_at = std::max(crossed[i] + stream_s, crossed[i + packed_span]);
      } else {
        wait_for_header(hops - 1);
        const std::uint64_t held_ahead = (hops - 1 - i) * per_channel;
        const std::uint64_t to_deliver = bytes > held_ahead ? bytes - held_ahead : 0;
        free_at = std::max(crossed[i] + stream_s,
                           crossed[hops - 1] + static_cast<double>(to_deliver) * buffers.seconds_per_byte);
      }
      const double wait_s = free_at - s4u::Engine::get_clock();
      if (wait_s > 0) s4u::this_actor::sleep_for(wait_s);
      // Held from the claim (the header's crossing began hop_s before crossed[i]) to now, of
      // which stream_s moved bytes.
      if (recorder_) {
        const std::string link = channel_link_name(channels_.routes(), channels[i]);
        recorder_->held_idle(link, s4u::Engine::get_clock() - (crossed[i] - hop_s) - stream_s);
        if (bytes > 0) recorder_->link_stream_ends(link, static_cast<double>(bytes), stream_s);
      }
      channels_[channels[i]].release();
    }
  }

  Machine& machine_;
  ChannelLocks channels_;
};

}  // namespace

std::unique_ptr<Transport> make_wormhole_transport(Machine& machine) {
  return std::make_unique<WormholeTransport>(machine);
}

}  // namespace mcsim
