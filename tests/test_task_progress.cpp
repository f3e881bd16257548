// The task runner calls its progress back while a task runs long, not only when one ends
// (sim/runner/isolated.hpp): a display off a terminal (tools/mcsim/progress.hpp) can then show a
// run alive during a task of minutes (issue 47: lo92-thm2's largest trees, 6 minutes without a line).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "sim/runner/isolated.hpp"

TEST_CASE("run_isolated calls its progress back about once a second while no task ends", "[runner]") {
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  const auto results = mcsim::run_isolated(
      2,
      [](std::size_t k) {
        if (k == 0) ::usleep(2'500'000);  // 2.5 s: two waits of a second pass with no task ended
        return std::string("task ") + std::to_string(k);
      },
      1, [&](std::size_t done, std::size_t total) { calls.emplace_back(done, total); });
  REQUIRE(results == std::vector<std::string>{"task 0", "task 1"});
  // The first task's wait: at least one call with nothing done (two expected; one is left for a
  // loaded machine), then one call as each task ends, the last with every task done.
  std::size_t waiting = 0;
  for (const auto& [done, total] : calls) {
    REQUIRE(total == 2);
    if (done == 0) ++waiting;
  }
  REQUIRE(waiting >= 1);
  REQUIRE(waiting <= 4);
  REQUIRE(calls.back() == std::pair<std::size_t, std::size_t>{2, 2});
  REQUIRE(std::count(calls.begin(), calls.end(), std::pair<std::size_t, std::size_t>{1, 2}) == 1);
}
