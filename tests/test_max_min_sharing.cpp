// MaxMinSharing (sim/engine/sharing/max_min_sharing.hpp), without SimGrid: its incremental rates
// and completion dates against water-filling from scratch at every event, as SimGrid's Full
// update does (every flow's bytes moved at each event, all rates solved again).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
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
  CHECK(sharing.rate(a) == Approx(9).epsilon(1e-15));
  CHECK(sharing.rate(b) == Approx(1).epsilon(1e-15));
  CHECK(sharing.rate(c) == Approx(1).epsilon(1e-15));
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
    const auto expected = reference_dates(bandwidth, flows);
    const auto got = incremental_dates(bandwidth, flows);
    for (std::size_t f = 0; f < flows.size(); ++f) {
      INFO("trial " << trial << ", flow " << f);
      REQUIRE(expected[f] > 0);
      REQUIRE(got[f] == Approx(expected[f]).epsilon(1e-9));
    }
  }
}
