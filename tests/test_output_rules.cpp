// Issue 36 ("Hardening II"), outputs: every file goes through the one writer (the Paje trace
// included), clean-up has no fixed limit, and text from input is inert wherever it lands (CSV
// cells, the terminal). Each case replays the input that showed the defect; each failed before
// its fix (the commit that fixes it says what it did then).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/engine/termination.hpp"
#include "sim/experiments/csv_cells.hpp"

using mcsim::test::require_one_line_error;
using mcsim::test::run_mcsim;
using mcsim::test::slurp;
namespace fs = std::filesystem;

namespace {

// The names in `dir` (none if it does not exist).
std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

int wait_for(pid_t pid) {
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

// Item 5: only 16 temporary files were tracked; the 17th and later stayed after a signal.
TEST_CASE("Issue 36.5: a signal removes every tracked temporary, however many, files before their directory") {
  const auto dir = mcsim::test::temp_dir("many-temporaries");
  const pid_t pid = ::fork();
  if (pid == 0) {
    mcsim::install_termination_handlers();
    mcsim::track_temporary(dir + "/sub");  // a directory, tracked before the file in it
    fs::create_directory(dir + "/sub");
    std::ofstream(dir + "/sub/inner") << "x";
    mcsim::track_temporary(dir + "/sub/inner");
    for (int i = 0; i < 1000; ++i) {
      const std::string path = fmt::format("{}/t{}.partial", dir, i);
      std::ofstream(path) << i;
      mcsim::track_temporary(path);
    }
    mcsim::untrack_temporary(fmt::format("{}/t{}.partial", dir, 500));  // kept: no longer temporary
    ::raise(SIGINT);
    ::_exit(0);
  }
  REQUIRE(wait_for(pid) == 128 + SIGINT);
  REQUIRE(names_in(dir) == std::vector<std::string>{"t500.partial"});

  // The command that showed it: SIGINT while `report` has 20 complete temporary files waiting
  // (its first output is a FIFO no one reads, so the report waits there).
  fs::create_directories(dir + "/scenarios");
  fs::create_directories(dir + "/out");
  const std::string lemmas = slurp(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/lo92-lemmas.toml");
  for (int i = 0; i < 20; ++i) {
    std::string text = lemmas;
    const auto at = text.find("id = \"lo92-lemmas\"");
    REQUIRE(at != std::string::npos);
    text.replace(at, 18, fmt::format("id = \"lemmas{:02}\"", i));
    std::ofstream(fmt::format("{}/scenarios/lemmas{:02}.toml", dir, i)) << text;
  }
  REQUIRE(::mkfifo((dir + "/out/lemmas00.csv").c_str(), 0600) == 0);
  const pid_t report = ::fork();
  if (report == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1), ::dup2(null, 2);
    ::execl(MCSIM_BINARY, "mcsim", "report", "--scenarios", (dir + "/scenarios").c_str(), "-o", (dir + "/out").c_str(),
            "-q", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Wait until every temporary is written (20 reproductions and index.html beside the FIFO).
  for (int i = 0; i < 400 && names_in(dir + "/out").size() < 21; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  REQUIRE(names_in(dir + "/out").size() == 21);
  REQUIRE(::kill(report, SIGINT) == 0);
  REQUIRE(wait_for(report) == 128 + SIGINT);
  REQUIRE(names_in(dir + "/out") == std::vector<std::string>{"lemmas00.csv"});
}

// Item 8: labels and ids reached the CSVs as they were; a spreadsheet runs =cmd|..., +SUM(...),
// @..., -...; a carriage return was not quoted.
TEST_CASE("Issue 36.8: a CSV text cell never starts a formula, numbers stay numbers, CR and LF are quoted") {
  using mcsim::csv_field;
  CHECK(csv_field("=cmd|' /C calc'!A0") == "'=cmd|' /C calc'!A0");
  CHECK(csv_field("+SUM(1,2)") == "\"'+SUM(1,2)\"");
  CHECK(csv_field("@x") == "'@x");
  CHECK(csv_field("-x") == "'-x");
  CHECK(csv_field("-") == "'-");
  CHECK(csv_field("-1+1") == "'-1+1");
  CHECK(csv_field("\tx") == "'\tx");
  CHECK(csv_field("\rx") == "\"'\rx\"");
  CHECK(csv_field("a\rb") == "\"a\rb\"");
  CHECK(csv_field("a\nb") == "\"a\nb\"");
  for (const char* number : {"-5", "-1.5", "-.5", "-2e-3", "-1E+9", "1.5", "0"}) CHECK(csv_field(number) == number);
  CHECK(csv_field("CGMH:lambda=7/8") == "CGMH:lambda=7/8");
  CHECK(csv_field("x=1,p=2") == "\"x=1,p=2\"");

  // The scenario that showed it, through `run` (the comparison CSV) and a two-density sweep (the
  // sweep CSV): no text cell starts a formula.
  const auto dir = mcsim::test::temp_dir("csv-injection");
  const std::string series = "[[series]]\nscheduler = \"LP\"\nlabel = \"=cmd|' /C calc'!A0\"\n"
                             "[[series]]\nscheduler = \"CGM\"\nlabel = \"+SUM(1,2)\\r\"\n"
                             "[[series]]\nscheduler = \"AC\"\nlabel = \"@x\"\n";
  const std::string machine = "[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\nname = \"random-density\"\n";
  std::ofstream(dir + "/one.toml") << "id = \"-x\"\nsamples = 1\n" << machine << "density = 2\n[sweep]\nmsg_unit = [16]\n"
                                   << series;
  std::ofstream(dir + "/two.toml") << "id = \"+y\"\nsamples = 1\n" << machine << "density = [2, 3]\n[sweep]\nmsg_unit = [16]\n"
                                   << series;
  for (const char* name : {"one", "two"}) {
    const auto r = run_mcsim(fmt::format("run {}/{}.toml -q -j 1 -o {}/{}.csv", dir, name, dir, name));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string csv = slurp(fmt::format("{}/{}.csv", dir, name));
    INFO(csv);
    REQUIRE(csv.find("'=cmd|") != std::string::npos);
    REQUIRE(csv.find("\"'+SUM(1,2)\r\"") != std::string::npos);
    REQUIRE(csv.find("'@x") != std::string::npos);
    for (const auto& row : mcsim::csv_rows(csv))
      for (const auto& cell : row) {
        INFO(cell);
        REQUIRE_FALSE((!cell.empty() && std::string("=+@\t\r").find(cell.front()) != std::string::npos));
        if (cell.starts_with("-")) REQUIRE(cell.find_first_not_of("-0123456789.e") == std::string::npos);
      }
  }
}
