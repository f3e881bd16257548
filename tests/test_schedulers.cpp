#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <tuple>

#include "sim/core/scheduler.hpp"
#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"
#include "sim/workloads/workloads.hpp"
#include "topologies/k_ary_n_cube.hpp"

using namespace mcsim;

namespace {
Schedule schedule(const std::string& name, const CommMatrix& m, std::uint64_t seed) {
  Rng rng(seed);
  SchedulingHints hints{88e-6, 1 / 8.06e6, {}};
  // RS_NL needs fixed routes: a hypercube's e-cube routes where the node count allows one.
  if (std::has_single_bit(static_cast<unsigned>(m.nodes())))
    hints.routes = std::make_shared<KAryNCube>(KAryNCube({.sides = std::vector<int>(
                                                               std::countr_zero(static_cast<unsigned>(m.nodes())), 2),
                                                           .binary_numbering = true}));
  return run_scheduler(find_scheduler(name, "test"), {m, hints, rng});
}
}  // namespace

TEST_CASE("Every scheduler's plan delivers every matrix exactly, on many random matrices") {
  for (const auto& entry : scheduler_registry().entries()) {
    // Redistribution schedulers take only their redistribution's table (test_redistribution.cpp).
    if (entry.source.find("Guo and Pan") != std::string::npos || entry.name.rfind("MPI_", 0) == 0) continue;
    if (entry.program) continue;  // run-time protocols make no plan (test_bounded_traffic_protocols.cpp)
    for (int n : {32, 64}) {
      for (int d : {1, 4, 8, 16}) {
        for (std::uint64_t sample = 0; sample < 3; ++sample) {
          Rng gen(derive_seed(3, "m", sample * 1000 + static_cast<std::uint64_t>(n * 100 + d)));
          const CommMatrix m = random_density_matrix(n, d, gen).scaled(16);
          const Schedule s = schedule(entry.name, m, sample);
          INFO(entry.name << " n=" << n << " d=" << d << " sample=" << sample);
          REQUIRE_NOTHROW(validate_plan(s.plan, m, entry.name));
          REQUIRE(s.plan.strategy == entry.default_strategy);
          REQUIRE(s.host_seconds >= 0);
        }
      }
    }
  }
}

TEST_CASE("LP: n-1 phases, each a full permutation of pairwise exchanges") {
  Rng gen(1);
  const CommMatrix m = random_density_matrix(32, 8, gen);
  const Schedule s = schedule("LP", m, 1);
  REQUIRE(s.phases() == 31);
  for (const auto& phase : s.plan.phases) {
    REQUIRE(phase.messages.size() == 32);
    for (const auto& msg : phase.messages) {
      // the partner sends back in the same phase: a pairwise exchange
      const bool back = std::any_of(phase.messages.begin(), phase.messages.end(),
                                    [&](const PlannedMessage& o) { return o.src == msg.dst && o.dst == msg.src; });
      REQUIRE(back);
      REQUIRE(msg.dummy == (m.bytes(msg.src, msg.dst) == 0));
    }
  }
  REQUIRE(s.operations.at("dummies") == 32 * 31 - m.size());
}

TEST_CASE("LP with xor needs a power of two, the shift variant does not") {
  Rng gen(1);
  const CommMatrix m = random_density_matrix(24, 4, gen);
  REQUIRE_THROWS_WITH(schedule("LP", m, 1), Catch::Contains("power-of-two"));
  const Schedule s = schedule("LP-shift", m, 1);
  REQUIRE(s.phases() == 23);
  REQUIRE_NOTHROW(validate_plan(s.plan, m, "LP-shift"));
}

namespace {
// A 4-node matrix worked by hand: the partners of phase k (1..3) are i and i xor k.
//   phase 1 (0-1, 2-3): 0 -> 1 and 1 -> 0 exchange; 2 -> 3 has no reverse, so node 3 only receives
//   phase 2 (0-2, 1-3): 0 -> 2 only; nodes 1 and 3 do nothing
//   phase 3 (0-3, 1-2): 2 -> 1 and 3 -> 0, each one way
CommMatrix hand_worked_lp_matrix() {
  return CommMatrix(4, {{0, 1, 100}, {1, 0, 200}, {2, 3, 300}, {0, 2, 400}, {3, 0, 500}, {2, 1, 600}});
}

std::vector<std::tuple<int, int, std::uint64_t, bool>> messages_of(const Phase& phase) {
  std::vector<std::tuple<int, int, std::uint64_t, bool>> out;
  for (const auto& m : phase.messages) out.emplace_back(m.src, m.dst, m.bytes, m.dummy);
  return out;
}
}  // namespace

TEST_CASE("LP-no-dummies: Wang and Ranka's Fig. 2 sends only where COM has a message, in the phase of its pair") {
  const CommMatrix m = hand_worked_lp_matrix();
  const Schedule s = schedule("LP-no-dummies", m, 1);
  REQUIRE(s.phases() == 3);
  using M = std::tuple<int, int, std::uint64_t, bool>;
  REQUIRE(messages_of(s.plan.phases[0]) == std::vector<M>{{0, 1, 100, false}, {1, 0, 200, false}, {2, 3, 300, false}});
  REQUIRE(messages_of(s.plan.phases[1]) == std::vector<M>{{0, 2, 400, false}});
  REQUIRE(messages_of(s.plan.phases[2]) == std::vector<M>{{2, 1, 600, false}, {3, 0, 500, false}});
  for (const auto& phase : s.plan.phases) REQUIRE(phase.partial_permutation);
  REQUIRE(s.plan.strategy == Strategy::receiver_ready);  // S1, as Wang and Ranka sec. 6 run LP
  REQUIRE(s.operations.at("dummies") == 0);
  REQUIRE(s.operations.at("lookups") == 4 * 3);  // every node looks at COM(i, i xor k) in every phase
  REQUIRE_NOTHROW(validate_plan(s.plan, m, "LP-no-dummies"));

  // The CM-5 LP of Ranka, Wang and Kumar on the same matrix: the same pairs, a dummy in each of the
  // six directions COM leaves empty, so every phase is a full exchange.
  const Schedule cm5 = schedule("LP", m, 1);
  REQUIRE(cm5.plan.message_count() == 12);
  REQUIRE(cm5.operations.at("dummies") == 6);
  REQUIRE(messages_of(cm5.plan.phases[1]) ==
          std::vector<M>{{0, 2, 400, false}, {1, 3, 0, true}, {2, 0, 0, true}, {3, 1, 0, true}});
}

TEST_CASE("LP-no-dummies keeps every one of the n-1 iterations, empty ones included, and needs a power of two") {
  // One message, 0 -> 5: only iteration k = 5 has anything to do.
  const Schedule s = schedule("LP-no-dummies", CommMatrix(8, {{0, 5, 64}}), 1);
  REQUIRE(s.phases() == 7);
  for (std::size_t p = 0; p < s.phases(); ++p) REQUIRE(s.plan.phases[p].messages.size() == (p == 4 ? 1u : 0u));
  Rng gen(1);
  REQUIRE_THROWS_WITH(schedule("LP-no-dummies", random_density_matrix(24, 4, gen), 1),
                      Catch::Contains("LP-no-dummies") && Catch::Contains("power-of-two node count, got 24"));
}

TEST_CASE("CGM: partial permutations, never fewer than the busiest node needs, about the paper's count") {
  double total = 0;
  for (std::uint64_t sample = 0; sample < 20; ++sample) {
    Rng gen(derive_seed(4, "cgm", sample));
    const CommMatrix m = random_density_matrix(32, 8, gen);
    const Schedule s = schedule("CGM", m, sample);
    REQUIRE(s.phases() >= static_cast<std::size_t>(std::max(m.max_sends(), m.max_receives())));
    for (const auto& phase : s.plan.phases) REQUIRE(phase.partial_permutation);
    total += static_cast<double>(s.phases());
  }
  // Ranka, Wang, Kumar 1992 Table 3: CGM needs 10.18 permutations at d = 8 on 32 nodes.
  const double mean = total / 20;
  REQUIRE(mean > 9.0);
  REQUIRE(mean < 11.5);
}

TEST_CASE("CGM+sort schedules each node's largest message in the first permutation where it can") {
  Rng gen(8);
  const CommMatrix m = random_density_matrix(32, 8, gen);
  const Schedule s = schedule("CGM+sort", m, 3);
  // The first column scanned gets its largest message through: nothing is claimed yet.
  const auto& first = s.plan.phases.front().messages.front();
  std::uint64_t largest = 0;
  for (const auto& e : m.entries())
    if (e.src == first.src) largest = std::max(largest, e.bytes);
  REQUIRE(first.bytes == largest);
}

TEST_CASE("AC: one round with every message, not a permutation") {
  Rng gen(2);
  const CommMatrix m = random_density_matrix(32, 8, gen);
  const Schedule s = schedule("AC", m, 0);
  REQUIRE(s.phases() == 1);
  REQUIRE(s.plan.phases[0].messages.size() == m.size());
  REQUIRE_FALSE(s.plan.phases[0].partial_permutation);
  REQUIRE(s.plan.strategy == Strategy::asynchronous);
}

TEST_CASE("Schedulers are deterministic for a seed") {
  Rng gen(12);
  const CommMatrix m = random_density_matrix(64, 16, gen);
  for (const char* name : {"CGM", "CGM+sort"}) {
    const auto a = schedule(name, m, 77), b = schedule(name, m, 77);
    REQUIRE(a.phases() == b.phases());
    for (std::size_t p = 0; p < a.phases(); ++p)
      for (std::size_t i = 0; i < a.plan.phases[p].messages.size(); ++i) {
        REQUIRE(a.plan.phases[p].messages[i].src == b.plan.phases[p].messages[i].src);
        REQUIRE(a.plan.phases[p].messages[i].dst == b.plan.phases[p].messages[i].dst);
      }
    REQUIRE(a.operations == b.operations);
  }
}

TEST_CASE("Unknown scheduler names are refused with the known ones listed") {
  REQUIRE_THROWS_WITH(find_scheduler("CGMX", "scenario.toml:12"),
                      Catch::StartsWith("scenario.toml:12: unknown scheduler 'CGMX'") && Catch::Contains("CGM+sort"));
}
