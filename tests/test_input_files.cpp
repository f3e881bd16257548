// Inputs are read only from regular files, never waiting and never beyond a size (issue 36, item
// 11; sim/core/input_file.hpp): a FIFO in place of a scenario, run.txt or a task file made mcsim
// wait for ever, a task file linked to /dev/zero was read to 2 GB, and a scenario that was
// /dev/zero or a directory was reported as "(id): missing required key". Each case below is one
// of those, answered now at once, in one line naming the file. (The command-line cases are in the
// bad-input catalogue, tests/test_bad_inputs.cpp.)
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/runner/task_store.hpp"

namespace fs = std::filesystem;

namespace {

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Runs `read` and returns its error message, failing the test if it took more than 10 s (the
// FIFO cases waited for ever before).
std::string error_of(const std::function<void()>& read) {
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  try {
    read();
  } catch (const mcsim::Error& e) {
    message = e.what();
  }
  REQUIRE(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  return message;
}

}  // namespace

TEST_CASE("read_input_file: a regular file whole, a FIFO, device or directory refused at once, a size bound") {
  const std::string dir = mcsim::test::temp_dir("input-files");
  spit(dir + "/plain.txt", "abc\n");
  REQUIRE(mcsim::read_input_file(dir + "/plain.txt", "the test file", 4) == "abc\n");
  // A symbolic link to a regular file is that file.
  fs::create_symlink(dir + "/plain.txt", dir + "/link.txt");
  REQUIRE(mcsim::read_input_file(dir + "/link.txt", "the test file", 4) == "abc\n");

  REQUIRE(::mkfifo((dir + "/fifo").c_str(), 0600) == 0);
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir + "/fifo", "the test file", 100); }),
             Catch::Equals(dir + "/fifo: the test file is not a regular file (a FIFO); only regular files are read"));
  fs::create_symlink("/dev/zero", dir + "/zero");
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir + "/zero", "the test file", 100); }),
             Catch::Contains("the test file is not a regular file (a character device)"));
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir, "the test file", 100); }),
             Catch::Contains("the test file is not a regular file (a directory)"));
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir + "/none", "the test file", 100); }),
             Catch::Equals(dir + "/none: cannot open the test file: No such file or directory"));
  // Larger than the bound: refused before reading (a sparse 4 GiB file takes no disk).
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir + "/plain.txt", "the test file", 3); }),
             Catch::Equals(dir + "/plain.txt: the test file is larger than 3 bytes, the most mcsim reads of it"));
  fs::resize_file(dir + "/plain.txt", 4ull << 30);
  CHECK_THAT(error_of([&] { mcsim::read_input_file(dir + "/plain.txt", "the test file", 1 << 20); }),
             Catch::Contains("larger than 1048576 bytes"));
}

TEST_CASE("A scenario that is /dev/zero, a directory or a FIFO is named as what it is, not as a missing key") {
  const std::string dir = mcsim::test::temp_dir("scenario-not-regular");
  REQUIRE(::mkfifo((dir + "/fifo.toml").c_str(), 0600) == 0);
  for (const std::string& path : {std::string("/dev/zero"), dir, dir + "/fifo.toml"}) {
    INFO(path);
    const std::string message = error_of([&] { mcsim::load_scenario(path); });
    CHECK_THAT(message, Catch::StartsWith(path + ": the scenario file is not a regular file ("));
    CHECK(message.find("missing required key") == std::string::npos);
  }
  spit(dir + "/big.toml", "id = \"big\"\n" + std::string(mcsim::max_scenario_file_bytes, '#'));
  CHECK_THAT(error_of([&] { mcsim::load_scenario(dir + "/big.toml"); }),
             Catch::Contains("big.toml: the scenario file is larger than 1048576 bytes"));
}

TEST_CASE("Resume (--resume): a FIFO, /dev/zero, a directory or an oversized file among the task results is refused at once") {
  const mcsim::RunIdentity identity{"test", {.command = "run", .scenario = "/x.toml"}, "none"};
  const auto task = [](std::size_t k) { return fmt::format("result {}", k); };
  const auto prepared = [&](const std::string& name) {
    const std::string results = mcsim::test::temp_dir(name) + "/run.tasks";
    mcsim::TaskStore store(identity);
    store.keep_results_in(results);  // writes run.txt
    (void)store.run(3, task, 1, {});  // task-0-0.txt .. task-0-2.txt
    fs::remove(results + "/task-0-1.txt");
    return results;
  };
  const auto resumed = [&](const std::string& results) {
    return error_of([&] {
      mcsim::TaskStore store(identity);
      store.keep_results_in(results);
      (void)store.run(3, task, 1, {});
    });
  };
  {
    const std::string results = prepared("resume-fifo-task");
    REQUIRE(::mkfifo((results + "/task-0-1.txt").c_str(), 0600) == 0);
    CHECK_THAT(resumed(results), Catch::Equals(results + "/task-0-1.txt: the task result file is not a regular file "
                                                         "(a FIFO); only regular files are read"));
  }
  {
    const std::string results = prepared("resume-zero-task");
    fs::create_symlink("/dev/zero", results + "/task-0-1.txt");
    CHECK_THAT(resumed(results), Catch::Contains("task-0-1.txt: the task result file is not a regular file "
                                                 "(a character device)"));
  }
  {
    const std::string results = prepared("resume-directory-task");
    fs::create_directory(results + "/task-0-1.txt");
    CHECK_THAT(resumed(results), Catch::Contains("task-0-1.txt: the task result file is not a regular file "
                                                 "(a directory)"));
  }
  {
    const std::string results = prepared("resume-huge-task");
    spit(results + "/task-0-1.txt", "");
    fs::resize_file(results + "/task-0-1.txt", 2ull << 30);  // sparse: no disk taken
    CHECK_THAT(resumed(results), Catch::Contains(fmt::format("task-0-1.txt: the task result file is larger than {} bytes",
                                                             mcsim::max_task_file_bytes)));
  }
  {
    const std::string results = prepared("resume-fifo-run");
    fs::remove(results + "/run.txt");
    REQUIRE(::mkfifo((results + "/run.txt").c_str(), 0600) == 0);
    CHECK_THAT(resumed(results), Catch::Contains("run.txt: the record of task results is not a regular file (a FIFO)"));
  }
}
