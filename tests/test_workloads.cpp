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

TEST_CASE("Test set 2 (skewed): five sender sets, every sender sends 16 units") {
  Rng rng(4);
  const CommMatrix m = skewed_matrix(32, rng);
  std::map<int, int> senders_by_count;  // messages per sender -> how many senders
  for (int node = 0; node < 32; ++node) {
    std::uint64_t units = 0;
    std::uint64_t length = 0;
    for (const auto& e : m.entries())
      if (e.src == node) {
        units += e.bytes;
        if (length) REQUIRE(e.bytes == length);  // one length per sender
        length = e.bytes;
      }
    REQUIRE(units == 16);
    ++senders_by_count[m.sends_of(node)];
  }
  REQUIRE(senders_by_count == std::map<int, int>{{1, 1}, {2, 2}, {4, 4}, {8, 8}, {16, 17}});
  Rng same(4), other(5);
  REQUIRE(skewed_matrix(32, same).entries() == m.entries());
  REQUIRE_FALSE(skewed_matrix(32, other).entries() == m.entries());
  REQUIRE_THROWS_WITH(skewed_matrix(64, other), Catch::Contains("32 nodes"));
}

TEST_CASE("CFD stand-ins: one fixed matrix per mesh, statistics near the published ones") {
  struct Published {
    const char* variant;
    double ave_d;
    int max_d, min_d;
  };
  for (const Published& p : {Published{"2800", 9.25, 15, 3}, Published{"53961", 10.81, 18, 6}}) {
    Rng a(1), b(2);
    const CommMatrix m = generate_workload({"cfd-standin", 0, "", p.variant, "test"}, 32, a);
    REQUIRE(m.entries() == generate_workload({"cfd-standin", 0, "", p.variant, "test"}, 32, b).entries());
    INFO(p.variant << " ave_d " << m.mean_degree() << " max_d " << m.max_sends());
    // Achieved (see cfd_standin.cpp): 9.06 / 14 / 4 and 9.00 / 15 / 6. Lengths fall short (see the notes).
    REQUIRE(m.mean_degree() == Approx(p.ave_d).epsilon(0.2));
    REQUIRE(std::abs(m.max_sends() - p.max_d) <= 4);
    REQUIRE(std::abs([&] {
              int lowest = 32;
              for (int i = 0; i < 32; ++i) lowest = std::min(lowest, m.sends_of(i));
              return lowest;
            }() - p.min_d) <= 2);
    for (const auto& e : m.entries()) REQUIRE(e.src != e.dst);
  }
  Rng rng(1);
  REQUIRE_THROWS_WITH(generate_workload({"cfd-standin", 0, "", "9428", "test"}, 32, rng), Catch::Contains("9428"));
  REQUIRE_THROWS_WITH(generate_workload({"cfd-standin", 0, "", "2800", "test"}, 64, rng), Catch::Contains("32 nodes"));
}
