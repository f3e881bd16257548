// The workloads of Ranka, Wang, Kumar 1992, section 5.2: test set 2 (skewed) and the stand-ins for
// test set 3 (CFD meshes), with the mesh and partition they are built from.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "sim/core/error.hpp"
#include "sim/workloads/partition.hpp"
#include "sim/workloads/point_mesh.hpp"
#include "sim/workloads/workloads.hpp"

using namespace mcsim;

namespace {
CommMatrix skewed(std::uint64_t seed) {
  Rng rng(seed);
  return generate_workload({"skewed", 0, "", "", "test"}, 32, rng);
}

CommMatrix cfd(const std::string& variant, std::uint64_t seed) {
  Rng rng(seed);
  return generate_workload({"cfd-standin", 0, "", variant, "test"}, 32, rng);
}

struct Statistics {
  int max_d = 0, min_d = 0;
  double ave_d = 0;
  std::uint64_t min_len = 0, max_len = 0;
  double ave_len = 0;
};

Statistics statistics(const CommMatrix& m) {
  Statistics s;
  s.min_d = m.nodes();
  for (int node = 0; node < m.nodes(); ++node) {
    s.max_d = std::max(s.max_d, m.sends_of(node));
    s.min_d = std::min(s.min_d, m.sends_of(node));
  }
  s.ave_d = m.mean_degree();
  s.min_len = m.entries().front().bytes;
  for (const auto& e : m.entries()) {
    s.min_len = std::min(s.min_len, e.bytes);
    s.max_len = std::max(s.max_len, e.bytes);
  }
  s.ave_len = static_cast<double>(m.total_bytes()) / static_cast<double>(m.size());
  return s;
}
}  // namespace

TEST_CASE("Skewed (test set 2): five sender sets as published, 16 units from every sender") {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const CommMatrix m = skewed(seed);
    // (messages sent, message length) -> senders with that shape.
    std::map<std::pair<int, std::uint64_t>, int> shapes;
    for (int node = 0; node < 32; ++node) {
      std::uint64_t units = 0;
      std::set<std::uint64_t> lengths;
      for (const auto& e : m.entries())
        if (e.src == node) {
          REQUIRE(e.dst != node);
          units += e.bytes;
          lengths.insert(e.bytes);
        }
      REQUIRE(units == 16);
      REQUIRE(lengths.size() == 1);
      ++shapes[{m.sends_of(node), *lengths.begin()}];
    }
    const std::map<std::pair<int, std::uint64_t>, int> published = {
        {{1, 16}, 1}, {{2, 8}, 2}, {{4, 4}, 4}, {{8, 2}, 8}, {{16, 1}, 17}};
    REQUIRE(shapes == published);
    REQUIRE(m.size() == 1 + 4 + 16 + 64 + 17 * 16);
  }
}

TEST_CASE("Skewed: the same seed gives the same matrix, other seeds other matrices") {
  REQUIRE(skewed(7).entries() == skewed(7).entries());
  REQUIRE_FALSE(skewed(7).entries() == skewed(8).entries());
}

TEST_CASE("Skewed: set membership and destinations are drawn at random") {
  std::set<int> lone_senders;  // the sender of the one 16-unit message, per seed
  std::map<int, int> received;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const CommMatrix m = skewed(seed);
    for (const auto& e : m.entries()) {
      if (e.bytes == 16) lone_senders.insert(e.src);
      ++received[e.dst];
    }
  }
  REQUIRE(lone_senders.size() >= 15);  // 40 draws from 32 nodes: 23 distinct on average
  // 40 x 357 messages: every node receives about 446; uniform destinations keep all within 30%.
  REQUIRE(received.size() == 32);
  for (const auto& [node, count] : received) {
    INFO("node " << node << " receives " << count);
    REQUIRE(std::abs(count - 40 * 357 / 32) < 40 * 357 / 32 * 3 / 10);
  }
}

TEST_CASE("Skewed: only for 32 nodes") {
  Rng rng(1);
  REQUIRE_THROWS_WITH(generate_workload({"skewed", 0, "", "", "test"}, 64, rng),
                      Catch::Contains("skewed") && Catch::Contains("32 nodes") && Catch::Contains("64"));
  REQUIRE_THROWS_AS(skewed_matrix(16, rng), Error);
}

TEST_CASE("Point mesh: graded points in the half domain, k-nearest-neighbour graph as brute force finds it") {
  Rng rng(3);
  const auto points = graded_half_domain_points(600, 20.0, rng);
  REQUIRE(points.size() == 600);
  int near_body = 0;
  for (const auto& p : points) {
    const double r = std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
    REQUIRE(p.z >= 0);
    REQUIRE(r >= 1.0);
    REQUIRE(r <= 20.0);
    if (r < std::sqrt(20.0)) ++near_body;  // ln r uniform: half the points within sqrt(20)
  }
  REQUIRE(near_body > 250);
  REQUIRE(near_body < 350);

  const int k = 5;
  const MeshGraph graph = nearest_neighbour_graph(points, k);
  auto d2 = [&](std::size_t a, std::size_t b) {
    const double dx = points[a].x - points[b].x, dy = points[a].y - points[b].y, dz = points[a].z - points[b].z;
    return dx * dx + dy * dy + dz * dz;
  };
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::vector<std::pair<double, std::uint32_t>> all;
    for (std::uint32_t j = 0; j < points.size(); ++j)
      if (j != i) all.emplace_back(d2(i, j), j);
    std::sort(all.begin(), all.end());
    const auto& mine = graph[i];
    REQUIRE(std::is_sorted(mine.begin(), mine.end()));
    REQUIRE(std::find(mine.begin(), mine.end(), static_cast<std::uint32_t>(i)) == mine.end());
    for (int m = 0; m < k; ++m) {
      const std::uint32_t j = all[static_cast<std::size_t>(m)].second;
      REQUIRE(std::binary_search(mine.begin(), mine.end(), j));                                     // i picks j
      REQUIRE(std::binary_search(graph[j].begin(), graph[j].end(), static_cast<std::uint32_t>(i)));  // symmetric
    }
  }
}

TEST_CASE("Point mesh: 13 nearest make the ~15 neighbours of a tetrahedral mesh") {
  Rng rng(5);
  const auto points = graded_half_domain_points(5000, 20.0, rng);
  const MeshGraph graph = nearest_neighbour_graph(points, 13);
  double total = 0;
  for (const auto& list : graph) total += static_cast<double>(list.size());
  REQUIRE(total / 5000 > 14.0);
  REQUIRE(total / 5000 < 17.0);
}

TEST_CASE("Inertial bisection: equal parts, cut across the long axis") {
  // Points along a line of direction (1, 2, 2) / 3, slightly scattered: 4 parts must be 4
  // consecutive runs along it.
  Rng rng(2);
  std::vector<SpacePoint> points;
  for (int i = 0; i < 1001; ++i) {
    const double t = i + 0.3 * rng.unit();
    points.push_back({t / 3 + 0.2 * rng.unit(), 2 * t / 3 + 0.2 * rng.unit(), 2 * t / 3 + 0.2 * rng.unit()});
  }
  const auto part = inertial_bisection(points, 4);
  std::map<int, int> sizes;
  for (int p : part) ++sizes[p];
  REQUIRE(sizes.size() == 4);
  for (const auto& [p, size] : sizes) {
    REQUIRE(size >= 250);
    REQUIRE(size <= 251);
  }
  int changes = 0;
  for (std::size_t i = 1; i < part.size(); ++i) changes += part[i] != part[i - 1];
  REQUIRE(changes == 3);

  const auto uneven = inertial_bisection(points, 3);  // not a power of two: sizes still within one
  std::map<int, int> thirds;
  for (int p : uneven) ++thirds[p];
  REQUIRE(thirds.size() == 3);
  for (const auto& [p, size] : thirds) REQUIRE(std::abs(size - 1001 / 3) <= 1);
  REQUIRE_THROWS_AS(inertial_bisection(points, 0), Error);
}

TEST_CASE("CFD stand-ins: one fixed matrix per mesh, whatever the sample's generator") {
  for (const char* variant : {"2800", "53961"}) {
    const CommMatrix a = cfd(variant, 1);
    REQUIRE(a.entries() == cfd(variant, 2).entries());
    REQUIRE(a.entries() == cfd_standin_matrix(variant, 32).entries());
  }
  REQUIRE_FALSE(cfd("2800", 1).entries() == cfd("53961", 1).entries());
}

TEST_CASE("CFD stand-ins: statistics near the published ones") {
  struct Published {
    const char* variant;
    std::size_t points;
    int max_d, min_d;
    double ave_d;
    std::uint64_t min_len, max_len;
    double ave_len;
  };
  // Section 5.2 of the paper.
  for (const Published& p : {Published{"2800", 2800, 15, 3, 9.25, 2, 36, 14.12},
                             Published{"53961", 53961, 18, 6, 10.81, 1, 276, 93.21}}) {
    const CommMatrix m = cfd(p.variant, 1);
    const Statistics s = statistics(m);
    INFO(p.variant << ": max_d " << s.max_d << " min_d " << s.min_d << " ave_d " << s.ave_d << " lengths " << s.min_len
                   << ".." << s.max_len << " average " << s.ave_len);
    REQUIRE(s.ave_d == Approx(p.ave_d).epsilon(0.15));
    REQUIRE(std::abs(s.max_d - p.max_d) <= 3);
    REQUIRE(std::abs(s.min_d - p.min_d) <= 3);
    REQUIRE(s.ave_len == Approx(p.ave_len).epsilon(0.10));
    REQUIRE(static_cast<double>(s.max_len) == Approx(static_cast<double>(p.max_len)).epsilon(0.40));
    REQUIRE(s.min_len <= p.min_len);
    // A part sends at most each of its points to each other part, and every part borders some.
    const double part_size = static_cast<double>(p.points) / 32;
    for (int node = 0; node < 32; ++node) REQUIRE(m.sends_of(node) >= 1);
    for (const auto& e : m.entries()) {
      REQUIRE(e.src != e.dst);
      REQUIRE(static_cast<double>(e.bytes) <= std::ceil(part_size));
    }
    // The mesh is symmetric, so who sends to whom is too (not how much).
    for (const auto& e : m.entries()) REQUIRE(m.bytes(e.dst, e.src) > 0);
  }
}

TEST_CASE("CFD stand-ins: only the published meshes, only 32 nodes") {
  Rng rng(1);
  REQUIRE_THROWS_WITH(generate_workload({"cfd-standin", 0, "", "9428", "test"}, 32, rng),
                      Catch::Contains("9428") && Catch::Contains("2800") && Catch::Contains("53961"));
  REQUIRE_THROWS_WITH(generate_workload({"cfd-standin", 0, "", "", "test"}, 32, rng),
                      Catch::Contains("unknown variant"));
  REQUIRE_THROWS_WITH(generate_workload({"cfd-standin", 0, "", "2800", "test"}, 64, rng),
                      Catch::Contains("32 nodes") && Catch::Contains("64"));
}
