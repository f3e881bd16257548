// MaxMinSharing (sim/engine/sharing/max_min_sharing.hpp), without SimGrid: its incremental rates
// and completion dates against water-filling from scratch at every event, as SimGrid's Full
// update does (every flow's bytes moved at each event, all rates solved again).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <utility>
#include <vector>

#include "sim/core/random.hpp"
#include "sim/engine/sharing/max_min_sharing.hpp"

using mcsim::MaxMinSharing;
using mcsim::Rng;

namespace {

struct TestFlow {
  std::vector<int> links;
  double bytes = 0;
  double bound = 0;  // 0: none
  double start = 0;
};

// Max-min rates by plain water-filling over every flow: the flows of the link (or bound) with the
// smallest fair share stop there, until every flow has stopped.
std::vector<double> water_fill(const std::vector<double>& bandwidth, const std::vector<TestFlow>& flows,
                               const std::vector<std::size_t>& active) {
  std::vector<double> rate(flows.size(), 0);
  std::vector<bool> stopped(flows.size(), false);
  std::vector<double> left = bandwidth;
  std::size_t open = active.size();
  while (open > 0) {
    double level = std::numeric_limits<double>::infinity();
    for (std::size_t l = 0; l < bandwidth.size(); ++l) {
      int count = 0;
      for (std::size_t f : active)
        if (!stopped[f] && std::count(flows[f].links.begin(), flows[f].links.end(), static_cast<int>(l))) ++count;
      if (count > 0) level = std::min(level, left[l] / count);
    }
    for (std::size_t f : active)
      if (!stopped[f] && flows[f].bound > 0) level = std::min(level, flows[f].bound);
    for (std::size_t f : active) {
      if (stopped[f]) continue;
      const bool at_bound = flows[f].bound > 0 && flows[f].bound <= level;
      bool at_link = false;
      for (int l : flows[f].links) {
        int count = 0;
        for (std::size_t g : active)
          if (!stopped[g] && std::count(flows[g].links.begin(), flows[g].links.end(), l)) ++count;
        if (left[static_cast<std::size_t>(l)] / count <= level) at_link = true;
      }
      if (!at_bound && !at_link) continue;
      rate[f] = level;
    }
    for (std::size_t f : active) {
      if (stopped[f] || rate[f] == 0) continue;
      stopped[f] = true;
      --open;
      for (int l : flows[f].links) left[static_cast<std::size_t>(l)] -= rate[f];
    }
  }
  return rate;
}

// Completion dates by water-filling at every event.
std::vector<double> reference_dates(const std::vector<double>& bandwidth, const std::vector<TestFlow>& flows) {
  std::vector<double> remaining(flows.size()), done(flows.size(), -1);
  for (std::size_t f = 0; f < flows.size(); ++f) remaining[f] = flows[f].bytes;
  double now = 0;
  for (;;) {
    std::vector<std::size_t> active;
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (flows[f].start <= now && done[f] < 0) active.push_back(f);
    const std::vector<double> rate = water_fill(bandwidth, flows, active);
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t f : active) next = std::min(next, now + remaining[f] / rate[f]);
    for (std::size_t f = 0; f < flows.size(); ++f)
      if (flows[f].start > now) next = std::min(next, flows[f].start);
    if (next == std::numeric_limits<double>::infinity()) return done;
    for (std::size_t f : active) {
      remaining[f] -= rate[f] * (next - now);
      if (remaining[f] <= flows[f].bytes * 1e-12) done[f] = next;
    }
    now = next;
  }
}

// The same with MaxMinSharing, driven as FluidNetwork drives it.
std::vector<double> incremental_dates(const std::vector<double>& bandwidth, const std::vector<TestFlow>& flows) {
  MaxMinSharing sharing;
  for (double b : bandwidth) sharing.add_link(b);
  std::vector<std::size_t> order(flows.size());
  for (std::size_t f = 0; f < flows.size(); ++f) order[f] = f;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return flows[a].start < flows[b].start; });
  std::vector<double> done(flows.size(), -1);
  std::vector<std::size_t> flow_of_id;
  std::size_t next_start = 0;
  double now = 0;
  for (;;) {
    while (next_start < order.size() && flows[order[next_start]].start <= now) {
      const TestFlow& f = flows[order[next_start]];
      const auto id = sharing.start(f.links, f.bytes, f.bound, now);
      if (flow_of_id.size() <= id) flow_of_id.resize(id + 1);
      flow_of_id[id] = order[next_start++];
    }
    sharing.share(now);
    double next = sharing.next_completion();
    if (next_start < order.size()) next = std::min(next, flows[order[next_start]].start);
    if (next == MaxMinSharing::never) return done;
    now = next;
    for (auto id : sharing.finish_due(now)) done[flow_of_id[id]] = now;
  }
}

// Holds the incremental dates of each network to water-filling at every event.
void check_against_reference(const std::vector<double>& bandwidth, const std::vector<TestFlow>& flows, int trial) {
  const auto expected = reference_dates(bandwidth, flows);
  const auto got = incremental_dates(bandwidth, flows);
  for (std::size_t f = 0; f < flows.size(); ++f) {
    INFO("trial " << trial << ", flow " << f);
    REQUIRE(expected[f] > 0);
    REQUIRE(got[f] == Approx(expected[f]).epsilon(1e-9));
  }
}

// A small fat tree: `arity`^`levels` nodes, each with its own interface up and down, and above
// every subtree of height h (1 <= h < levels) `width` parallel wires to its parent, each an up and
// a down link. A route climbs from its source's interface to the lowest common subtree on wires
// drawn at random and comes down the same way (the CM-5's routes). Bandwidths come from a few
// values (many equal rates, ties between links); some flows are bounded (FATPIPE links).
struct FatTreeNetwork {
  std::vector<double> bandwidth;
  std::vector<TestFlow> flows;
};

FatTreeNetwork random_fat_tree(Rng& rng) {
  FatTreeNetwork net;
  const int arity = 2 + rng.below(3);
  const int levels = 1 + rng.below(3);
  int nodes = 1;
  for (int h = 0; h < levels; ++h) nodes *= arity;
  const double choices[] = {2, 4, 8};
  for (int n = 0; n < nodes; ++n) {
    const double interface = rng.below(4) == 0 ? 2 : 4;
    net.bandwidth.push_back(interface);  // up: 2n
    net.bandwidth.push_back(interface);  // down: 2n + 1
  }
  // wire[h][subtree][j] = index of its up link; the down link follows it.
  std::vector<std::vector<std::vector<int>>> wire(static_cast<std::size_t>(levels));
  for (int h = 1, size = arity; h < levels; ++h, size *= arity) {
    const int width = 1 + rng.below(3);
    const double bandwidth = choices[rng.below(3)];
    wire[static_cast<std::size_t>(h)].resize(static_cast<std::size_t>(nodes / size));
    for (auto& subtree : wire[static_cast<std::size_t>(h)])
      for (int j = 0; j < width; ++j) {
        subtree.push_back(static_cast<int>(net.bandwidth.size()));
        net.bandwidth.push_back(bandwidth);
        net.bandwidth.push_back(bandwidth);
      }
  }
  net.flows.resize(static_cast<std::size_t>(10 + rng.below(50)));
  for (TestFlow& f : net.flows) {
    const int src = rng.below(nodes);
    int dst = rng.below(nodes - 1);
    if (dst >= src) ++dst;
    f.links.push_back(2 * src);
    std::vector<int> down{2 * dst + 1};
    for (int h = 1, size = arity; h < levels && src / size != dst / size; ++h, size *= arity) {
      const auto& up_wires = wire[static_cast<std::size_t>(h)][static_cast<std::size_t>(src / size)];
      const auto& down_wires = wire[static_cast<std::size_t>(h)][static_cast<std::size_t>(dst / size)];
      f.links.push_back(up_wires[static_cast<std::size_t>(rng.below(static_cast<int>(up_wires.size())))]);
      down.push_back(down_wires[static_cast<std::size_t>(rng.below(static_cast<int>(down_wires.size())))] + 1);
    }
    f.links.insert(f.links.end(), down.rbegin(), down.rend());
    f.bytes = 1 + rng.below(4) * 2;  // equal sizes: ends at one date
    f.bound = rng.below(6) == 0 ? choices[rng.below(3)] / 4 : 0;
    f.start = rng.below(2) == 0 ? 0 : rng.below(4) * 0.75;
  }
  return net;
}

// Each flow's rate, to 1e-15 relative.
void check_rates(const MaxMinSharing& sharing, std::initializer_list<std::pair<MaxMinSharing::FlowId, double>> rates) {
  for (const auto& [flow, rate] : rates) {
    INFO("flow " << flow);
    CHECK(sharing.rate(flow) == Approx(rate).epsilon(1e-15));
  }
}

}  // namespace

TEST_CASE("Max-min sharing: one link shared equally, a second flow's end gives the first the whole link") {
  MaxMinSharing sharing;
  const int link = sharing.add_link(100);
  const int links[] = {link};
  const auto a = sharing.start(links, 100, 0, 0);
  const auto b = sharing.start(links, 50, 0, 0);
  sharing.share(0);
  REQUIRE(sharing.rate(a) == 50);
  REQUIRE(sharing.next_completion() == 1.0);  // b: 50 bytes at 50 B/s
  REQUIRE(sharing.finish_due(1.0) == std::vector<MaxMinSharing::FlowId>{b});
  sharing.share(1.0);
  REQUIRE(sharing.rate(a) == 100);
  REQUIRE(sharing.next_completion() == 1.5);  // a's last 50 bytes at 100 B/s
}

TEST_CASE("Max-min sharing: what a flow bound elsewhere leaves goes to the others on the link") {
  // Link 0 (10 B/s) carries a and b; b also crosses link 1 (2 B/s) with c: b and c get 1, a gets 9.
  MaxMinSharing sharing;
  sharing.add_link(10);
  sharing.add_link(2);
  const int route_a[] = {0}, route_b[] = {0, 1}, route_c[] = {1};
  const auto a = sharing.start(route_a, 1000, 0, 0);
  const auto b = sharing.start(route_b, 1000, 0, 0);
  const auto c = sharing.start(route_c, 1000, 0, 0);
  sharing.share(0);
  check_rates(sharing, {{a, 9}, {b, 1}, {c, 1}});
}

TEST_CASE("Max-min sharing: incremental completion dates equal water-filling at every event") {
  Rng rng(33);
  for (int trial = 0; trial < 40; ++trial) {
    const int links = 3 + rng.below(10);
    std::vector<double> bandwidth;
    for (int l = 0; l < links; ++l) bandwidth.push_back(1 + rng.below(4) * 2.5);  // equal ones tie
    std::vector<TestFlow> flows(static_cast<std::size_t>(5 + rng.below(40)));
    for (TestFlow& f : flows) {
      const int hops = 1 + rng.below(std::min(links, 4));
      while (static_cast<int>(f.links.size()) < hops) {
        const int l = rng.below(links);
        if (std::find(f.links.begin(), f.links.end(), l) == f.links.end()) f.links.push_back(l);
      }
      f.bytes = 1 + rng.below(20);
      f.bound = rng.below(5) == 0 ? 0.5 + rng.unit() : 0;
      f.start = rng.below(3) == 0 ? 0 : rng.below(8) * 0.5;  // many starts at one date
    }
    check_against_reference(bandwidth, flows, trial);
  }
}

TEST_CASE("Max-min sharing: incremental completion dates equal water-filling on random small fat trees") {
  Rng rng(3333);
  for (int trial = 0; trial < 40; ++trial) {
    const FatTreeNetwork net = random_fat_tree(rng);
    check_against_reference(net.bandwidth, net.flows, trial);
  }
}

TEST_CASE("Max-min sharing: an end moves a flow two links away from it, through the flows between") {
  // Link 0 (4 B/s): e and a; link 1 (6 B/s): a and b; link 2 (10 B/s): b and c. At first e and a
  // get 2 (link 0), b the 4 link 1 leaves (below link 2's 5), c the 6 link 2 leaves. When e ends,
  // link 1 binds a and b at 3 each, and c, which shares no link with e, rises to 7: the refill
  // must follow a to link 1 (b is faster than a's new level there) and b to link 2 (c's
  // bottleneck is no longer saturated).
  MaxMinSharing sharing;
  sharing.add_link(4);
  sharing.add_link(6);
  sharing.add_link(10);
  const int route_e[] = {0}, route_a[] = {0, 1}, route_b[] = {1, 2}, route_c[] = {2};
  const auto e = sharing.start(route_e, 2, 0, 0);
  const auto a = sharing.start(route_a, 100, 0, 0);
  const auto b = sharing.start(route_b, 100, 0, 0);
  const auto c = sharing.start(route_c, 100, 0, 0);
  sharing.share(0);
  check_rates(sharing, {{a, 2}, {b, 4}, {c, 6}});
  REQUIRE(sharing.finish_due(1.0) == std::vector<MaxMinSharing::FlowId>{e});
  sharing.share(1.0);
  check_rates(sharing, {{a, 3}, {b, 3}, {c, 7}});
}

TEST_CASE("Max-min sharing: flows bound at their own interface are not refilled when another ends or starts") {
  // 100 nodes, each sending one flow through its own 1 B/s interface and one shared 1,000 B/s
  // trunk: every flow is bound at its interface, so an end or a start changes no other flow's rate
  // and refills none of them (refilling every flow at or above the change's level took all 99).
  MaxMinSharing sharing;
  const int trunk = sharing.add_link(1000);
  std::vector<MaxMinSharing::FlowId> flows;
  for (int n = 0; n < 100; ++n) {
    const int route[] = {sharing.add_link(1), trunk};
    flows.push_back(sharing.start(route, n == 0 ? 1 : 10, 0, 0));
  }
  sharing.share(0);
  REQUIRE(sharing.refilled() == 100);
  REQUIRE(sharing.finish_due(1.0) == std::vector<MaxMinSharing::FlowId>{flows[0]});
  sharing.share(1.0);
  CHECK(sharing.refilled() == 100);
  const int route[] = {sharing.add_link(1), trunk};
  const auto late = sharing.start(route, 10, 0, 1.0);
  sharing.share(1.0);
  CHECK(sharing.refilled() == 101);
  CHECK(sharing.rate(late) == 1);
  for (int n = 1; n < 100; ++n) CHECK(sharing.rate(flows[static_cast<std::size_t>(n)]) == 1);
}
