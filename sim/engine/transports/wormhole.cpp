// wormhole: a worm's header claims the route's channels one by one, and its tail gives each back as
// it crosses it, as wormhole routers do (Dally and Seitz, "Deadlock-free message routing in
// multiprocessor interconnection networks", IEEE Trans. Computers 1987; Ni and McKinley, "A survey
// of wormhole routing techniques in direct networks", IEEE Computer 1993). A fluid model: a few
// events per channel of the route, none per flit.
//
// The model, for a message of L bytes over channels c_0 .. c_(h-1), flit size f, B flits of buffer
// at the far end of each channel (SwitchingRules::flit_buffers()), C = B f bytes, channel time t
// per byte, header delay r per hop:
//  - The header claims c_i (a FIFO lock per channel, so a blocked header waits its turn) and spends
//    r crossing it: at q_i it has landed in c_i's buffer, and the worm's flits may follow it over
//    c_i. Buffers are FIFO: it lands behind the flits of the worms that crossed c_i before it, and
//    routes on (claims c_(i+1), or at the destination starts delivering, at p_(h-1)) only once the
//    last of them has left (a second FIFO lock per channel, its buffer, taken by a header when it
//    lands and given back by the worm's tail when it leaves). Claims follow the family's routes,
//    whose channel dependencies have no cycle, so no cycle of waits can form (ChannelLocks).
//  - The destination takes the worm one flit time a flit: the last byte arrives at p_(h-1) + L t.
//  - The tail has crossed c_i, which frees it, at
//      R_i = max over k = 0, 1, ... with i + k < h and k C < L of  q_(i+k) + (L - k C) t,
//            and, if (h - i) C < L, also p_(h-1) + (L - (h - i) C) t:
//    no flit crosses c_(i+k) before the header has landed beyond it, by then at most the k C bytes
//    that fill the buffers in between have crossed c_i, and the rest cross c_i one flit time each
//    (beyond the last channel, the destination's intake is the limit). That is when the last flit
//    of a worm whose flits move as soon as they can crosses c_i: a blocked worm holds exactly the
//    channels its flits have not all crossed, a short worm holds each channel r + L t, and a worm
//    longer than the buffers of its path holds every channel until its bytes are almost all
//    delivered, as circuit switching does. The tail leaves the buffer of c_(i-1) as it crosses c_i.
// Without contention the message takes h r + L t, as circuit switching (the transport "circuit")
// does. A link's own latency (links.latency, SwitchingRules::link_latency_s) is part of r: the
// header crosses each link in r + its latency, and the flits follow it (h (r + latency) + L t). tests/wormhole_oracle.hpp is a flit-level router model with the same conventions, which
// the tests hold this model to: no message ends before that model's physical lower bound, and runs
// end within a few percent of it (bench/speed-and-memory.md). Left out: the room that an earlier
// worm's flits still take in a buffer this worm's flits move into (they are counted as gone), so a
// worm behind a blocked one in a deep buffer may free its channels a little early.
//
// Virtual channels (a torus and its dateline; any k-ary n-cube given `virtual_channels`): the
// route names each hop's VC class (on a torus class 0 before the wrap-around link of the dimension,
// class 1 from it on; Dally and Seitz 1987), and the header takes a VC of that class at each hop
// (ChannelLocks::claim: any free one where the family has more VCs than classes). A channel and its
// buffer are then the (link, VC) pair's, as above. What changes is the wire: flits of the worms on
// a link's VCs take turns on it, one flit a cycle, round robin, so a worm streams at its max-min
// fair share of the links it still crosses (link_streams.hpp), limited by its slowest point, and
// no longer at one flit time a flit. Every term of R_i then counts bytes, not time: with S(T) the
// bytes that have crossed c_0 by T, a shared stream from q_0 (SharedTail below), c_i is freed when
//      S = max(S(q_(i+k)) + L - k C  over k as above,  S(p_(h-1)) + L - (h - i) C  if (h - i) C < L),
// which is R_i when S grows at one byte per t. S streams over the channels from the tail's to the
// header's (their flits move), at most C past the header's last landing until p_(h-1) (a blocked
// worm stalls), and from p_(h-1) on it is the delivery: the last byte arrives when S = S(p_(h-1)) + L.
// With one VC per link a worm is alone on its links, S grows at 1/t, and R_i is the closed form,
// computed, not streamed (the meshes and the hypercube run as before, event for event).
//
// Without VCs each worm is two helper actors (helper_actors.hpp): the header (which waits for
// channels and, at the destination, streams) and the tail (which releases them at R_i, following
// the header's progress), so channels are counting semaphores rather than owned mutexes. With VCs
// the tail has no actor (SharedTail): its steps run in the header's actor and in the sharing
// clock's, when either has news for it.
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <vector>

#include "../transport.hpp"
#include "../timed_wait.hpp"
#include "../../core/error.hpp"
#include "channel_locks.hpp"

namespace mcsim {

namespace {

namespace s4u = simgrid::s4u;

class WormholeTransport final : public Transport {
 public:
  explicit WormholeTransport(Machine& machine)
      : machine_(machine), channels_(machine), buffers_(channels_.channel_count()) {
    if (!(machine.switching().flit_buffers().seconds_per_byte > 0))
      throw Error(machine.name(), "the wormhole transport needs the machine's flit buffers and channel rate, and this "
                                  "machine gives none: use switching = circuit");
  }

  TransferHandle start(const Transfer& t) override {
    return start_carrying(machine_.platform().host(t.src), "worm", t);
  }

  void carry(int src, int dst, std::uint64_t bytes) override {
    Route scratch;
    const Route& channels = channels_.route(src, dst, scratch);
    if (channels.empty()) return;
    const FlitBuffers buffers = machine_.switching().flit_buffers();
    // The header crosses each link in the hop delay plus the link's latency; the flits follow it.
    const double hop_s = machine_.switching().per_hop_seconds(bytes) + machine_.switching().link_latency_s();
    const double stream_s = static_cast<double>(bytes) * buffers.seconds_per_byte;

    if (channels_.links_shared()) {
      carry_shared(src, dst, channels, bytes, buffers, hop_s, stream_s);
      return;
    }

    // What the header has done, shared with the tail (HeaderProgress).
    auto header = std::make_shared<HeaderProgress>();
    auto progress = s4u::Semaphore::create(0);
    TransferHandle tail = helpers_.run(machine_.platform().host(src), "tail", [=, this] {
      release_behind(channels, *header, progress, bytes, buffers);
    });

    if (recorder_) recorder_->claim_begins(src);
    for (const RouteChannel& c : channels) {
      land(c, *header, hop_s, bytes, stream_s);
      progress->release();
      buffers_[channels_.index(header->taken.back())].acquire();  // the earlier worms' flits have left c's buffer
    }
    header->delivering_from = s4u::Engine::get_clock();  // p_(h-1)
    progress->release();
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    if (bytes > 0) wait_for(stream_s);
    buffers_[channels_.index(header->taken.back())].release();  // the destination has taken the last flit
    if (recorder_) recorder_->stream_ends(src, dst);
    tail.wait();
  }

  bool records_streams() const override { return true; }

 private:
  // Told to the tail by one semaphore release per channel landed in, and one more at p_(h-1).
  struct HeaderProgress {
    std::vector<RouteChannel> taken;  // per hop, the channel (link, VC) the header took
    std::vector<double> claimed;  // per channel: the header has it (kept only for the recorder)
    std::vector<double> landed;   // q_i: it has crossed it, and flits may follow
    double delivering_from = -1;  // p_(h-1): it is at the head of the destination's buffer (-1: not yet)
    std::size_t released = 0;  // channels the tail has freed (c_0 .. c_(released-1))
  };

  // The bytes per buffer, C.
  static std::uint64_t per_buffer(const FlitBuffers& buffers) {
    return std::max<std::uint64_t>(1, buffers.flit_bytes * buffers.depth_flits);
  }


  // The header claims channel c, crosses it and lands in its buffer (q_i).
  void land(const RouteChannel& c, HeaderProgress& header, double hop_s, std::uint64_t bytes, double stream_s) {
    const RouteChannel taken = channels_.claim(c);
    header.taken.push_back(taken);
    if (recorder_) header.claimed.push_back(s4u::Engine::get_clock());
    wait_for(hop_s);
    header.landed.push_back(s4u::Engine::get_clock());
    // The worm's bytes cross c behind its header (a Paje trace shows them from here to the release).
    if (recorder_ && bytes > 0) recorder_->link_stream_begins(c.link, static_cast<double>(bytes), stream_s);
  }

  // With VCs: the header in the calling actor, its tail in none (SharedTail).
  void carry_shared(int src, int dst, const Route& channels, std::uint64_t bytes, const FlitBuffers& buffers,
                    double hop_s, double stream_s) {
    const auto tail = std::make_shared<SharedTail>(*this, channels, bytes, buffers);
    if (recorder_) recorder_->claim_begins(src);
    for (const RouteChannel& c : channels) {
      land(c, tail->header, hop_s, bytes, stream_s);
      tail->advance();
      buffers_[channels_.index(tail->header.taken.back())].acquire();  // the earlier worms' flits have left c's buffer
    }
    tail->header.delivering_from = s4u::Engine::get_clock();  // p_(h-1)
    tail->advance();
    if (recorder_) {
      recorder_->claim_ends(src);
      recorder_->stream_begins(src, dst);
    }
    tail->wait_delivered();
    buffers_[channels_.index(tail->header.taken.back())].release();  // the destination has taken the last flit
    if (recorder_) recorder_->stream_ends(src, dst);
  }

  // With VCs, the tail and the worm's stream S (bytes that have crossed c_0), in no actor of its own:
  // each step runs in the actor that has news for it, the header at each landing and at p_(h-1),
  // the sharing clock at the end of a stream segment (a tail actor per worm cost the T3D at 2,048
  // nodes, 32,768 worms at once, about 3 s of CPU and 294 MiB of stacks: bench/speed-and-memory.md).
  // S moves from q_0 as a shared stream over the channels the tail has not freed up to the header's
  // (growing as it lands), at most C past the last landing until p_(h-1) (the buffers ahead are
  // full: a blocked worm stalls), and from p_(h-1) on it is the delivery (D = S - S(p_(h-1))).
  // Channel c_i is freed when S reaches
  //   theta_i = max over k (i + k < h, k C < L) of  S(q_(i+k)) + L - k C,
  //             and, if (h - i) C < L, also S(p_(h-1)) + L - (h - i) C,
  // the closed form above with bytes streamed in place of time at the full rate. A segment is
  // restarted at each step with news (its links or its goal changed), so S stays a max-min share of
  // the present links.
  class SharedTail final : public StreamListener, public std::enable_shared_from_this<SharedTail> {
   public:
    SharedTail(WormholeTransport& transport, const Route& channels, std::uint64_t bytes, const FlitBuffers& buffers)
        : transport_(transport),
          streams_(transport.channels_.streams()),
          channels_(channels),
          buffers_(buffers),
          bytes_(bytes),
          L_(static_cast<double>(bytes)),
          C_(static_cast<double>(per_buffer(buffers))),
          span_(bytes == 0 ? 1 : (bytes - 1) / per_buffer(buffers) + 1),
          slack_(1e-9 * std::max(1.0, L_)) {}

    HeaderProgress header;  // written by the header before each advance()

    // A step of the tail, now. Steps may come while one waits in a simcall (a channel handed to a
    // waiter, a stream started): that one then steps again, so steps never overlap.
    void advance() {
      if (delivered_) return;
      if (stepping_) {
        again_ = true;
        return;
      }
      stepping_ = true;
      do {
        again_ = false;
        step();
      } while (again_ && !delivered_);
      stepping_ = false;
      if (delivered_ && waiter_) waiter_->release();  // the header may return now: the last thing done here
    }

    void stream_ended() override { advance(); }

    // In the header, after p_(h-1): returns once the last byte is delivered.
    void wait_delivered() {
      if (delivered_) return;
      waiter_ = s4u::Semaphore::create(0);
      waiter_->acquire();
    }

   private:
    // theta_i, false while not yet known.
    bool theta(std::size_t i, double& value) const {
      const std::size_t hops = channels_.size();
      const std::size_t last = i + std::min<std::uint64_t>(span_ - 1, hops - 1 - i);
      if (at_landing_.size() <= last) return false;
      const bool drains = hops - i < span_;  // (h - i) C < L
      if (drains && at_destination_ < 0) return false;
      value = 0;
      for (std::size_t k = 0; i + k <= last; ++k)
        value = std::max(value, at_landing_[i + k] + L_ - static_cast<double>(k) * C_);
      if (drains) value = std::max(value, at_destination_ + L_ - static_cast<double>(hops - i) * C_);
      return true;
    }

    void step() {
      const std::size_t hops = channels_.size();
      // A step with no news (a stream ended as the header landed, and both told it) does nothing.
      if (streaming_ && streams_.running(id_, *this) && at_landing_.size() == header.landed.size() &&
          (at_destination_ >= 0 || header.delivering_from < 0))
        return;
      if (streaming_) {
        s_ = goal_ - streams_.stop(id_, *this);
        streaming_ = false;
      }
      while (at_landing_.size() < header.landed.size()) at_landing_.push_back(s_);
      if (at_destination_ < 0 && header.delivering_from >= 0) at_destination_ = s_;
      double next = 0;
      for (; i_ < hops && theta(i_, next) && s_ >= next - slack_; ++i_)
        transport_.free_channel(channels_, header, i_, bytes_, buffers_);
      const double delivered_all = at_destination_ + L_;
      if (i_ == hops && at_destination_ >= 0 && s_ >= delivered_all - slack_) {
        delivered_ = true;
        return;
      }
      double want = at_destination_ >= 0 ? delivered_all : at_landing_.back() + C_;
      if (i_ < hops && theta(i_, next)) want = std::min(want, next);
      links_.clear();
      for (std::size_t j = i_; j < at_landing_.size(); ++j) links_.push_back(channels_[j].link);
      if (links_.empty() && at_destination_ >= 0) links_.push_back(channels_.back().link);
      if (want > s_ + slack_ && !links_.empty()) {
        goal_ = want;
        id_ = streams_.start(links_, want - s_, shared_from_this());
        streaming_ = true;
      }
    }

    WormholeTransport& transport_;
    LinkStreams& streams_;
    const Route& channels_;  // the header's (carry_shared outlives every step: it waits for the last)
    FlitBuffers buffers_;
    std::uint64_t bytes_;
    double L_;
    double C_;
    std::uint64_t span_;  // s: the buffers the worm fills
    double slack_;        // bytes: rounding of streamed amounts
    std::vector<double> at_landing_;  // S(q_j)
    double at_destination_ = -1;      // S(p_(h-1)), once there
    double s_ = 0;                    // S now
    double goal_ = 0;                 // S when the present segment ends
    LinkStreams::Id id_ = 0;
    bool streaming_ = false;
    std::vector<int> links_;
    std::size_t i_ = 0;  // the next channel to free
    bool stepping_ = false;
    bool again_ = false;
    bool delivered_ = false;
    s4u::SemaphorePtr waiter_;  // the header, waiting for the last byte
  };

  // The tail: frees channel c_i at R_i (see the top of this file) and, in the same instant, the
  // buffer of c_(i-1), which its last flit leaves by crossing c_i. (The header frees the last
  // buffer, as the last byte arrives.) R_i's maximum over k is kept as a sliding-window maximum
  // (q_(i+k) - k C t = a_(i+k) + i C t with a_j = q_j - j C t, over j from i to i + s - 1), so a
  // worm costs O(h) whatever its length.
  void release_behind(const Route& channels, HeaderProgress& header, const s4u::SemaphorePtr& progress,
                      std::uint64_t bytes, const FlitBuffers& buffers) {
    const std::size_t hops = channels.size();
    const std::uint64_t per_buffer = WormholeTransport::per_buffer(buffers);  // C
    const std::uint64_t span = bytes == 0 ? 1 : (bytes - 1) / per_buffer + 1;  // s: the buffers the worm fills
    const double t = buffers.seconds_per_byte;
    std::size_t seen = 0;  // releases of `progress` taken
    const auto wait_for_header = [&](std::size_t step) {  // step h: at the destination's head
      for (; seen <= step; ++seen) progress->acquire();
    };
    const auto a = [&](std::size_t j) { return header.landed[j] - static_cast<double>(j) * static_cast<double>(per_buffer) * t; };
    std::deque<std::size_t> window;  // channels j >= i whose a_j may still be the largest, a_j decreasing
    std::size_t next = 0;            // the next channel to enter the window
    for (std::size_t i = 0; i < hops; ++i) {
      const std::size_t last = i + std::min<std::uint64_t>(span - 1, hops - 1 - i);
      for (; next <= last; ++next) {
        wait_for_header(next);
        while (!window.empty() && a(window.back()) <= a(next)) window.pop_back();
        window.push_back(next);
      }
      while (window.front() < i) window.pop_front();
      const std::size_t k = window.front() - i;  // k C < L, or k = 0
      double free_at = header.landed[i + k] + static_cast<double>(bytes - k * per_buffer) * t;
      if (hops - i < span) {  // (h - i) C < L: the destination takes what its buffers cannot hold from p_(h-1) on
        wait_for_header(hops);
        free_at = std::max(free_at, header.delivering_from + static_cast<double>(bytes - (hops - i) * per_buffer) * t);
      }
      const double wait_s = free_at - s4u::Engine::get_clock();
      wait_for(wait_s);
      free_channel(channels, header, i, bytes, buffers);
    }
  }

  // The tail crosses c_i now: c_i is free, and so is the buffer of c_(i-1), which its last flit left.
  void free_channel(const Route& channels, HeaderProgress& header, std::size_t i, std::uint64_t bytes,
                    const FlitBuffers& buffers) {
    // Held from the claim to now, of which L t moved bytes.
    if (recorder_) {
      const int link = channels[i].link;
      const double stream_s = static_cast<double>(bytes) * buffers.seconds_per_byte;
      recorder_->held_idle(link, s4u::Engine::get_clock() - header.claimed[i] - stream_s);
      if (bytes > 0) recorder_->link_stream_ends(link, static_cast<double>(bytes), stream_s);
    }
    channels_.release(header.taken[i]);
    header.released = i + 1;
    if (i > 0) buffers_[channels_.index(header.taken[i - 1])].release();
  }

  Machine& machine_;
  ChannelLocks channels_;
  std::vector<FifoLock> buffers_;  // per channel, its far end's buffer: held from a header's landing to its tail's leaving
};

}  // namespace

std::unique_ptr<Transport> make_wormhole_transport(Machine& machine) {
  return std::make_unique<WormholeTransport>(machine);
}

}  // namespace mcsim
