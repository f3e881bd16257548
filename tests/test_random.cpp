#include <catch2/catch.hpp>

#include <set>

#include "sim/core/random.hpp"

using mcsim::Rng;

TEST_CASE("Rng: the same seed gives the same stream, another seed another one") {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.next();
    REQUIRE(x == b.next());
    differs = differs || x != c.next();
  }
  REQUIRE(differs);
}

TEST_CASE("Rng: the stream is fixed across machines (golden values)") {
  // xoshiro256** seeded by splitmix64(0): a change here changes every result mcsim prints.
  Rng rng(0);
  const auto first = rng.next();
  Rng again(0);
  REQUIRE(again.next() == first);
  REQUIRE(first == 0x99EC5F36CB75F2B4ull);
}

TEST_CASE("Rng::below stays in range and reaches every value") {
  Rng rng(7);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 10000; ++i) {
    const auto v = rng.below(std::uint64_t{13});
    REQUIRE(v < 13);
    seen.insert(v);
  }
  REQUIRE(seen.size() == 13);
}

TEST_CASE("derive_seed separates purposes and indices") {
  REQUIRE(mcsim::derive_seed(1, "matrix", 0) != mcsim::derive_seed(1, "matrix", 1));
  REQUIRE(mcsim::derive_seed(1, "matrix", 0) != mcsim::derive_seed(1, "routes", 0));
  REQUIRE(mcsim::derive_seed(1, "matrix", 0) != mcsim::derive_seed(2, "matrix", 0));
  REQUIRE(mcsim::derive_seed(1, "matrix", 5) == mcsim::derive_seed(1, "matrix", 5));
}
