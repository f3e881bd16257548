#include <catch2/catch.hpp>

#include <fstream>
#include <map>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;

TEST_CASE("Appendix D generator: about d messages per node, lengths 1..n, no self-messages") {
  for (int d : {4, 8, 16}) {
    Rng rng(derive_seed(9, "t", static_cast<std::uint64_t>(d)));
    const CommMatrix m = random_density_matrix(32, d, rng);
    REQUIRE(m.max_sends() <= d);
    REQUIRE(m.max_receives() <= d);
    // Only diagonal hits are dropped: on average d/n per node.
    REQUIRE(static_cast<int>(m.size()) > 32 * d - 3 * d);
    for (const auto& e : m.entries()) {
      REQUIRE(e.src != e.dst);
      REQUIRE(e.bytes >= 1);
      REQUIRE(e.bytes <= 32);
    }
  }
}

TEST_CASE("Appendix D generator: same seed, same matrix, other seed, other matrix") {
  Rng a(5), b(5), c(6);
  const auto ma = random_density_matrix(64, 8, a), mb = random_density_matrix(64, 8, b),
             mc = random_density_matrix(64, 8, c);
  REQUIRE(ma.entries() == mb.entries());
  REQUIRE_FALSE(ma.entries() == mc.entries());
}

TEST_CASE("Appendix D generator: lengths are spread over the whole range") {
  Rng rng(11);
  const auto m = random_density_matrix(32, 16, rng);
  double sum = 0;
  for (const auto& e : m.entries()) sum += static_cast<double>(e.bytes);
  const double mean = sum / static_cast<double>(m.size());
  REQUIRE(mean > 14.0);  // uniform on 1..32 has mean 16.5
  REQUIRE(mean < 19.0);
}

TEST_CASE("Workloads reject parameters they cannot take") {
  Rng rng(1);
  REQUIRE_THROWS_WITH(random_density_matrix(32, 33, rng), Catch::Contains("density d = 33"));
  REQUIRE_THROWS_WITH(generate_workload({"no-such", 4, "", "", "here"}, 32, rng), Catch::Contains("unknown workload"));
}

TEST_CASE("Matrix files: read, and bad lines named by file and line") {
  const auto dir = test::temp_dir("matrix");
  {
    std::ofstream(dir + "/good.csv") << "src,dst,bytes\n# a comment\n0,1,100\n1,0,50\n";
    std::ofstream(dir + "/bad.csv") << "0,1,100\n0,x,5\n";
    std::ofstream(dir + "/big.csv") << "0,1,100\n40,2,5\n";
  }
  const auto m = read_matrix_csv(dir + "/good.csv", 4);
  REQUIRE(m.size() == 2);
  REQUIRE(m.bytes(1, 0) == 50);
  REQUIRE_THROWS_WITH(read_matrix_csv(dir + "/bad.csv", 4), Catch::Contains("bad.csv:2"));
  REQUIRE_THROWS_WITH(read_matrix_csv(dir + "/big.csv", 32), Catch::Contains("big.csv:2") && Catch::Contains("does not fit"));
  REQUIRE_THROWS_WITH(read_matrix_csv(dir + "/none.csv", 4), Catch::Contains("cannot open"));
}

