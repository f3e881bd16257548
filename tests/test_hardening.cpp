// Issue "Hardening": each numbered finding, reproduced with the command that showed it. Each case
// failed before its fix (command run, file replaced, number wrapped, error swallowed ...).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/checked_number.hpp"
#include "sim/core/comm_matrix.hpp"
#include "sim/core/error.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/runner/output_file.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workloads/workloads.hpp"
#include "test_paths.hpp"
#include "topologies/machines.hpp"

using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;
using mcsim::test::slurp;
namespace fs = std::filesystem;

namespace {
const std::string data = MCSIM_TEST_DATA;

// A scenario file in `dir` made from tiny.toml's machine and workload, with `extra` appended.
std::string scenario(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

const char* const tiny_head = R"(id = "t"
samples = 1
[machine]
name = "cm5"
nodes = 32
[workload]
name = "random-density"
density = 2
[sweep]
msg_unit = [16]
)";
}  // namespace

// 1. A backquote reaching gnuplot ran a shell command.
TEST_CASE("Issue 1: a backquote in --out or in a series label runs nothing", "[cli]") {
  const auto dir = mcsim::test::temp_dir("backquote");
  const std::string pwned = dir + "/PWNED";
  const auto r = run_mcsim(fmt::format("run {}/tiny.toml -q --samples 1 -j 1 -o '{}/x`touch {}`y/t.csv'", data, dir,
                                       pwned));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // A label with a backquote, and one that tries to end gnuplot's string and line.
  const auto label = scenario(dir, "label.toml",
                              "plot = \"comm\"\n" + std::string(tiny_head) + "[[series]]\nscheduler = \"LP\"\nlabel = \"L`touch " +
                                  pwned + "`P\\n'\\nsystem 'touch " + pwned + "'\"\n");
  const auto r2 = run_mcsim(fmt::format("run {} -q -j 1 -o {}/l.csv", label, dir));
  INFO(r2.err);
  REQUIRE(r2.exit_code == 0);
  REQUIRE(fs::exists(dir + "/l.svg"));
  REQUIRE(slurp(dir + "/l.svg").find("L`touch") != std::string::npos);  // the label is drawn as written
  REQUIRE_FALSE(fs::exists(pwned));
}

// 2. The finished file was renamed over the target, replacing a link, a FIFO or a device.
TEST_CASE("Issue 2: output through a link keeps the link, a FIFO or device is written through, never replaced", "[cli]") {
  const auto dir = mcsim::test::temp_dir("clobber");
  std::ofstream(dir + "/real.csv") << "old\n";
  fs::create_symlink(dir + "/real.csv", dir + "/link.csv");
  auto r = run_mcsim(fmt::format("run {}/tiny.toml -q --samples 1 -j 1 -o {}/link.csv", data, dir));
  REQUIRE(r.exit_code == 0);
  REQUIRE(fs::is_symlink(dir + "/link.csv"));
  REQUIRE(slurp(dir + "/real.csv").starts_with("experiment,"));

  REQUIRE(::mkfifo((dir + "/fifo.csv").c_str(), 0600) == 0);
  std::string from_fifo;
  std::thread reader([&] { from_fifo = slurp(dir + "/fifo.csv"); });
  r = run_mcsim(fmt::format("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o {}/fifo.csv", dir));
  reader.join();
  REQUIRE(r.exit_code == 0);
  struct stat info {};
  REQUIRE(::lstat((dir + "/fifo.csv").c_str(), &info) == 0);
  REQUIRE(S_ISFIFO(info.st_mode));
  REQUIRE(from_fifo.starts_with("experiment,"));

  // A device: /dev/full refuses the bytes; the error is reported and the device stays.
  r = run_mcsim("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o /dev/full");
  require_one_line_error(r, "/dev/full: writing the file failed");
  REQUIRE(::stat("/dev/full", &info) == 0);
  REQUIRE(S_ISCHR(info.st_mode));
  // /dev/stdout is written through.
  r = run_mcsim("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o /dev/stdout");
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("experiment,machine") != std::string::npos);
  require_one_line_error(run_mcsim(fmt::format("sweep -q --samples 1 -j 1 --scheduler LP -o {}", dir)), "is a directory");
}

// 3. Disk full while drawing, ulimit -f and gnuplot failures.
TEST_CASE("Issue 3: a failed write or plot leaves no file and says so", "[cli]") {
  const auto dir = mcsim::test::temp_dir("diskfull");
  // ulimit -f: the CSV of a sweep is larger than 1 block of 512 bytes.
  auto r = run_mcsim(fmt::format("sweep -q --samples 1 -j 1 --msg-unit 16,32,64,128,256 -o {}/s.csv; exit $?", dir));
  REQUIRE(r.exit_code == 0);
  // mcsim ARGUMENTS under `ulimit -f 1` (files of at most 512 bytes): it must fail in one line saying `problem`.
  const auto limited = [&](const std::string& arguments, const std::string& problem) {
    const std::string command =
        fmt::format("sh -c 'ulimit -f 1; exec {} {}' >{}/out 2>{}/err", MCSIM_BINARY, arguments, dir, dir);
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) != 0);
    require_one_line_error({WEXITSTATUS(status), "", mcsim::test::without_sanitizer_notes(slurp(dir + "/err"))}, problem);
  };
  // The sweep's picture is drawn before any file is written: gnuplot, under the same limit, is cut
  // short first.
  limited(fmt::format("sweep -q --samples 1 -j 1 --msg-unit 16,32,64,128,256 -o {}/u.csv", dir),
          "u.svg: gnuplot did not finish the plot");
  REQUIRE_FALSE(fs::exists(dir + "/u.csv"));
  REQUIRE_FALSE(fs::exists(dir + "/u.svg"));
  // A report without a picture (lo92-lemmas: a 21 KB CSV): its own write fails.
  limited(fmt::format("reproduce lo92-lemmas --scenarios {} -q -j 1 -o {}", MCSIM_SCENARIO_SOURCE_DIR, dir),
          "File too large");
  REQUIRE_FALSE(fs::exists(dir + "/lo92-lemmas.csv"));
  for (const auto& entry : fs::directory_iterator(dir)) REQUIRE(entry.path().filename().string().find("partial") == std::string::npos);

  // A gnuplot that exits 0 after writing half an SVG (as on a full disk): refused, no CSV either.
  const auto bin = dir + "/bin";
  fs::create_directories(bin);
  std::ofstream(bin + "/gnuplot") << "#!/bin/sh\nout=$(sed -n \"s/^set output '\\(.*\\)'$/\\1/p\")\n"
                                     "printf '<?xml version=\"1.0\"?>\\n<svg>\\n<g>' > \"$out\"\nexit 0\n";
  fs::permissions(bin + "/gnuplot", fs::perms::owner_all);
  const auto plotted = scenario(dir, "p.toml", std::string("plot = \"comm\"\n") + tiny_head + "[[series]]\nscheduler = \"LP\"\n");
  const std::string path = std::getenv("PATH");
  ::setenv("PATH", (bin + ":" + path).c_str(), 1);
  r = run_mcsim(fmt::format("run {} -q -j 1 -o {}/plots/p.csv", plotted, dir));
  require_one_line_error(r, "gnuplot did not finish the plot");
  REQUIRE_FALSE(fs::exists(dir + "/plots/p.csv"));
  REQUIRE_FALSE(fs::exists(dir + "/plots/p.svg"));
  // A gnuplot that fails: its own message, not a question about installing it; no CSV.
  std::ofstream(bin + "/gnuplot") << "#!/bin/sh\necho 'line 3: unexpected token' >&2\nexit 1\n";
  r = run_mcsim(fmt::format("run {} -q -j 1 -o {}/plots/p.csv", plotted, dir));
  require_one_line_error(r, "gnuplot failed: line 3: unexpected token");
  // No gnuplot at all: now the message says what installs it.
  ::setenv("PATH", bin.c_str(), 1);
  fs::remove(bin + "/gnuplot");
  r = run_mcsim(fmt::format("run {} -q -j 1 -o {}/plots/p.csv", plotted, dir));
  ::setenv("PATH", path.c_str(), 1);
  require_one_line_error(r, "cannot run gnuplot");
  REQUIRE_FALSE(fs::exists(dir + "/plots/p.csv"));
}

// 4. Sizes overflowed silently.
TEST_CASE("Issue 4: message sizes are checked, never wrapped", "[cli]") {
  const mcsim::CommMatrix m(4, {{0, 1, 3}, {1, 0, 1}});
  REQUIRE(m.scaled(16).bytes(0, 1) == 48);
  REQUIRE_THROWS_WITH(m.scaled(std::uint64_t{1} << 62), Catch::Contains("larger than"));
  REQUIRE_THROWS_WITH(m.scaled(9223372036854775807ull), Catch::Contains("larger than"));
  require_one_line_error(run_mcsim("sweep -q --samples 1 --msg-unit 9223372036854775807,1000000000000,16"), "--msg-unit");
  require_one_line_error(run_mcsim("sweep -q --samples 1 --msg-unit 4611686018427387904"), "out of range");
  require_one_line_error(run_mcsim("sweep -q --samples 1 --density 32 --msg-unit 1099511627776"), "larger than");
  const auto dir = mcsim::test::temp_dir("bigbytes");
  std::ofstream(dir + "/m.csv") << "0,1,18446744073709551615\n";
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv(dir + "/m.csv", 4), Catch::Contains("m.csv:1 (bytes)"));
}

// 5. NaN and infinity passed.
TEST_CASE("Issue 5: NaN and infinity are refused in machine options and scheduler parameters", "[cli]") {
  for (const char* value : {"nan", "inf", "-inf", "1e999"})
    require_one_line_error(run_mcsim(fmt::format("sweep -q --samples 1 --scheduler LP --machine-option cmmd_startup_us={}", value)),
                   "option cmmd_startup_us");
  REQUIRE_THROWS_WITH(mcsim::find_scheduler("CGMH:proportional=nan", "here"), Catch::Contains("not a finite number"));
  REQUIRE_THROWS_WITH(mcsim::find_scheduler("CGMH:lambda=1/0", "here"), Catch::Contains("divides by 0"));
  const auto dir = mcsim::test::temp_dir("nan");
  const auto path = scenario(dir, "n.toml", std::string(tiny_head) + "[[series]]\nscheduler = \"LP\"\n[paper.comm]\nLP = [nan]\n");
  REQUIRE_THROWS_WITH(mcsim::load_scenario(path), Catch::Contains("paper.comm.LP") && Catch::Contains("finite"));
}

// 6. Integers were truncated or wrapped.
TEST_CASE("Issue 6: whole numbers out of range are refused, not truncated", "[cli]") {
  require_one_line_error(run_mcsim("sweep -q --nodes 4294967328"), "--nodes: 4294967328 is out of range");
  require_one_line_error(run_mcsim("sweep -q --seed -1"), "--seed");
  require_one_line_error(run_mcsim("timeline --msg-unit -1"), "--msg-unit");
  const auto dir = mcsim::test::temp_dir("ints");
  const auto path = scenario(dir, "s.toml",
                            "id = \"x\"\nsamples = 4294967297\n[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\n"
                            "name = \"random-density\"\ndensity = 2\n[[series]]\nscheduler = \"LP\"\n");
  REQUIRE_THROWS_WITH(mcsim::load_scenario(path), Catch::Contains("(samples)") && Catch::Contains("out of range"));
  // rows * cols = 65536 * 65537 wraps to 65536 in 32 bits: the side is refused before any product.
  REQUIRE_THROWS_WITH(mcsim::make_machine({"mesh", 65536, {{"rows", "65536"}, {"cols", "65537"}}}),
                      Catch::Contains("65537 is not a whole number from 1 to 65536"));
}

// 7. The matrix-file reader returned an empty matrix, ate a first line, resolved against the cwd.
TEST_CASE("Issue 7: matrix files: empty, not regular, signed first line, BOM, relative to the scenario", "[cli]") {
  const auto dir = mcsim::test::temp_dir("matrixfile");
  std::ofstream(dir + "/empty.csv") << "";
  std::ofstream(dir + "/header_only.csv") << "src,dst,bytes\n# nothing\n";
  std::ofstream(dir + "/minus.csv") << "-1,2,5\n0,1,5\n";
  std::ofstream(dir + "/bom.csv") << "\xEF\xBB\xBF" << "0,1,5\n1,0,7\n";
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv(dir + "/empty.csv", 4), Catch::Contains("has no message"));
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv(dir + "/header_only.csv", 4), Catch::Contains("has no message"));
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv(dir, 4), Catch::Contains("not a regular file"));
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv("/dev/zero", 4), Catch::Contains("not a regular file"));
  REQUIRE_THROWS_WITH(mcsim::read_matrix_csv(dir + "/minus.csv", 4), Catch::Contains("minus.csv:1 (src)"));
  const auto bom = mcsim::read_matrix_csv(dir + "/bom.csv", 4);
  REQUIRE(bom.size() == 2);
  REQUIRE(bom.bytes(0, 1) == 5);
  // A relative `file` is beside the scenario, wherever mcsim runs.
  fs::create_directories(dir + "/s");
  std::ofstream(dir + "/s/m.csv") << "0,1,5\n1,0,7\n";
  const auto path = scenario(dir + "/s", "rel.toml", "id = \"rel\"\n[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\n"
                                                       "name = \"matrix-file\"\nfile = \"m.csv\"\n[[series]]\nscheduler = \"LP\"\n");
  const auto r = run_mcsim(fmt::format("run {} -q -j 1 -o {}/out.csv", path, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(mcsim::load_scenario(path).as<mcsim::SimulationScenario>().workload.file == dir + "/s/m.csv");
}

// 8. Children outlived a signalled parent.
TEST_CASE("Issue 8: a signalled mcsim stops its simulation processes and exits with 128 + signal", "[cli]") {
  for (int signal : {SIGTERM, SIGINT}) {
    const auto dir = mcsim::test::temp_dir("signal");
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::setpgid(0, 0);  // its own group: the test's signal goes to the parent alone
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1), ::dup2(null, 2);
      ::execl(MCSIM_BINARY, "mcsim", "sweep", "-q", "--nodes", "1024", "--density", "64", "--samples", "50", "-j", "2", "--max-work", "1e30",
              "-o", (dir + "/s.csv").c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // Wait until it has started its simulation processes.
    std::vector<pid_t> children;
    for (int i = 0; i < 200 && children.empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::ifstream list(fmt::format("/proc/{}/task/{}/children", pid, pid));
      for (pid_t child; list >> child;) children.push_back(child);
    }
    REQUIRE_FALSE(children.empty());
    REQUIRE(::kill(pid, signal) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 128 + signal);
    // Gone, or (if this container's init does not reap orphans) a zombie: no longer running.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    for (pid_t child : children) {
      std::ifstream stat(fmt::format("/proc/{}/stat", child));
      std::string pid_field, name, state;
      stat >> pid_field >> name >> state;
      INFO("child " << child << " state " << state);
      REQUIRE((!stat || state == "Z"));
    }
    REQUIRE(fs::is_empty(dir));
  }
}

// 9. Errors raised in a child printed a SimGrid backtrace.
TEST_CASE("Issue 9: errors of schedulers and SimGrid settings come back as one line", "[cli]") {
  require_one_line_error(run_mcsim("sweep -q --samples 1 --scheduler CGMH:lambda=2"), "lambda = 2 must be in (0, 1]");
  require_one_line_error(run_mcsim("sweep -q --samples 1 --scheduler CGMH:reset=maybe"), "reset = 'maybe'");
  require_one_line_error(run_mcsim("sweep -q --samples 1 --scheduler LP --cfg network/model"), "--cfg");
  // A setting SimGrid itself refuses, inside the simulation process: only a run finds it, so it
  // comes after sweep's refusal to replace an earlier results/sweep.csv (--force).
  require_one_line_error(run_mcsim("sweep -q --force --samples 1 --scheduler LP --cfg no/such-key:1"), "simulation task");
}

// 10. Scenario content that matched nothing was ignored.
TEST_CASE("Issue 10: a paper label naming no series, best_of beside scheduler and a path as id are refused", "[cli]") {
  const auto dir = mcsim::test::temp_dir("labels");
  const auto typo = scenario(dir, "typo.toml", std::string(tiny_head) + "[[series]]\nscheduler = \"CGM\"\n[paper.comm]\nCMG = [1.0]\n");
  REQUIRE_THROWS_WITH(mcsim::load_scenario(typo), Catch::Contains("'CMG' names no series"));
  const auto both = scenario(dir, "both.toml", std::string(tiny_head) + "[[series]]\nlabel = \"B\"\nscheduler = \"LP\"\nbest_of = [\"CGM\", \"AC\"]\n");
  REQUIRE_THROWS_WITH(mcsim::load_scenario(both), Catch::Contains("either scheduler or best_of"));
  auto text = std::string(tiny_head);
  text.replace(0, text.find('\n'), "id = \"../x\"");
  const auto escape = scenario(dir, "escape.toml", text + "[[series]]\nscheduler = \"LP\"\n");
  require_one_line_error(run_mcsim(fmt::format("run {} -q -o {}/out/x.csv", escape, dir)), "must be a plain file name");
  REQUIRE_FALSE(fs::exists(dir + "/x.csv"));
}

// 11. CLI11's own messages.
TEST_CASE("Issue 11: command-line errors in mcsim's words", "[cli]") {
  const auto r = run_mcsim("run x --samples 0");
  require_one_line_error(r, "--samples: 0 is out of range (allowed: 1 to 100000)");
  require_one_line_error(run_mcsim("frobnicate"), "unknown command 'frobnicate'");
  require_one_line_error(run_mcsim("reproduce ranka92-table3 --samples 2147483647"), "--samples: 2147483647 is out of range");
  require_one_line_error(run_mcsim("sweep --no-such-flag"), "no-such-flag");
}
