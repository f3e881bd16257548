// A flit-level wormhole router model, cycle by cycle: the oracle the wormhole transport
// (sim/engine/transports/wormhole.cpp) is held to on small meshes and tori. Plain C++, no SimGrid,
// and none of mcsim's code (routes and channel numbers are its own).
//
// Conventions (chosen so that a worm alone takes exactly what the transport gives it, start-up +
// hops x header delay + bytes / bandwidth; one cycle = one flit time = flit bytes / channel rate):
//  - A 2-D or 3-D mesh, or a torus (wrap-around links), dimension-order routing (x, then y, then
//    z; on a torus the shorter way round each ring, at exactly k/2 the + way). Each directed link
//    carries `vcs` virtual channels; a channel is (link, VC), and every channel has its own FIFO
//    input buffer of `buffer` flits at its downstream router.
//  - VC classes: on a mesh one class; on a torus two, the dateline: a worm's hops in a dimension
//    are of class 0 until it crosses that dimension's wrap-around link (k-1 -> 0 going +,
//    0 -> k-1 going -), of class 1 from that link on. Class c owns the VCs c, c + classes, ...
//    (a torus needs vcs >= 2).
//  - A worm is a header and `flits` data flits. Its header asks for its first channel at cycle
//    `ready` (the send's start + the start-up c, which the sender pays before the network sees the
//    message). It asks for a VC of its class on its next link (VC allocation at each hop): requests
//    are granted first come, first served (ties: lower worm index), each the lowest free VC of the
//    class, while one is free. The header then takes `hop` cycles (>= 1) to cross it (routing,
//    arbitration and the wire: the transport's header delay r) and lands in the channel's buffer
//    behind whatever is queued there (it takes no buffer slot: it is the route the flits follow).
//    Only at the head of that buffer may it ask for its next channel: flits of an earlier worm
//    queued in front of it keep it waiting (router buffers are FIFO), whether it goes on or ejects.
//    The header takes no wire time from the flits of other VCs on the link (its delay is routing).
//  - Data flits follow: at most one flit crosses a LINK per cycle, whatever its VCs: among the VCs
//    of the link that can send a flit (the worm's header has crossed the channel, a flit of the
//    worm waits at the head of the buffer upstream or at the source, a slot is free in the
//    channel's buffer), the link's arbiter takes them in turn, round robin (the VC after the last
//    one served first). Credits come back at once (a slot that empties in a cycle may be refilled
//    in the same cycle, so a buffer of one flit sustains one flit a cycle): links are served
//    downstream first, and again until no flit moves. At most one flit leaves a buffer per cycle.
//  - The source holds every flit of its own worm and injects one per cycle (a node sends several
//    worms at once, each on its route, as the transport lets it); the destination takes one flit per
//    cycle from the head of the last channel's buffer, and has it at the end of that cycle. A flit
//    that crosses the last channel with nothing ahead of it in the buffer is taken in the cycle it
//    crosses: a worm alone ends at ready + H x hop + flits, H its hops.
//  - A channel is free again once the worm's last flit has crossed it (its header may still be far
//    ahead, its flits still in the buffer behind it).
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

namespace mcsim::oracle {

using Cycle = std::int64_t;

struct Mesh {
  int rows = 1;
  int cols = 1;
  Cycle hop = 1;     // header cycles per channel, >= 1
  Cycle buffer = 1;  // flits per channel buffer, >= 1
  bool torus = false;  // wrap-around links (every side >= 3) and the dateline
  int vcs = 1;         // virtual channels per link (>= 2 on a torus)
  int layers = 1;      // a third dimension, z
};
int node_count(const Mesh& mesh);

struct Worm {
  int src = 0;  // node row * cols + col; src != dst
  int dst = 0;
  Cycle flits = 1;  // data flits, >= 1
  Cycle ready = 0;  // cycle its header asks for its first channel
};

// Nodes: col + cols x (row + rows x layer). Links, by dimension (x, y, z), + links then - links,
// each by position along the direction (+: source coordinate; -: k-1 minus it; the wrap-around
// link last) and then by the node's other coordinates: on a mesh link numbers increase along
// every route (as mcsim's mesh numbers them). A channel is link x vcs + VC.
int link_count(const Mesh& mesh);
int channel_count(const Mesh& mesh);
// The route's links, and each hop's VC class.
struct Hops {
  std::vector<int> links;
  std::vector<int> classes;
};
Hops route(const Mesh& mesh, int src, int dst);
// The route's links (its channels with one VC): on a mesh, XY.
std::vector<int> xy_channels(const Mesh& mesh, int src, int dst);

// Who is first among headers that ask for a channel in the same cycle. The conventions leave it open
// (mcsim's transport serves them in the order its actors happen to run): comparing the two shows
// how much a run depends on it.
enum class Ties { lower_index_first, higher_index_first };

class FlitNetwork {
 public:
  // Throws std::invalid_argument.
  FlitNetwork(const Mesh& mesh, const std::vector<Worm>& worms, Ties ties = Ties::lower_index_first);

  void step();  // one cycle
  bool done() const { return delivered_worms_ == worms_.size(); }
  Cycle now() const { return now_; }
  // Steps until every worm is delivered; per worm, the cycle its last flit was delivered.
  std::vector<Cycle> run();

  // What a cycle left (for the model's own tests).
  int owner(int channel) const { return owner_[static_cast<std::size_t>(channel)]; }  // -1: free
  // Flits that crossed a link so far (at most one a cycle).
  Cycle link_flits(int link) const { return link_flits_[static_cast<std::size_t>(link)]; }
  Cycle flits_in_buffer(int channel, int worm) const;
  Cycle delivered_at(int worm) const { return worms_[static_cast<std::size_t>(worm)].end; }

 private:
  struct Entry {
    int worm;
    bool header;
    Cycle arrived;  // a flit leaves a buffer no sooner than the cycle after it came in
  };
  struct State {
    Worm spec;
    std::vector<int> path;     // per hop, its link
    std::vector<int> classes;  // per hop, its VC class
    std::vector<int> channel;  // per hop, the channel (link x vcs + VC) its header was granted
    std::size_t next = 0;       // the channel its header asks for next (path.size(): at its end; beyond: gone)
    bool started = false;       // its header has asked for its first channel
    bool queued = false;        // its header waits for path[next]
    Cycle crossing_until = -1;  // its header crosses path[next] until then (-1: not crossing)
    std::vector<Cycle> crossed;  // per channel, the cycle its header was across (data may follow)
    std::vector<Cycle> through;  // per channel, flits that crossed it
    Cycle delivered = 0;
    Cycle end = -1;
  };
  void headers();
  void flits();
  bool header_at_head(const State& w, std::size_t index) const;
  bool can_send(int channel, const std::vector<char>& departed) const;
  void send(int channel, std::vector<char>& departed);
  void deliver(int channel, std::vector<char>& departed);

  Mesh mesh_;
  int classes_ = 1;
  std::vector<int> serve_order_;        // links, downstream first
  std::vector<int> next_vc_;            // per link, the round robin's next VC
  std::vector<Cycle> link_flits_;       // per link
  std::vector<std::size_t> owner_hop_;  // per channel, the owner's hop index
  std::vector<State> worms_;
  std::vector<std::deque<Entry>> buffer_;  // per channel, at its downstream router
  std::vector<Cycle> buffered_flits_;      // per channel, data flits in buffer_
  std::vector<int> owner_;                 // per channel
  std::vector<std::deque<int>> waiting_;   // per (link, class), headers in request order
  Ties ties_;
  std::size_t delivered_worms_ = 0;
  Cycle now_ = 0;
};

std::vector<Cycle> simulate(const Mesh& mesh, const std::vector<Worm>& worms, Ties ties = Ties::lower_index_first);

// Per worm, a cycle before which no router obeying the conventions above can deliver it, whatever it
// does where they leave a choice: the larger of its time alone and a channel-occupancy bound
// (where a class has one VC per link, so that a worm holding it blocks; with more, its time alone).
// The latter follows every worm certain to be ahead of it on one of its channels: one whose
// request for that channel is certain (its header cannot have waited before, since no other worm
// can have used the channels it took first) and earlier than this worm's earliest request. Such a
// worm frees the channel only when its last flit has crossed it, no sooner than L flit times after
// its header crossed it, and, once its header has crossed k channels further, no sooner than the
// L - kB flits that the k buffers in between cannot hold take to cross at one a cycle.
std::vector<Cycle> lower_bounds(const Mesh& mesh, const std::vector<Worm>& worms);

}  // namespace mcsim::oracle
