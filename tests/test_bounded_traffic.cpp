// Ranka, Shankar, Alsabti 1995 without simulation: the matrix parameters of sec. 2, the workload
// generator of sec. 7, and the two-stage algorithm's pieces (Figures 7 and 8, sec. 6.3) on their own:
// bounds and reassembly with the permutation arrays.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "schedulers/two_stage.hpp"
#include "sim/core/error.hpp"
#include "sim/core/traffic_parameters.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;

namespace {

std::vector<std::uint64_t> row_sums(const CommMatrix& m) {
  std::vector<std::uint64_t> sums(static_cast<std::size_t>(m.nodes()), 0);
  for (const auto& e : m.entries()) sums[static_cast<std::size_t>(e.src)] += e.bytes;
  return sums;
}
std::vector<std::uint64_t> column_sums(const CommMatrix& m) {
  std::vector<std::uint64_t> sums(static_cast<std::size_t>(m.nodes()), 0);
  for (const auto& e : m.entries()) sums[static_cast<std::size_t>(e.dst)] += e.bytes;
  return sums;
}

CommMatrix generated(int k, double l, std::uint64_t t, double keep, std::uint64_t seed) {
  Rng rng(seed);
  return bounded_traffic_matrix(32, k, l, t, keep, rng, "test");
}

}  // namespace

TEST_CASE("Matrix parameters of the paper's Figure 2: r = c = t = 10, f = 5, g = 6, h = 6") {
  // Figure 2, row P_i lists (destination, size).
  const std::vector<std::vector<std::pair<int, std::uint64_t>>> rows = {
      {{1, 3}, {2, 1}, {5, 1}, {7, 1}},                  // P0: 6
      {{0, 1}, {2, 2}, {3, 2}, {5, 1}, {6, 3}},          // P1: 9
      {{0, 4}, {1, 1}, {3, 2}, {5, 2}, {7, 1}},          // P2: 10
      {{1, 2}, {5, 3}, {6, 1}, {7, 4}},                  // P3: 10
      {{0, 3}, {2, 4}, {5, 2}, {6, 1}},                  // P4: 10
      {{0, 1}, {1, 2}, {2, 1}, {3, 2}, {7, 4}},          // P5: 10
      {},                                                // P6: 0
      {{0, 1}, {2, 1}, {3, 4}, {5, 1}},                  // P7: 7
  };
  std::vector<MatrixEntry> entries;
  for (int i = 0; i < 8; ++i)
    for (const auto& [j, size] : rows[static_cast<std::size_t>(i)]) entries.push_back({i, j, size});
  const CommMatrix m(8, entries);
  REQUIRE(column_sums(m) == std::vector<std::uint64_t>{10, 8, 9, 10, 0, 10, 5, 10});  // as printed under Figure 2
  const TrafficParameters p = traffic_parameters(m);
  CHECK(p.r == 10);
  CHECK(p.c == 10);
  CHECK(p.t == 10);
  CHECK(p.f == 5);
  CHECK(p.g == 6);  // P5 receives from P0, P1, P2, P3, P4, P7
  CHECK(p.h == 6);
  CHECK(p.text() == "r=10 c=10 t=10 f=5 g=6 h=6");
}

TEST_CASE("Generator (sec. 7): every node sends and receives exactly t, to k nodes, l*t of it to (1-l)k of them") {
  for (std::uint64_t seed : {1, 2, 3}) {
    // k = 2, l = 1/2 (Figure 10): two messages of t/2 per node.
    const CommMatrix uniform = generated(2, 0.5, 4096, 1, seed);
    for (auto sum : row_sums(uniform)) REQUIRE(sum == 4096);
    for (auto sum : column_sums(uniform)) REQUIRE(sum == 4096);
    for (const auto& e : uniform.entries()) REQUIRE(e.bytes == 2048);
    REQUIRE(traffic_parameters(uniform).text() == "r=4096 c=4096 t=4096 f=2 g=2 h=2");

    // k = 8, l = 1/4: 2 heavy destinations share 3/4 of t, 6 light ones share 1/4.
    const CommMatrix quarter = generated(8, 0.25, 4800, 1, seed);
    for (auto sum : row_sums(quarter)) REQUIRE(sum == 4800);
    for (auto sum : column_sums(quarter)) REQUIRE(sum == 4800);
    std::map<std::uint64_t, int> sizes;
    for (const auto& e : quarter.entries()) ++sizes[e.bytes];
    REQUIRE(sizes == std::map<std::uint64_t, int>{{200, 6 * 32}, {1800, 2 * 32}});
  }
}

TEST_CASE("Generator: k = p sends a light share to itself, a local copy left out of the matrix") {
  // k = 32, l = 1/32 (Figure 9): one destination gets 31/32 of t, 31 share 1/32, one of which is the node itself.
  const std::uint64_t t = 31 * 32 * 4;  // light share t/32 = 124 = 31 x 4 elements
  const CommMatrix m = generated(32, 1.0 / 32, t, 1, 7);
  const TrafficParameters p = traffic_parameters(m);
  REQUIRE(p.f == 31);
  REQUIRE(p.g == 31);
  for (auto sum : row_sums(m)) REQUIRE(sum == t - 4);
  for (auto sum : column_sums(m)) REQUIRE(sum == t - 4);
  std::map<std::uint64_t, int> sizes;
  for (const auto& e : m.entries()) ++sizes[e.bytes];
  REQUIRE(sizes == std::map<std::uint64_t, int>{{4, 30 * 32}, {t - t / 32, 32}});
}

TEST_CASE("Generator: keep < 1 gives the general bounded case of Figure 2, and bad parameters are refused") {
  const CommMatrix m = generated(8, 0.25, 4800, 0.5, 3);
  REQUIRE(m.size() < 8 * 32);
  REQUIRE(m.size() > 2 * 32);
  for (auto sum : row_sums(m)) REQUIRE(sum <= 4800);
  for (auto sum : column_sums(m)) REQUIRE(sum <= 4800);
  REQUIRE(traffic_parameters(m).t <= 4800);
  Rng rng(1);
  REQUIRE_THROWS_AS(bounded_traffic_matrix(32, 33, 0.5, 100, 1, rng, "x"), Error);
  REQUIRE_THROWS_AS(bounded_traffic_matrix(32, 8, 1.0, 100, 1, rng, "x"), Error);
  REQUIRE_THROWS_AS(bounded_traffic_matrix(32, 32, 1.0 / 32, 20, 1, rng, "x"), Error);  // empty light messages
}

TEST_CASE("Figure 7: parts of a_ij differ by at most one, and the source's p messages by at most one") {
  Rng rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<std::uint64_t> send(32);
    for (auto& a : send) a = rng.below(std::uint64_t{500});
    const auto lengths = stage1_lengths(send);
    std::uint64_t r = 0;
    for (auto a : send) r += a;
    std::vector<std::uint64_t> totals(32, 0);
    for (std::size_t j = 0; j < 32; ++j) {
      std::uint64_t sum = 0;
      for (std::size_t k = 0; k < 32; ++k) {
        REQUIRE(lengths[k][j] >= send[j] / 32);
        REQUIRE(lengths[k][j] <= (send[j] + 31) / 32);
        sum += lengths[k][j];
        totals[k] += lengths[k][j];
      }
      REQUIRE(sum == send[j]);
    }
    // The round robin carried across destinations: every message is floor(r/p) or ceil(r/p).
    for (auto total : totals) {
      REQUIRE(total >= r / 32);
      REQUIRE(total <= (r + 31) / 32);
    }
  }
}

TEST_CASE("Sec. 6.3: the reshuffle permutes intermediates only among messages of the same length") {
  Rng rng(9);
  std::vector<std::uint64_t> send(32, 0);
  send[3] = 100, send[17] = 45;  // 145 = 4 x 32 + 17: 17 messages of 5 elements, 15 of 4
  const auto lengths = stage1_lengths(send);
  const auto permutation = reshuffle_within_size_groups(lengths, rng);
  std::vector<int> sorted = permutation;
  std::sort(sorted.begin(), sorted.end());
  for (int k = 0; k < 32; ++k) REQUIRE(sorted[static_cast<std::size_t>(k)] == k);
  const auto total = [&](std::size_t k) { return lengths[k][3] + lengths[k][17]; };
  int moved = 0;
  for (std::size_t k = 0; k < 32; ++k) {
    REQUIRE(total(k) == total(static_cast<std::size_t>(permutation[k])));
    moved += permutation[k] != static_cast<int>(k);
  }
  REQUIRE(moved > 0);
}

namespace {

// Stages 1 and 2 of the whole machine without the network: what each intermediate and destination
// holds, as the simulated program moves it.
std::vector<std::vector<TwoStagePart>> deliver(const CommMatrix& m, std::uint64_t seed, std::uint64_t& worst_stage1,
                                               std::uint64_t& worst_stage2) {
  const auto p = static_cast<std::size_t>(m.nodes());
  std::vector<std::vector<std::uint64_t>> a(p, std::vector<std::uint64_t>(p, 0));
  for (const auto& e : m.entries()) a[static_cast<std::size_t>(e.src)][static_cast<std::size_t>(e.dst)] = e.bytes;
  std::vector<std::vector<TwoStagePart>> held(p), arrived(p);
  worst_stage1 = worst_stage2 = 0;
  for (std::size_t i = 0; i < p; ++i) {
    Rng rng(derive_seed(seed, "source", i));
    const StageOneSend out = stage1_send(static_cast<int>(i), a[i], rng);
    for (std::size_t k = 0; k < p; ++k) {
      std::uint64_t data = 0;
      for (const auto& part : out.to_intermediate[k]) data += part.length;
      worst_stage1 = std::max(worst_stage1, data);
      held[k].insert(held[k].end(), out.to_intermediate[k].begin(), out.to_intermediate[k].end());
    }
  }
  for (std::size_t k = 0; k < p; ++k) {
    const auto out = stage2_send(held[k], m.nodes());
    for (std::size_t j = 0; j < p; ++j) {
      std::uint64_t data = 0;
      for (const auto& part : out[j]) data += part.length;
      worst_stage2 = std::max(worst_stage2, data);
      arrived[j].insert(arrived[j].end(), out[j].begin(), out[j].end());
    }
  }
  return arrived;
}

std::vector<std::uint64_t> column(const CommMatrix& m, int j) {
  std::vector<std::uint64_t> c(static_cast<std::size_t>(m.nodes()), 0);
  for (const auto& e : m.entries())
    if (e.dst == j) c[static_cast<std::size_t>(e.src)] = e.bytes;
  return c;
}

}  // namespace

TEST_CASE("Two-stage delivers every element to its place: reassembled from the lengths and part indices") {
  struct Case {
    int k;
    double l;
    std::uint64_t t;
    double keep;
  };
  for (const Case& c : {Case{32, 1.0 / 32, 4096, 1}, Case{2, 0.5, 4096, 1}, Case{8, 0.25, 5000, 1},
                        Case{16, 0.5, 777 * 16, 0.6}, Case{32, 1.0 / 32, 31 * 32 * 3, 1}}) {
    for (std::uint64_t seed : {1, 2}) {
      const CommMatrix m = generated(c.k, c.l, c.t, c.keep, seed);
      const std::uint64_t t = traffic_parameters(m).t;
      std::uint64_t worst1 = 0, worst2 = 0;
      const auto arrived = deliver(m, seed, worst1, worst2);
      for (int j = 0; j < 32; ++j) REQUIRE_NOTHROW(reassemble(j, arrived[static_cast<std::size_t>(j)], column(m, j)));
      // Sec. 6.1: stage-1 messages at most ceil(t/p) elements (so within ceil(t/p) + p); sec. 6.2:
      // stage-2 messages at most t/p + p.
      INFO("k " << c.k << " t " << t << " stage 1 " << worst1 << " stage 2 " << worst2);
      REQUIRE(worst1 <= (t + 31) / 32);
      REQUIRE(worst2 <= t / 32 + 32);
    }
  }
}

TEST_CASE("Two-stage reassembly notices a wrong permutation array, a lost part and a stray part") {
  const CommMatrix m = generated(8, 0.25, 4800, 1, 4);
  std::uint64_t w1 = 0, w2 = 0;
  auto arrived = deliver(m, 4, w1, w2);
  auto& parts = arrived[5];
  // Two parts of one source with their indices (the permutation information) swapped: each is put
  // back at the other's place.
  std::sort(parts.begin(), parts.end(), [](const TwoStagePart& a, const TwoStagePart& b) {
    return a.source != b.source ? a.source < b.source : a.index < b.index;
  });
  REQUIRE(parts.size() >= 2);
  REQUIRE(parts[0].source == parts[1].source);  // k = 8, 4800 elements: every message has p parts
  auto swapped = parts;
  std::swap(swapped[0].index, swapped[1].index);
  REQUIRE_THROWS_AS(reassemble(5, swapped, column(m, 5)), Error);
  auto lost = parts;
  lost.pop_back();
  REQUIRE_THROWS_AS(reassemble(5, lost, column(m, 5)), Error);
  auto stray = parts;
  stray.push_back(arrived[6].front());
  REQUIRE_THROWS_AS(reassemble(5, stray, column(m, 5)), Error);
}
