// Wormhole with virtual channels on tori, held to the flit-level model (wormhole_oracle.hpp, with
// its VCs, dateline and wrap-around links): no message before its physical lower bound, and the
// median completion within 3% of the model's; and the done-when of issue 45: on an 8 x 8 torus with
// 2 VCs wormhole is not circuit switching, and buffer depth matters.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <string>

#include <fmt/format.h>

#include "helpers.hpp"
#include "test_paths.hpp"

#include "wormhole_cases.hpp"

using namespace mcsim;
using namespace mcsim::wormhole_cases;

namespace {

struct Tally {
  std::vector<double> ratios;
  double worst_early = 0;
};

// Each case of the batch on both; its ratios and earliest message go to `tally`.
void run_batch(const Batch& batch, Tally& tally) {
  const auto ends = run_on_mcsim(batch);
  REQUIRE(ends.size() == batch.cases.size());
  for (std::size_t c = 0; c < batch.cases.size(); ++c) {
    const Comparison result = compare(batch, batch.cases[c], ends[c]);
    tally.ratios.push_back(result.ratio);
    tally.worst_early = std::max(tally.worst_early, result.worst_early_cycles);
  }
}

// docs/models/ipsc860-and-meshes.md, which quotes these tests, its white space made single spaces.
std::string models_page() {
  return test::flowing(test::slurp(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../docs/models/ipsc860-and-meshes.md"));
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

TEST_CASE("Flit model on a torus: a worm alone takes ready + hops x hop + flits, across the dateline too") {
  for (const int vcs : {2, 4})
    for (const oracle::Cycle buffer : {1, 4, 16}) {
      const oracle::Mesh torus{8, 8, 2, buffer, true, vcs};
      for (int src = 0; src < 64; src += 7)
        for (int dst = 0; dst < 64; dst += 5) {
          if (src == dst) continue;
          const auto hops = static_cast<oracle::Cycle>(oracle::route(torus, src, dst).links.size());
          const oracle::Worm worm{src, dst, 37, 3};
          REQUIRE(oracle::simulate(torus, {worm}) == std::vector<oracle::Cycle>{3 + hops * 2 + 37});
        }
    }
}

TEST_CASE("Flit model on a torus: two worms on two VCs of one link take turns, one flit a cycle between them") {
  // A ring of 4 (a 1 x 4 torus), hop 1: 0 -> 1 rides VC 0 of link 0 -> 1; 3 -> 1 crosses the
  // wrap-around link 3 -> 0 (class 1 from there) and then link 0 -> 1 on VC 1. Both have 100 flits.
  const oracle::Mesh ring{1, 4, 1, 4, true, 2};
  oracle::FlitNetwork net(ring, {{0, 1, 100, 0}, {3, 1, 100, 0}});
  const auto ends = net.run();
  const int shared = oracle::route(ring, 0, 1).links.front();
  REQUIRE(oracle::route(ring, 3, 1).links.back() == shared);
  REQUIRE(net.link_flits(shared) == 200);
  // Alone each would end at 1 + 100 (0 -> 1) and 2 + 100; sharing, the link carries both in ~200.
  CHECK(std::max(ends[0], ends[1]) >= 200);
  CHECK(std::max(ends[0], ends[1]) <= 204);
  CHECK(std::min(ends[0], ends[1]) >= 199);  // round robin: both end near the end
}

TEST_CASE("Wormhole on an 8 x 8 torus with 2 VCs: not circuit switching, and buffer depth moves the result", "[engine]") {
  // One random permutation of 64-flit messages (1-byte flits, hop 4 cycles). Circuit switching
  // holds every channel until the last byte; wormhole frees channels behind the tail, so with deep
  // buffers worms blocked behind others free their upstream channels sooner.
  Batch batch = traffic_batch(45, {8, 8, 4, 1, true, 2}, 64, 1);
  const auto at = [&](oracle::Cycle buffer, const std::string& switching) {
    batch.mesh.buffer = buffer;
    batch.switching = switching;
    const auto ends = run_on_mcsim(batch).front();
    return *std::max_element(ends.begin(), ends.end());
  };
  const double worm1 = at(1, "wormhole"), worm64 = at(64, "wormhole"), circuit = at(1, "circuit");
  INFO("completion in cycles: wormhole buffer 1 " << worm1 << ", buffer 64 " << worm64 << ", circuit " << circuit);
  CHECK(std::abs(worm64 - worm1) > 0.01 * worm1);
  CHECK(std::abs(worm1 - circuit) > 0.01 * circuit);
  CHECK(std::abs(worm64 - circuit) > 0.01 * circuit);
  const std::string quoted = fmt::format("wormhole ends at {:.0f} cycles with 1-flit buffers, {:.0f} with 64 (403 and 276 in the "
                                         "first version), circuit at {:.0f}.", worm1, worm64, circuit);
  INFO("docs/models/ipsc860-and-meshes.md: " << quoted);
  CHECK(models_page().find(quoted) != std::string::npos);
}

TEST_CASE("Wormhole on tori against the flit model: never before physics, median within 3%", "[engine]") {
  // 8 x 8 torus, 2 VCs, hop 2: per (flits, buffer) of {1, 16, 64, 256} x {1, 4, 16}, a random
  // permutation and random traffic. The full sweep (3-D torus, 4 VCs) is the hidden test below.
  Tally tally;
  std::uint64_t seed = 45;
  for (const oracle::Cycle flits : {1, 16, 64, 256})
    for (const oracle::Cycle buffer : {1, 4, 16}) run_batch(traffic_batch(seed++, {8, 8, 2, buffer, true, 2}, flits, 2), tally);
  INFO("median ratio " << median(tally.ratios) << ", worst early " << tally.worst_early << " cycles");
  CHECK(tally.worst_early == 0);
  CHECK(std::abs(median(tally.ratios) - 1) <= 0.03);
}

namespace {

// One cell of the sweep: a network (8 x 8 or 4 x 4 x 4 torus, hop 2), its VCs, buffer and message length.
struct SweepCell {
  bool three_d = false;
  int vcs = 0;
  oracle::Cycle buffer = 0, flits = 0;
  Tally tally;
};

// The ratio farthest from 1.
double worst(const std::vector<double>& ratios) {
  return *std::max_element(ratios.begin(), ratios.end(), [](double a, double b) { return std::abs(a - 1) < std::abs(b - 1); });
}

// 48 cells of 4 cases each (a permutation or random traffic), mcsim against the flit model.
std::vector<SweepCell> torus_sweep() {
  std::vector<SweepCell> cells;
  std::uint64_t seed = 4500;
  for (const bool three_d : {false, true})
    for (const int vcs : {2, 4})
      for (const oracle::Cycle buffer : {1, 4, 16})
        for (const oracle::Cycle flits : {1, 16, 64, 256}) {
          const oracle::Mesh net = three_d ? oracle::Mesh{4, 4, 2, buffer, true, vcs, 4} : oracle::Mesh{8, 8, 2, buffer, true, vcs};
          SweepCell cell{three_d, vcs, buffer, flits, {}};
          run_batch(traffic_batch(seed++, net, flits, 4), cell.tally);
          cells.push_back(std::move(cell));
        }
  return cells;
}

// The cells' ratios and latest early message pooled.
Tally pooled(const std::vector<SweepCell>& cells, const std::function<bool(const SweepCell&)>& in) {
  Tally t;
  for (const auto& c : cells)
    if (in(c)) {
      t.ratios.insert(t.ratios.end(), c.tally.ratios.begin(), c.tally.ratios.end());
      t.worst_early = std::max(t.worst_early, c.tally.worst_early);
    }
  return t;
}

}  // namespace

TEST_CASE("Wormhole on tori against the flit model: the sweep (8 x 8 and 4 x 4 x 4, 2 and 4 VCs), as docs/models quotes it",
          "[.][torus-sweep][engine]") {
  // Prints median and worst ratio (mcsim over the model, whole-case completion) by network, VCs,
  // buffer and message length. Run: build/release/tests/mcsim_tests "[torus-sweep]" (hidden from a bare run of
  // the binary; ctest runs it with the engine tests, about 3 s of CPU).
  const std::vector<SweepCell> cells = torus_sweep();
  std::printf("%-7s %3s %6s %5s %8s %8s %8s\n", "network", "VCs", "buffer", "flits", "median", "worst", "early");
  for (const auto& c : cells)
    std::printf("%-7s %3d %6lld %5lld %8.4f %8.4f %8.1f\n", c.three_d ? "4x4x4" : "8x8", c.vcs, static_cast<long long>(c.buffer),
                static_cast<long long>(c.flits), median(c.tally.ratios), worst(c.tally.ratios), c.tally.worst_early);
  for (const int vcs : {2, 4}) {
    for (const oracle::Cycle buffer : {1, 4, 16}) {
      const Tally t = pooled(cells, [&](const SweepCell& c) { return c.vcs == vcs && c.buffer == buffer; });
      std::printf("%d VCs, buffer %-9lld median %.4f worst %.4f early %.1f (%zu cases)\n", vcs, static_cast<long long>(buffer),
                  median(t.ratios), worst(t.ratios), t.worst_early, t.ratios.size());
    }
  }
  const Tally all = pooled(cells, [](const SweepCell&) { return true; });
  std::printf("all %zu cases: median %.4f, latest early %.4f cycles\n", all.ratios.size(), median(all.ratios), all.worst_early);
  CHECK(all.worst_early <= 0.01);
  CHECK(std::abs(median(all.ratios) - 1) <= 0.03);
  // docs/models/ipsc860-and-meshes.md quotes this sweep. It quoted a hand run and drifted (latest early 0.0015
  // cycles against 0.0023 since tail steps run in the waking actor); its sentence is now built from the sweep.
  const auto by = [&](int vcs, oracle::Cycle buffer) {
    const Tally t = pooled(cells, [&](const SweepCell& c) { return c.vcs == vcs && c.buffer == buffer; });
    return fmt::format("{:.3f} ({:.2f})", median(t.ratios), worst(t.ratios));
  };
  // The slow cells: 16 and 64 flits in 16-flit buffers, on the 8 x 8 torus and the 4 x 4 x 4 with 2 VCs.
  double slow_low = 1e300, slow_high = 0, fast_low = 1e300, fast_high = 0;
  for (const auto& c : cells) {
    if (c.buffer != 16 || (c.flits != 16 && c.flits != 64)) continue;
    const double m = median(c.tally.ratios);
    if (c.three_d && c.vcs == 4)
      fast_low = std::min(fast_low, m), fast_high = std::max(fast_high, m);
    else
      slow_low = std::min(slow_low, m), slow_high = std::max(slow_high, m);
  }
  const std::string page = models_page();
  const std::vector<std::string> quoted{
      fmt::format("no message before the model's lower bound (latest {:.4f} cycles, rounding)", all.worst_early),
      fmt::format("2 VCs {} / {} / {} at buffers 1 / 4 / 16 flits; 4 VCs {} / {} / {}; all {} cases {:.4f}.", by(2, 1), by(2, 4),
                  by(2, 16), by(4, 1), by(4, 4), by(4, 16), all.ratios.size(), median(all.ratios)),
      fmt::format("Slow cells now: 16-64 flits in 16-flit buffers, medians {:.2f}-{:.2f} on the 8 x 8 torus and the 4 x 4 x 4 "
                  "with 2 VCs ({:.3f}-{:.3f} with 4).",
                  slow_low, slow_high, fast_low, fast_high)};
  test::check_quoted(page, quoted);
}
