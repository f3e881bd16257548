// Max-min fair sharing of links among fluid flows, computed incrementally: the same allocation
// SimGrid's lmm::MaxMin gives CM02 flows without latency (every flow of weight 1, a link's flows
// share its bandwidth, a flow's rate is the fair share of its most constraining link), kept up to
// date as flows start and end, with each flow's completion date.
//
// Why refilling only what a change reaches is exact. A feasible allocation is THE max-min fair
// one if and only if every flow has a bottleneck: its bound, or a saturated link on which no flow
// has a higher rate (Bertsekas and Gallager, Data Networks, 2nd ed., section 6.5.2; a bound is a
// link of the flow's own). Each flow keeps the bottleneck that gave it its rate. After starts and
// ends, share() water-fills a set of flows (the new ones first) on what the others leave of each
// link, the others keeping their rates as load. Water-filling gives each refilled flow a
// bottleneck among the refilled flows: a link it saturates, where no refilled flow is faster, or
// its bound. Then it checks the two ways a certificate can break, on the links whose flows or
// rates changed, and refills again with every flow that lost its certificate:
//   - a kept flow whose bottleneck link is one of them: still a bottleneck only if the link is
//     still saturated and no refilled flow on it is faster than the kept one;
//   - a refilled flow's bottleneck link: a kept flow on it faster than the level the refilled
//     flows stopped at takes that level from them.
// A kept flow whose bottleneck link nothing changed keeps a valid certificate untouched. So when
// no check fails, every flow has a bottleneck and the allocation is exactly the max-min one, and
// the refill has reached only the flows a change can move: on a fat tree, a message bound at its
// own node interface, or on a link no change crosses, is not refilled, however many flows the
// upper links join (SimGrid's Full update re-solves them all at every start and end).
//
// Plain state, no SimGrid: the caller gives the dates (fluid_network.hpp drives it in a running
// engine; tests drive it directly).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <span>
#include <vector>

namespace mcsim {

class MaxMinSharing {
 public:
  using FlowId = std::uint32_t;
  static constexpr double never = std::numeric_limits<double>::infinity();

  // A link shared by the flows crossing it; returns its index.
  int add_link(double bandwidth_Bps);
  // Starts `bytes` over `links` (indexes from add_link, none twice) at date `now`, at most at
  // `bound_Bps` (a link whose every flow may use all of it: SimGrid's FATPIPE; 0 = no bound).
  // Dates given to the sharing never go back.
  FlowId start(std::span<const int> links, double bytes, double bound_Bps, double now);

  // Rates after the starts and finishes since the last call (does nothing when there were none).
  void share(double now);
  // The earliest completion date of a flow in progress under the present rates; never if none.
  // Call share() first.
  double next_completion();
  // Ends and returns the flows whose completion date is at most `now`, earliest first (ties in
  // order of their start). Call share() first.
  std::vector<FlowId> finish_due(double now);

  double rate(FlowId flow) const { return flows_[flow].rate; }
  // The bytes `flow` (in progress) has still to move at date `now` (no earlier than the last share()).
  double remaining(FlowId flow, double now) const {
    const Flow& f = flows_[flow];
    return std::max(0.0, f.remaining - f.rate * (now - f.updated));
  }
  // Ends `flow` before its bytes have all moved (link_streams.hpp: a worm whose links change); the
  // others' rates follow at the next share().
  void stop(FlowId flow) {
    ++flows_[flow].version;  // its completion date in completions_ is void
    end(flow);
  }
  // The sum of the rates of the flows on `link` as of the last share(); exactly 0 when none is on it
  // (the running sum may keep a rounding residue).
  double load(int link) const {
    const Link& l = links_[static_cast<std::size_t>(link)];
    return l.members.empty() ? 0 : l.load;
  }
  // Flows water-filled by share() since the sharing was made (a measure of its work).
  std::uint64_t refilled() const { return refilled_; }

 private:
  static constexpr int kBound = -1;  // a flow's bottleneck is its own bound
  static constexpr int kNone = -2;   // not shared yet

  struct Member {
    FlowId flow;
    std::uint32_t hop;  // the link's place in the flow's route
  };
  struct Link {
    double bandwidth = 0;
    double load = 0;              // the sum of its flows' `carried`
    std::vector<Member> members;  // its flows in progress
    std::vector<FlowId> held;     // the flows whose bottleneck it is
    // Within share():
    std::uint32_t open = 0;        // refilled flows not yet stopped
    std::vector<FlowId> filling;   // refilled flows on it
    double fastest_refilled = 0;   // the highest rate a refilled flow on it got
    double stop_level = -1;        // where refilled flows stopped on it; < 0: none did
    bool touched = false;          // in touched_
  };
  struct Flow {
    std::vector<int> links;
    std::vector<std::uint32_t> slot;  // its place in each link's members
    double bound = 0;
    double rate = 0;       // bytes/s since `updated`
    double carried = 0;    // counted in its links' loads
    double next_rate = 0;  // found by the present share()
    int bottleneck = kNone;
    int next_bottleneck = kNone;
    std::uint32_t held_slot = 0;  // its place in its bottleneck link's held
    double remaining = 0;  // bytes at `updated`
    double updated = 0;
    std::uint64_t version = 0;  // of its entry in completions_
    std::uint64_t order = 0;    // starts before it
    bool active = false;
    bool refilling = false;  // in refill_ in the present share()
    bool filled = false;     // stopped in the present water-filling
  };
  struct Due {
    double date;
    std::uint64_t order;  // ties: start order
    FlowId flow;
    std::uint64_t version;
    bool operator>(const Due& other) const {
      return date != other.date ? date > other.date : order > other.order;
    }
  };
  struct Level {
    double share;
    int link;  // kBound: the flow's own bound
    FlowId flow;
    bool operator>(const Level& other) const { return share > other.share; }
  };
  struct LaterLevel {
    bool operator()(const Level& a, const Level& b) const { return a > b; }
  };

  double fair_share(const Link& link) const;
  void refill(FlowId id);
  void touch(int link);
  void water_fill();
  bool refill_uncertified();
  void commit(double now);
  void stop(FlowId id, double rate, int bottleneck);
  void set_rate(Flow& flow, FlowId id, double now);
  void end(FlowId id);
  void push_level(Level level);
  void hold(FlowId id, int link);
  void release(FlowId id);

  std::vector<Link> links_;
  std::vector<Flow> flows_;
  std::vector<FlowId> free_ids_;
  std::vector<FlowId> started_;  // since the last share()
  std::uint64_t starts_ = 0;
  bool changed_ = false;
  std::uint64_t refilled_ = 0;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> completions_;
  std::vector<Level> levels_;   // a heap: the smallest share first
  std::size_t open_flows_ = 0;  // not yet stopped in the present water-filling
  std::vector<FlowId> refill_;  // the flows the present share() water-fills
  std::vector<int> touched_;    // links whose flows or rates changed since the last share()
};

}  // namespace mcsim
