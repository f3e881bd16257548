// Max-min fair sharing of links among fluid flows, computed incrementally: the same allocation
// SimGrid's lmm::MaxMin gives CM02 flows without latency (every flow of weight 1, a link's flows
// share its bandwidth, a flow's rate is the fair share of its most constraining link), kept up to
// date as flows start and end, with each flow's completion date.
//
// Why incremental is exact: max-min sharing is water-filling. Every flow's rate rises together
// from 0; a link saturates when its flows' rates fill it, and its flows stop at that level. Flows
// stopped below level r are decided by links that saturate below r. Removing a flow of rate r, or
// adding one whose rate will be at least r, leaves every link below r as it was, so every flow of
// rate below r keeps its rate, and only the flows at r or above are filled again on what those
// leave. A new flow's rate is at least min over its links of bandwidth / (flows on it), so that
// is its r. On a fat tree whose every flow is in flight at once (the CM-5's AC), SimGrid's Full
// update re-solves all of them at each event; this refills only the flows above the change.
//
// Plain state, no SimGrid: the caller gives the dates (fluid_network.hpp drives it in a running
// engine; tests drive it directly).
#pragma once

#include <cstdint>
#include <limits>
#include <queue>
#include <set>
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

 private:
  struct Link {
    double bandwidth = 0;
    double load = 0;         // sum of the rates of its flows that keep theirs in this share()
    std::uint32_t flows = 0; // flows in progress on it
    std::uint32_t open = 0;  // flows being filled, not yet stopped, in this share()
    std::vector<FlowId> filling;
  };
  struct Flow {
    std::vector<int> links;
    double bound = 0;
    double rate = 0;       // bytes/s since `updated`
    double next_rate = 0;  // found by the present share()
    double remaining = 0;  // bytes at `updated`
    double updated = 0;
    std::uint64_t version = 0;  // of its entry in completions_
    std::uint64_t order = 0;    // starts before it
    bool active = false;
    bool counted = false;  // its rate is in its links' loads
    bool filled = false;   // stopped in the present share()
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
    int link;  // -1: the flow's own bound
    FlowId flow;
    bool operator>(const Level& other) const { return share > other.share; }
  };
  struct LaterLevel {
    bool operator()(const Level& a, const Level& b) const { return a > b; }
  };

  void lower_threshold(double rate) { threshold_ = rate < threshold_ ? rate : threshold_; }
  double fair_share(const Link& link) const { return (link.bandwidth - link.load) / link.open; }
  void stop(FlowId id, double rate);
  void set_rate(Flow& flow, FlowId id, double now);
  void end(FlowId id);
  void push_level(Level level);

  std::vector<Link> links_;
  std::vector<Flow> flows_;
  std::vector<FlowId> free_ids_;
  std::set<std::pair<double, FlowId>> by_rate_;  // the flows in progress that have a rate
  std::vector<FlowId> started_;                   // since the last share()
  std::uint64_t starts_ = 0;
  double threshold_ = never;  // flows at or above it are filled again in the next share()
  bool changed_ = false;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> completions_;
  std::vector<Level> levels_;  // a heap: the smallest share first
  std::size_t open_flows_ = 0;  // not yet stopped in the present share()
  std::vector<FlowId> filling_;
  std::vector<int> touched_;
};

}  // namespace mcsim
