// E-cube routes, link-contention checks, and the schedulers of Wang and Ranka 1994 (RS_N, RS_NL)
// on a 64-node hypercube with the uniform-density test set of its section 6.
#include <catch2/catch.hpp>

#include <bit>

#include "routing/hypercube_route.hpp"
#include "schedulers/scheduler.hpp"
#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;

namespace {
constexpr int cube_nodes = 64;
constexpr int cube_dimensions = 6;

std::vector<int> ecube64(int src, int dst) { return ecube_path(cube_dimensions, src, dst); }

Schedule schedule_on_cube(const std::string& name, const CommMatrix& m, std::uint64_t seed) {
  Rng rng(seed);
  SchedulingHints hints;
  hints.route_path = ecube64;
  return run_scheduler(find_scheduler(name, "test"), {m, hints, rng});
}

CommMatrix uniform(int d, std::uint64_t sample) {
  Rng rng(derive_seed(94, "uniform", sample * 100 + static_cast<std::uint64_t>(d)));
  return uniform_density_matrix(cube_nodes, d, rng);
}
}  // namespace

TEST_CASE("E-cube: hop count is the Hamming distance, dimensions corrected lowest first, all pairs of 64 nodes") {
  for (int src = 0; src < cube_nodes; ++src)
    for (int dst = 0; dst < cube_nodes; ++dst) {
      const auto path = ecube64(src, dst);
      REQUIRE(path.front() == src);
      REQUIRE(path.back() == dst);
      REQUIRE(static_cast<int>(path.size()) - 1 == std::popcount(static_cast<unsigned>(src ^ dst)));
      int last_dimension = -1;
      for (std::size_t i = 1; i < path.size(); ++i) {
        const unsigned step = static_cast<unsigned>(path[i - 1] ^ path[i]);
        REQUIRE(std::has_single_bit(step));  // one hypercube link
        const int dimension = std::countr_zero(step);
        REQUIRE(dimension > last_dimension);
        last_dimension = dimension;
      }
    }
}

TEST_CASE("Uniform-density workload: exactly d sends and d receives per node, unit lengths, random partners") {
  for (int d : {1, 4, 16, 48, 63}) {
    const CommMatrix m = uniform(d, 1);
    INFO("d=" << d);
    REQUIRE(m.size() == static_cast<std::size_t>(cube_nodes * d));
    for (int node = 0; node < cube_nodes; ++node) {
      REQUIRE(m.sends_of(node) == d);
      REQUIRE(m.receives_of(node) == d);
    }
    for (const auto& e : m.entries()) REQUIRE(e.bytes == 1);  // CommMatrix itself refuses self messages and repeats
  }
  // Shifted diagonals alone would have no message whose reverse exists (shifts 1..d < n/2); random
  // partners have about d^2/2 such pairs.
  const CommMatrix m = uniform(16, 2);
  int reciprocal = 0;
  for (const auto& e : m.entries()) reciprocal += m.bytes(e.dst, e.src) > 0;
  REQUIRE(reciprocal > 2 * 50);
  REQUIRE_FALSE(uniform(16, 3).entries() == m.entries());
  Rng a(4), b(4);
  REQUIRE(uniform_density_matrix(cube_nodes, 8, a).entries() == uniform_density_matrix(cube_nodes, 8, b).entries());
}

TEST_CASE("Uniform-density workload: d below 1 or not below the node count is an error") {
  Rng rng(1);
  REQUIRE_THROWS_WITH(uniform_density_matrix(64, 64, rng), Catch::Contains("uniform-density") && Catch::Contains("1..63"));
  REQUIRE_THROWS_WITH(uniform_density_matrix(64, 0, rng), Catch::Contains("uniform-density"));
  WorkloadSpec spec{"uniform-density", 0, "", "", "scenario.toml"};
  REQUIRE_THROWS_WITH(generate_workload(spec, 64, rng),
                      Catch::Contains("scenario.toml") && Catch::Contains("needs density (d) >= 1"));
  spec.density = 8;
  REQUIRE(generate_workload(spec, 64, rng).size() == 64 * 8);
}

TEST_CASE("LP on a 64-node cube: every phase is link-contention-free under e-cube") {
  const CommMatrix m = uniform(16, 0);
  const Schedule s = schedule_on_cube("LP", m, 1);
  REQUIRE(s.phases() == cube_nodes - 1);
  for (std::size_t p = 0; p < s.plan.phases.size(); ++p) {
    REQUIRE(s.plan.phases[p].messages.size() == cube_nodes);  // dummies included: every channel of a full exchange
    REQUIRE_NOTHROW(check_link_contention_free(s.plan.phases[p], ecube64, "LP phase " + std::to_string(p)));
  }
  // LP does not claim it (it also runs on the CM-5's fat tree).
  for (const auto& phase : s.plan.phases) REQUIRE_FALSE(phase.link_contention_free);
}
