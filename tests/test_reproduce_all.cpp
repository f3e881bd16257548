// `mcsim reproduce --all`: every scenario of a directory, one after another, each written as
// `reproduce ID` writes it, and a summary of each one's time.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "helpers.hpp"
#include "test_paths.hpp"

using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;
using mcsim::test::slurp;

namespace {
const std::string scenarios = MCSIM_SCENARIO_SOURCE_DIR;

}  // namespace

TEST_CASE("reproduce --all runs every scenario of the directory and sums up their times", "[cli]") {
  namespace fs = std::filesystem;
  const auto dir = mcsim::test::temp_dir("reproduce-all-scenarios");
  const auto out = mcsim::test::temp_dir("reproduce-all-out");
  const auto single = mcsim::test::temp_dir("reproduce-all-single");
  for (const char* id : {"ranka92-table1", "guo05-ex1"})
    fs::copy_file(scenarios + "/" + id + ".toml", dir + "/" + id + ".toml", fs::copy_options::overwrite_existing);

  const auto r = run_mcsim("reproduce --all --scenarios " + dir + " --samples 1 --deterministic -q -o " + out);
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  const auto summary = r.out.find("reproduce --all: 2 reproductions");
  REQUIRE(summary != std::string::npos);
  // After the reports, in name order, each with its time and outcome.
  const auto guo = r.out.find("\nguo05-ex1 ", summary);
  const auto ranka = r.out.find("\nranka92-table1 ", summary);
  REQUIRE(guo != std::string::npos);
  REQUIRE(ranka != std::string::npos);
  REQUIRE(guo < ranka);
  REQUIRE(r.out.find(" ok\n", ranka) != std::string::npos);
  REQUIRE(r.out.find("\ntotal ") != std::string::npos);

  // Each file as `reproduce ID` writes it.
  const auto one = run_mcsim("reproduce ranka92-table1 --scenarios " + dir + " --samples 1 --deterministic -q -o " + single);
  REQUIRE(one.exit_code == 0);
  REQUIRE(fs::exists(out + "/ranka92-table1.csv"));
  REQUIRE(slurp(out + "/ranka92-table1.csv") == slurp(single + "/ranka92-table1.csv"));
  REQUIRE(fs::exists(out + "/guo05-ex1.csv"));
}

TEST_CASE("reproduce takes one ID or --all, and --all reads every scenario before running any", "[cli]") {
  const auto out = mcsim::test::temp_dir("reproduce-all-bad");
  for (const std::string& args : {"reproduce -q -o " + out, "reproduce ranka92-table1 --all -q -o " + out}) {
    const auto r = run_mcsim(args);
    INFO(args << " -> " << r.err);
    REQUIRE(r.exit_code == 2);
    REQUIRE(r.err == "mcsim: error: reproduce: give one experiment ID or --all\n");
  }
  const auto dir = mcsim::test::temp_dir("reproduce-all-with-bad");
  std::filesystem::copy_file(scenarios + "/ranka92-table1.toml", dir + "/a-good.toml",
                             std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir + "/b-bad.toml") << "id = \"b-bad\"\nkind = \"simulation\"\n[machine\n";
  const auto r = run_mcsim("reproduce --all --scenarios " + dir + " -q -o " + out);
  REQUIRE(r.exit_code == 2);
  REQUIRE(r.err.rfind("mcsim: error: ", 0) == 0);
  REQUIRE(r.err.find("b-bad.toml") != std::string::npos);
  REQUIRE(std::filesystem::is_empty(out));  // a-good did not run either
}

TEST_CASE("reproduce --all and report share one loop: --shard, --resume and --from-shards give the bytes of one run", "[cli]") {
  namespace fs = std::filesystem;
  const auto dir = mcsim::test::temp_dir("suite-shards");
  fs::create_directories(dir + "/scenarios");
  for (const char* id : {"ranka92-table1", "guo05-ex1"})
    fs::copy_file(scenarios + "/" + id + ".toml", dir + "/scenarios/" + id + ".toml",
                  fs::copy_options::overwrite_existing);
  const std::string suite = " --scenarios " + dir + "/scenarios --samples 1 --deterministic -q -j 1 ";
  REQUIRE(run_mcsim("reproduce --all" + suite + "-o " + dir + "/one").exit_code == 0);

  // Two shards of every reproduction, by `reproduce --all` and by `report`: no report, no index.
  REQUIRE(run_mcsim("reproduce --all" + suite + "--shard 0/2 -o " + dir + "/shards").exit_code == 0);
  const auto shard1 = run_mcsim("report" + suite + "--shard 1/2 -o " + dir + "/shards");
  INFO(shard1.err);
  REQUIRE(shard1.exit_code == 0);
  REQUIRE(fs::exists(dir + "/shards/ranka92-table1.shard-1-of-2.txt"));
  REQUIRE(fs::exists(dir + "/shards/guo05-ex1.shard-0-of-2.txt"));
  REQUIRE_FALSE(fs::exists(dir + "/shards/index.html"));
  REQUIRE_FALSE(fs::exists(dir + "/shards/ranka92-table1.csv"));

  // Each merged by either command: the files of one run (a shard of either is `reproduce ID`'s).
  const auto merged = run_mcsim("reproduce --all" + suite + "--from-shards " + dir + "/shards -o " + dir + "/merged");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  const auto report = run_mcsim("report" + suite + "--from-shards " + dir + "/shards -o " + dir + "/report");
  INFO(report.err);
  REQUIRE(report.exit_code == 0);
  REQUIRE(report.out.find("report: 2 reproductions") != std::string::npos);  // the suite's summary
  REQUIRE(fs::exists(dir + "/report/index.html"));
  for (const char* file : {"ranka92-table1.csv", "ranka92-table1.agreement.csv", "guo05-ex1.csv"}) {
    INFO(file);
    REQUIRE(slurp(dir + "/merged/" + file) == slurp(dir + "/one/" + file));
    REQUIRE(slurp(dir + "/report/" + file) == slurp(dir + "/one/" + file));
  }
  // A single reproduction merges its own shards from them too.
  const auto single = run_mcsim("reproduce ranka92-table1" + suite + "--from-shards " + dir + "/shards -o " + dir +
                                "/single");
  INFO(single.err);
  REQUIRE(single.exit_code == 0);
  REQUIRE(slurp(dir + "/single/ranka92-table1.csv") == slurp(dir + "/one/ranka92-table1.csv"));

  // Other options: the shards are another run's, and the merge says what differs.
  const auto other = run_mcsim("report --scenarios " + dir + "/scenarios --samples 2 --deterministic -q -j 1 "
                               "--from-shards " + dir + "/shards -o " + dir + "/other");
  REQUIRE(other.exit_code == 2);
  require_one_line_error(other, "report: 2 of 2 reproductions failed (see the summary); the first, guo05-ex1: ", 2);
  REQUIRE_THAT(other.err, Catch::Contains("(--samples 1, not --samples 2)"));
  REQUIRE_FALSE(fs::exists(dir + "/other"));

  // --resume: each reproduction keeps its tasks in ID.tasks/ until its files are written.
  const auto resumed = run_mcsim("report" + suite + "--resume -o " + dir + "/resumed");
  INFO(resumed.err);
  REQUIRE(resumed.exit_code == 0);
  REQUIRE(slurp(dir + "/resumed/ranka92-table1.csv") == slurp(dir + "/one/ranka92-table1.csv"));
  REQUIRE_FALSE(fs::exists(dir + "/resumed/ranka92-table1.tasks"));
}
