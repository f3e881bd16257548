// mcsim sensitivity: which variants a machine's options give, and that a variant really changes
// the simulated machine (a larger start-up must raise mcsim/paper).
#include <catch2/catch.hpp>

#include <algorithm>

#include "sim/output/csv_table.hpp"
#include "sim/scenario/sensitivity.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {
Scenario bundled(const std::string& id) { return load_scenario(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/" + id + ".toml"); }

bool has(const SensitivityResult& r, const std::string& option, const std::string& value) {
  return std::any_of(r.variants.begin(), r.variants.end(),
                     [&](const auto& v) { return v.option == option && v.value == value; });
}
}  // namespace

TEST_CASE("Sensitivity: every numeric option x0.5 and x2, every alternative of a choice, the baseline first") {
  const auto plan = plan_sensitivity(bundled("wang94-fig5"), {});
  REQUIRE(plan.variants.front().change == "baseline");
  // bandwidth, 100-byte switch, 2 start-ups, 2 per-hop times, ports, nx, NX's buffer and copy rate
  REQUIRE(plan.options.size() == 10);
  REQUIRE(plan.variants.size() == 1 + 8 * 2 + 1 + 1);
  REQUIRE(has(plan, "long_startup_us", "75"));
  REQUIRE(has(plan, "long_startup_us", "300"));
  REQUIRE(has(plan, "short_limit_bytes", "50"));
  REQUIRE(has(plan, "channel_bandwidth_MBps", "5.6"));
  REQUIRE(has(plan, "nx", "startup"));
  REQUIRE(has(plan, "node_ports", "unlimited"));
  REQUIRE(has(plan, "receive_buffer_bytes", "500000"));
  REQUIRE(has(plan, "copy_rate_MBps", "80"));
  const auto only = plan_sensitivity(bundled("wang94-fig5"), {{0.25}, {"short_hop_us"}});
  REQUIRE(only.variants.size() == 2);
  REQUIRE(only.variants[1].value == "2.5");
}

TEST_CASE("Sensitivity: a longer start-up raises mcsim/paper on the CM-5's Table 3", "[engine]") {
  RunOptions run;
  run.samples = 1;
  run.workers = 2;
  const auto r = run_sensitivity(bundled("ranka92-table3"), run, {{2.0}, {"cmmd_startup_us"}});
  REQUIRE(r.variants.size() == 2);
  REQUIRE(r.variants[0].agreement);
  REQUIRE(r.variants[1].agreement);
  const auto& base = r.variants[0].agreement->columns.back();
  const auto& slow = r.variants[1].agreement->columns.back();
  REQUIRE(base.column == "all times");
  REQUIRE(slow.median > base.median * 1.05);
  REQUIRE(r.variants[0].agreement->pairs > 0);
  const std::string csv = table_csv(sensitivity_table(r));
  REQUIRE(csv.rfind("experiment,option,value,change,column,", 0) == 0);
  REQUIRE(csv.find("ranka92-table3,cmmd_startup_us,176,x2,all times,") != std::string::npos);
}

TEST_CASE("Sensitivity: the message library's constants vary like any other option (MPICH ch_p4 on the cluster)") {
  const auto plan = plan_sensitivity(bundled("guo05-fig7"), {});
  REQUIRE(has(plan, "short_limit_bytes", "8192"));
  REQUIRE(has(plan, "eager_limit_bytes", "64000"));
  REQUIRE(has(plan, "eager_limit_bytes", "256000"));
  REQUIRE(has(plan, "receive_buffer_bytes", "64000000"));
  REQUIRE(has(plan, "copy_rate_MBps", "100"));
  REQUIRE(has(plan, "copy_rate_MBps", "400"));
  REQUIRE(has(plan, "read_buffer_bytes", "8192"));  // p4's 16384-byte socket buffer, halved
}

TEST_CASE("Sensitivity: a reproduction whose paper printed no numbers is refused before anything runs") {
  // Issue 46: the check came after the baseline ran; with --shard every shard ran its share of
  // every variant and only the merge failed. It is now made from the file, by plan_sensitivity.
  REQUIRE_THROWS_WITH(plan_sensitivity(bundled("guo05-fig6"), {{2.0}, {"startup_us"}}),
                      Catch::Contains("guo05-fig6 has no cell with both a paper and an mcsim value"));
  REQUIRE_THROWS_WITH(plan_sensitivity(bundled("wang94-overhead"), {}),
                      Catch::Contains("wang94-overhead has no cell with both a paper and an mcsim value"));
  REQUIRE_NOTHROW(plan_sensitivity(bundled("guo05-fig7"), {}));  // the paper's ratios in its text
  REQUIRE_NOTHROW(plan_sensitivity(bundled("wang94-fig5"), {}));  // the paper's regions
  REQUIRE_NOTHROW(plan_sensitivity(bundled("ranka92-table3"), {}));
}

TEST_CASE("Sensitivity: a reproduction whose paper printed no numbers is refused by run_sensitivity with nothing run",
          "[engine]") {
  // guo05-fig6: the paper's Fig. 6 survives as statements only; no cell has a paper value, so no
  // variant could move an agreement (the study once ran every variant and failed drawing nothing).
  RunOptions run;
  run.workers = 2;
  std::size_t ran = 0;
  REQUIRE_THROWS_WITH(run_sensitivity(bundled("guo05-fig6"), run, {{2.0}, {"startup_us"}},
                                      [&](std::size_t, std::size_t) { ++ran; }),
                      Catch::Contains("guo05-fig6 has no cell with both a paper and an mcsim value"));
  REQUIRE(ran == 0);
}
