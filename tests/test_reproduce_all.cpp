// `mcsim reproduce --all`: every scenario of a directory, one after another, each written as
// `reproduce ID` writes it, and a summary of each one's time.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

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

namespace {

// A suite's line in the summary: "ID  seconds  tasks  ok" -> its task count.
long summary_tasks(const std::string& out, const std::string& id) {
  const auto at = out.find("\n" + id + " ");
  if (at == std::string::npos) return -1;
  std::istringstream line(out.substr(at + 1, out.find('\n', at + 1) - at - 1));
  std::string name;
  double seconds = 0;
  long tasks = -1;
  line >> name >> seconds >> tasks;
  return tasks;
}

long count_of(const std::string& text, const std::string& what) {
  long n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Sets an environment variable for the life of the object (the mcsim it starts inherits it).
struct ScopedEnvironment {
  std::string name;
  ScopedEnvironment(std::string n, const std::string& value) : name(std::move(n)) { ::setenv(name.c_str(), value.c_str(), 1); }
  ~ScopedEnvironment() { ::unsetenv(name.c_str()); }
};

}  // namespace

TEST_CASE("report estimates its work before it starts, honours --samples and names what --samples cannot change", "[cli]") {
  namespace fs = std::filesystem;
  const auto dir = mcsim::test::temp_dir("report-estimate-scenarios");
  for (const char* id : {"ranka92-table1", "guo05-ex1"})
    fs::copy_file(scenarios + "/" + id + ".toml", dir + "/" + id + ".toml", fs::copy_options::overwrite_existing);
  for (const int samples : {1, 3}) {
    const auto out = mcsim::test::temp_dir("report-estimate-out-" + std::to_string(samples));
    const auto r = run_mcsim("report --scenarios " + dir + " --samples " + std::to_string(samples) +
                             " --deterministic -j 1 -o " + out);
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    // ranka92-table1: one 32-node machine, 4 densities, a task per (density, sample); guo05-ex1
    // simulates nothing. The estimate comes first, before the first reproduction starts.
    const std::string estimate =
        fmt::format("report: 2 reproductions, {} simulation tasks, about ", 4 * samples);
    const auto said = r.err.find(estimate);
    REQUIRE(said == 0);
    REQUIRE(r.err.find(" s of CPU on this machine (") != std::string::npos);
    REQUIRE(r.err.find("report: --samples does not change 1 of them") != std::string::npos);
    REQUIRE(r.err.find("): guo05-ex1 under 1 s each\n") != std::string::npos);
    REQUIRE(r.err.find("report: [1/2] guo05-ex1 starting") > said);
    // --samples honoured: the tasks the reproduction ran.
    REQUIRE(summary_tasks(r.out, "ranka92-table1") == 4 * samples);
  }
  // --max-nodes reaches every reproduction, as `reproduce --max-nodes` would (a 32-node table
  // cannot be made smaller): refused before anything runs.
  const auto small = mcsim::test::temp_dir("report-estimate-small");
  require_one_line_error(run_mcsim("report --scenarios " + dir + " --max-nodes 16 -o " + small + "/out"),
                         "--max-nodes: ranka92-table1 runs on 32 nodes, none of them at most 16", 2);
  REQUIRE(!fs::exists(small + "/out"));
  // -q: nothing on stderr.
  const auto quiet = run_mcsim("report --scenarios " + dir + " --samples 1 --deterministic -q -j 1 -o " +
                               mcsim::test::temp_dir("report-estimate-quiet"));
  REQUIRE(quiet.exit_code == 0);
  REQUIRE(quiet.err.empty());
}

TEST_CASE("Off a terminal, the suite's progress is a line every few seconds, not a line per task", "[cli]") {
  namespace fs = std::filesystem;
  const auto dir = mcsim::test::temp_dir("report-progress-scenarios");
  fs::copy_file(scenarios + "/ranka92-table1.toml", dir + "/ranka92-table1.toml", fs::copy_options::overwrite_existing);
  const std::string run = "report --scenarios " + dir + " --samples 5 --deterministic -j 1 -o ";
  const std::string task_line = "report: [1/1] ranka92-table1 ";
  // 20 tasks of a few milliseconds each, well inside the default 5 s between lines: no line of
  // tasks (a few on a loaded machine, one each 5 s), where a line per task would be 20.
  const auto paced = run_mcsim(run + mcsim::test::temp_dir("report-progress-paced"));
  INFO("stderr: " << paced.err);
  REQUIRE(paced.exit_code == 0);
  REQUIRE(count_of(paced.err, task_line + "starting") == 1);
  REQUIRE(count_of(paced.err, " simulation tasks, ") < 5);
  // With no pace (MCSIM_PROGRESS_SECONDS=0) every call is a line: the mechanism is the pace alone.
  {
    const ScopedEnvironment every("MCSIM_PROGRESS_SECONDS", "0");
    const auto all = run_mcsim(run + mcsim::test::temp_dir("report-progress-every"));
    INFO("stderr: " << all.err);
    REQUIRE(all.exit_code == 0);
    REQUIRE(count_of(all.err, " simulation tasks, ") >= 20);
    REQUIRE(all.err.find(task_line + "20/20 simulation tasks, ") != std::string::npos);
  }
  {
    const ScopedEnvironment bad("MCSIM_PROGRESS_SECONDS", "soon");
    const auto r = run_mcsim(run + mcsim::test::temp_dir("report-progress-bad"));
    require_one_line_error(r, "MCSIM_PROGRESS_SECONDS: 'soon' is not");
  }
}
