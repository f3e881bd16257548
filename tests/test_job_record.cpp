// The one format between a child process and its parent: what is written reads back equal, bit for
// bit in every double, and text it did not write is refused with a one-line error.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/runner/job_record.hpp"
#include "sim/runner/shard_file.hpp"
#include "test_paths.hpp"

using namespace mcsim;
using mcsim::test::slurp;

TEST_CASE("Job records round-trip exactly, with and without whole runs") {
  JobRecord plain;
  plain.phases = 31;
  plain.host_s = 1.0 / 3.0;
  plain.comm_s = 0.0033480000000000003;
  plain.operations = {{"heap_ops", 123456789012345ull}, {"fullest_column_at_threshold", 38}};
  plain.measured = {{"simulate_s", 2.5e-7}, {"peak_MiB", 34.25}};

  JobRecord with_run;
  with_run.phases = 2;
  with_run.comm_s = std::nextafter(1e-3, 1.0);  // the last bit must survive
  Run run;
  run.nodes = 3;
  run.messages = {{0, 1, 4096, 0, false, 0.0, 5.1e-4}, {1, 2, 0, 1, true, 1e-300, std::nextafter(2e-3, 0.0)}};
  run.node_finish_s = {1e-3, 2e-3, std::numeric_limits<double>::denorm_min()};
  run.states = {{0, "program", "cpu", 0.0, 4.4e-5}, {2, "network", "sending+receiving", 1.0 / 7.0, 2.0 / 7.0},
                {1, "phase", "3", 1e-3, 1e-3}};
  run.links = {{"wire-L2-g0-c1-p0-up", 1e7, 4096.5, 4.096e-4, 0.0}, {"channel-3-7", 2.8e6, 0, 0, 1.0 / 3.0}};
  with_run.run = run;

  with_run.sharing = SharingDecision{Sharing::fluid, SharingReason::many_flows};
  JobRecord on_simgrid;
  on_simgrid.sharing = SharingDecision{Sharing::simgrid, SharingReason::asked};

  const std::vector<JobRecord> records = {plain, with_run, JobRecord{}, on_simgrid};
  const std::vector<JobRecord> back = records_from_text(records_to_text(records));
  REQUIRE(back == records);
  REQUIRE(records_from_text("").empty());
  // A record without a simulation has no sharing word: such records read as before.
  REQUIRE(records_to_text({plain}).find("sharing") == std::string::npos);
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 sharing fast asked 0"), Catch::Contains("unknown sharing 'fast'"));
}

TEST_CASE("Job records: text the serializer did not write is refused") {
  REQUIRE_THROWS_AS(records_from_text("job 1 2"), Error);                       // cut short
  REQUIRE_THROWS_WITH(records_from_text("job x 0 0 0 0 0"), Catch::Contains("'x' is not a number"));
  REQUIRE_THROWS_WITH(records_from_text("nonsense"), Catch::Contains("expected 'job'"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 1 nonsense"), Catch::Contains("expected 'run'"));
  JobRecord bad;
  bad.operations = {{"two words", 1}};
  REQUIRE_THROWS_WITH(records_to_text({bad}), Catch::Contains("white space"));
}

TEST_CASE("Job records from a file someone edited: every number from 0 to 1e100, every count bounded") {
  // Times, sizes and counts: nan, infinities and negative values are refused where they are read.
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 nan 0 0 0"), Catch::Contains("at byte 8: 'nan' is not a number from 0 to 1e100"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 -0.5 0 0 0 0"), Catch::Contains("'-0.5' is not a number from 0 to 1e100"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 inf 0 0 0"), Catch::Contains("'inf' is not a number from 0 to 1e100"));
  // 1e308 ms would be infinite: nothing a simulation gives comes near 1e100.
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 1e308 0 0 0"), Catch::Contains("'1e308' is not a number from 0 to 1e100"));
  REQUIRE(records_from_text("job 1 0 1e100 0 0 0").front().comm_s == 1e100);
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 1 x -1e-9 0"), Catch::Contains("'-1e-9' is not a number from 0 to 1e100"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 1 run -2 0 0 0 0 0"), Catch::Contains("'-2' is negative"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 2"), Catch::Contains("'2' is not 0 or 1"));
  // A count larger than the bytes left could hold is refused before anything is allocated for it
  // (10^12 messages took 2.1 GB, then "out of memory").
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 1 run 32 1000000000000 0"),
                      Catch::Contains("a count of 1000000000000 cannot be: 2 bytes are left"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 18446744073709551615 a 1"),
                      Catch::Contains("a count of 18446744073709551615 cannot be"));
  REQUIRE_THROWS_WITH(records_from_text("job 1 0 0 0 0 1 run 2 0 0 1000000 0 0"), Catch::Contains("a count of 1000000"));
  // What fits is read: two messages in exactly the bytes they need.
  REQUIRE(records_from_text("job 1 0 0 0 0 1 run 2 2 0 0 1 1 0 0 0 1 1 0 1 0 0 0 1 0 0 0").front().run->messages.size() == 2);
}

TEST_CASE("Stored-results fuzz seeds: each reads back as its kind, or fails with mcsim::Error") {
  // fuzz/seeds/stored_results, the seeds of fuzz/stored_results_fuzzer.cpp: a real shard file (its
  // identity and records as `mcsim run --shard` wrote them), records with a whole run, an identity
  // of the earlier format and a count no file can hold.
  const std::string seeds = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../fuzz/seeds/stored_results/";
  const ShardFile shard = read_shard_file(seeds + "tiny.shard-0-of-2.txt");
  REQUIRE(shard.identity.request.command == "run");
  REQUIRE(shard.identity.request.machine_options ==
          std::vector<std::pair<std::string, std::string>>{{"node_interface", "duplex"}});
  REQUIRE(shard.results.size() == 1);
  const auto records = records_from_text(shard.results.at(0));
  REQUIRE(records.size() == 8);
  REQUIRE(records_from_text(slurp(seeds + "records.txt")) == records);
  const auto with_run = records_from_text(slurp(seeds + "records_with_run.txt"));
  REQUIRE(with_run.at(0).run->links.at(0).link == "wire-L1");
  REQUIRE(records_from_text(records_to_text(with_run)) == with_run);
  std::size_t at = 0;
  REQUIRE(read_run_identity(slurp(seeds + "identity.txt"), &at, "seed") == shard.identity);
  at = 0;
  REQUIRE_THROWS_WITH(read_run_identity(slurp(seeds + "identity_format1.txt"), &at, "seed"),
                      Catch::Contains("written by an earlier mcsim"));
  REQUIRE_THROWS_WITH(records_from_text(slurp(seeds + "records_huge_count.txt")), Catch::Contains("cannot be"));
}
