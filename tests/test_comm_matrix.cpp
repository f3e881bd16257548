#include <catch2/catch.hpp>

#include "sim/core/comm_matrix.hpp"
#include "sim/core/error.hpp"

using mcsim::CommMatrix;
using mcsim::Error;

TEST_CASE("CommMatrix keeps entries sorted and answers lookups") {
  CommMatrix m(4, {{2, 1, 30}, {0, 3, 10}, {0, 1, 20}});
  REQUIRE(m.size() == 3);
  REQUIRE(m.entries().front().src == 0);
  REQUIRE(m.entries().front().dst == 1);
  REQUIRE(m.bytes(0, 3) == 10);
  REQUIRE(m.bytes(3, 0) == 0);
  REQUIRE(m.sends_of(0) == 2);
  REQUIRE(m.receives_of(1) == 2);
  REQUIRE(m.max_sends() == 2);
  REQUIRE(m.max_receives() == 2);
  REQUIRE(m.total_bytes() == 60);
  REQUIRE(m.scaled(16).bytes(2, 1) == 480);
}

TEST_CASE("CommMatrix rejects what is not a communication matrix") {
  REQUIRE_THROWS_WITH(CommMatrix(4, {{0, 4, 1}}), Catch::Contains("outside 0..3"));
  REQUIRE_THROWS_WITH(CommMatrix(4, {{2, 2, 1}}), Catch::Contains("sent to itself"));
  REQUIRE_THROWS_WITH(CommMatrix(4, {{0, 1, 0}}), Catch::Contains("0 bytes"));
  REQUIRE_THROWS_WITH(CommMatrix(4, {{0, 1, 5}, {0, 1, 6}}), Catch::Contains("appears twice"));
  REQUIRE_THROWS_AS(CommMatrix(0, {}), Error);
}
