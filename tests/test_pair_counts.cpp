// PairCounts (sim/core/pair_counts.hpp): the same counts whether kept in an array (small machines)
// or a hash map (large ones).
#include <catch2/catch.hpp>

#include "sim/core/pair_counts.hpp"

TEST_CASE("Pair counts: increment returns the count before, per ordered pair, array and map alike") {
  for (const int nodes : {4, 4096, 4097, 16384}) {
    mcsim::PairCounts counts(nodes);
    const int last = nodes - 1;
    REQUIRE(counts.get(0, last) == 0);
    REQUIRE(counts.increment(0, last) == 0);
    REQUIRE(counts.increment(0, last) == 1);
    REQUIRE(counts.get(0, last) == 2);
    REQUIRE(counts.get(last, 0) == 0);  // ordered: the reverse pair is another
    REQUIRE(counts.increment(last, last) == 0);
    counts.clear();
    REQUIRE(counts.get(0, last) == 0);
    REQUIRE(counts.get(last, last) == 0);
  }
}
