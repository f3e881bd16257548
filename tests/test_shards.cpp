// Shards, merging and resumable runs (sim/experiments/task_store.hpp, shard_file.hpp; mcsim merge):
// a shard runs only its share, merged shards give the bytes of one run, every way a set of shard
// files can be wrong is one clear error, and a run started again runs only what is missing.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/experiments/shard_file.hpp"
#include "sim/experiments/task_store.hpp"

namespace fs = std::filesystem;
using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;
using mcsim::test::slurp;

namespace {

const std::string data = MCSIM_TEST_DATA;

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

mcsim::RunIdentity identity(const std::string& seed = "7") {
  return {"test", {"run", "/x.toml", "--seed", seed}, "0123456789abcdef"};
}

// A task list whose tasks leave a mark (a file per run of a task, in the task's own process) and
// fail while a file "fail-K" exists.
struct MarkedTasks {
  std::string dir;
  std::function<std::string(std::size_t)> task() const {
    return [dir = dir](std::size_t k) {
      std::ofstream(fmt::format("{}/ran-{}", dir, k), std::ios::app) << "x";
      if (fs::exists(fmt::format("{}/fail-{}", dir, k))) throw mcsim::Error("task", fmt::format("task {} failed", k));
      return fmt::format("result of task {}\nwith a second line", k);
    };
  }
  int runs_of(std::size_t k) const { return static_cast<int>(slurp(fmt::format("{}/ran-{}", dir, k)).size()); }
};

}  // namespace

TEST_CASE("Shard K/N: task k belongs to shard k mod N, K is 0..N-1 as Slurm's array indices") {
  const auto shard = mcsim::parse_shard("1/3", "--shard");
  REQUIRE(shard.index == 1);
  REQUIRE(shard.count == 3);
  REQUIRE(shard.selects(4));
  REQUIRE_FALSE(shard.selects(3));
  REQUIRE_THROWS_WITH(mcsim::parse_shard("3/3", "--shard"), Catch::Contains("numbered 0..2"));
  REQUIRE_THROWS_WITH(mcsim::parse_shard("1", "--shard"), Catch::Contains("is not K/N"));
  REQUIRE_THROWS_AS(mcsim::parse_shard("1/0", "--shard"), mcsim::Error);
  REQUIRE_THROWS_AS(mcsim::parse_shard("-1/2", "--shard"), mcsim::Error);

  const MarkedTasks tasks{mcsim::test::temp_dir("shard-select")};
  mcsim::TaskStore store(identity());
  store.select(shard);
  REQUIRE_THROWS_AS(store.run(7, tasks.task(), 2, {}), mcsim::ShardDone);
  REQUIRE(store.task_count() == 7);
  REQUIRE(store.shard_results().size() == 2);
  REQUIRE(store.shard_results().at(4) == "result of task 4\nwith a second line");
  for (std::size_t k = 0; k < 7; ++k) REQUIRE(fs::exists(fmt::format("{}/ran-{}", tasks.dir, k)) == (k % 3 == 1));
}

TEST_CASE("Resuming: each finished task is kept, and started again only the missing tasks run") {
  const MarkedTasks tasks{mcsim::test::temp_dir("resume-marks")};
  const std::string results = mcsim::test::temp_dir("resume") + "/run.tasks";
  spit(tasks.dir + "/fail-3", "");
  {
    mcsim::TaskStore store(identity());
    store.keep_results_in(results);
    // One worker: tasks 0, 1, 2 finish, task 3 fails and the run stops there.
    REQUIRE_THROWS_WITH(store.run(6, tasks.task(), 1, {}), Catch::Contains("task 3 failed"));
  }
  REQUIRE(fs::exists(results + "/task-0-2.txt"));
  REQUIRE_FALSE(fs::exists(results + "/task-0-3.txt"));
  fs::remove(tasks.dir + "/fail-3");

  mcsim::TaskStore again(identity());
  again.keep_results_in(results);
  const auto texts = again.run(6, tasks.task(), 2, {});
  REQUIRE(again.resumed() == 3);
  REQUIRE(again.ran() == 3);
  for (std::size_t k = 0; k < 6; ++k) {
    REQUIRE(texts[k] == fmt::format("result of task {}\nwith a second line", k));
    REQUIRE(tasks.runs_of(k) == (k == 3 ? 2 : 1));  // task 3 ran twice (it failed once), the others once
  }

  SECTION("a directory of another run is refused, and left as it is") {
    mcsim::TaskStore other(identity("8"));
    REQUIRE_THROWS_WITH(other.keep_results_in(results), Catch::Contains("holds the task results of another run") &&
                                                            Catch::Contains("--seed 8"));
    REQUIRE(fs::exists(results + "/task-0-5.txt"));
  }
  SECTION("a damaged task result is refused, naming it") {
    std::string text = slurp(results + "/task-0-4.txt");
    text.back() ^= 1;
    spit(results + "/task-0-4.txt", text);
    mcsim::TaskStore store(identity());
    store.keep_results_in(results);
    REQUIRE_THROWS_WITH(store.run(6, tasks.task(), 1, {}), Catch::Contains("task-0-4.txt: a damaged task result"));
  }
  SECTION("a directory that is not one of task results is refused") {
    const std::string other = mcsim::test::temp_dir("resume-other");
    spit(other + "/notes.txt", "mine");
    mcsim::TaskStore store(identity());
    REQUIRE_THROWS_WITH(store.keep_results_in(other), Catch::Contains("not a directory of task results"));
  }
  SECTION("removing the directory removes only its own files") {
    again.remove_results_directory();
    REQUIRE_FALSE(fs::exists(results));
  }
}

TEST_CASE("merge_shards: every task exactly once, from one run, or one error naming the problem") {
  const std::string dir = mcsim::test::temp_dir("merge");
  auto shard = [&](std::size_t index, std::size_t count, const mcsim::RunIdentity& id, std::size_t tasks = 7) {
    mcsim::ShardFile file{id, "tiny.csv", index, count, tasks, {}};
    for (std::size_t k = index; k < tasks; k += count) file.results.emplace(k, fmt::format("result {}\n", k));
    return file;
  };
  auto write = [&](const mcsim::ShardFile& file, const std::string& name = "") {
    const std::string path =
        name.empty() ? mcsim::shard_file_name(dir + "/tiny", file.shard, file.shards) : dir + "/" + name;
    spit(path, mcsim::shard_file_text(file));
    return path;
  };
  for (std::size_t k = 0; k < 3; ++k) write(shard(k, 3, identity()));
  const auto merged = mcsim::merge_shards(dir);
  REQUIRE(merged.files == 3);
  REQUIRE(merged.task_count == 7);
  REQUIRE(merged.results.size() == 7);
  REQUIRE(merged.results.at(5) == "result 5\n");
  REQUIRE(merged.identity == identity());

  SECTION("a missing shard is named") {
    fs::remove(dir + "/tiny.shard-1-of-3.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir),
                        Catch::Contains("shard 1/3 is missing (no tiny.shard-1-of-3.txt)") && Catch::Contains("1, 4"));
  }
  SECTION("a task in two shards (shards of different N) is named") {
    write(shard(0, 2, identity()));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("task 0 is in two shard files") &&
                                                      Catch::Contains("tiny.shard-0-of-2.txt") &&
                                                      Catch::Contains("tiny.shard-0-of-3.txt"));
  }
  SECTION("a shard given twice under another name is refused") {
    write(shard(2, 3, identity()), "tiny.shard-0-of-3.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("is named as shard 0/3 but holds shard 2/3"));
  }
  SECTION("a shard of another run (other options) is refused") {
    write(shard(1, 3, identity("8")));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("tiny.shard-1-of-3.txt: is a shard of another run") &&
                                                      Catch::Contains("--seed 8"));
  }
  SECTION("a shard of another mcsim version or input is refused") {
    auto id = identity();
    id.inputs = "fedcba9876543210";
    write(shard(2, 3, id));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("other input files"));
    auto newer = identity();
    newer.version = "99";
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, &newer), Catch::Contains("cannot be merged here") &&
                                                              Catch::Contains("made by mcsim test, not 99"));
  }
  SECTION("a damaged or truncated shard file is refused, naming it") {
    const std::string path = dir + "/tiny.shard-2-of-3.txt";
    std::string text = slurp(path);
    SECTION("one byte changed") {
      text[text.size() / 2] ^= 1;
      spit(path, text);
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir),
                          Catch::Contains("tiny.shard-2-of-3.txt: damaged shard file: its content does not match"));
    }
    SECTION("cut short") {
      spit(path, text.substr(0, text.size() - 30));
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("tiny.shard-2-of-3.txt: damaged shard file"));
    }
    SECTION("not a shard file at all") {
      spit(path, "hello\n");
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir), Catch::Contains("not a shard file"));
    }
  }
  SECTION("no shard files") {
    REQUIRE_THROWS_WITH(mcsim::merge_shards(mcsim::test::temp_dir("merge-empty")),
                        Catch::Contains("holds no shard files"));
  }
}

TEST_CASE("mcsim run --shard K/N + mcsim merge: the bytes of one run, and bad shard sets give one line and no file") {
  const std::string dir = mcsim::test::temp_dir("cli-shards");
  const std::string scenario = dir + "/tiny.toml";
  fs::copy_file(data + "/tiny.toml", scenario);
  const std::string run = "run " + scenario + " --deterministic -q ";
  const auto one = run_mcsim(run + "-o " + dir + "/one/tiny.csv");
  REQUIRE(one.exit_code == 0);
  // tiny.toml has 2 tasks (samples): shard 2/3 has none, and is a shard all the same.
  for (int k = 0; k < 3; ++k) {
    const auto r = run_mcsim(run + fmt::format("--shard {}/3 -j 1 -o {}/shards/tiny.csv", k, dir));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.out.find(fmt::format("shard {}/3: {} of 2 tasks", k, k < 2 ? 1 : 0)) != std::string::npos);
  }
  REQUIRE_FALSE(fs::exists(dir + "/shards/tiny.csv"));
  const auto merged = run_mcsim("merge " + dir + "/shards");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  REQUIRE(slurp(dir + "/shards/tiny.csv") == slurp(dir + "/one/tiny.csv"));
  // The same report printed; only the path in "wrote ..." differs.
  REQUIRE(merged.out.substr(0, merged.out.find("wrote ")) == one.out.substr(0, one.out.find("wrote ")));

  const std::string bad = dir + "/bad";
  auto fresh_copy = [&] {
    fs::remove_all(bad);
    fs::create_directories(bad);
    for (int k = 0; k < 3; ++k) {
      const std::string name = fmt::format("tiny.shard-{}-of-3.txt", k);
      fs::copy_file(dir + "/shards/" + name, bad + "/" + name);
    }
  };
  auto merge_fails = [&](const std::string& fragment) {
    require_one_line_error(run_mcsim("merge " + bad + " -o " + dir + "/out"), fragment, 2);
    REQUIRE_FALSE(fs::exists(dir + "/out/tiny.csv"));
  };
  fresh_copy();
  fs::remove(bad + "/tiny.shard-1-of-3.txt");
  merge_fails("shard 1/3 is missing");

  fresh_copy();
  REQUIRE(run_mcsim(run + "--shard 1/2 -o " + bad + "/tiny.csv").exit_code == 0);
  merge_fails("task 1 is in two shard files");

  fresh_copy();
  fs::remove(bad + "/tiny.shard-1-of-3.txt");
  REQUIRE(run_mcsim(run + "--seed 8 --shard 1/3 -o " + bad + "/tiny.csv").exit_code == 0);
  merge_fails("tiny.shard-1-of-3.txt: is a shard of another run");

  fresh_copy();
  std::string text = slurp(bad + "/tiny.shard-0-of-3.txt");
  text[text.size() / 2] ^= 1;
  spit(bad + "/tiny.shard-0-of-3.txt", text);
  merge_fails("tiny.shard-0-of-3.txt: damaged shard file");

  fresh_copy();
  spit(scenario, slurp(scenario) + "# changed after the shards ran\n");
  merge_fails("made from other input files");
}

TEST_CASE("mcsim sweep --shard: merged, the same CSV as one sweep") {
  const std::string dir = mcsim::test::temp_dir("cli-sweep-shards");
  const std::string sweep = "sweep --nodes 32 --density 2,4 --msg-unit 16,1024 --scheduler LP,CGM --samples 2 "
                            "--deterministic -q ";
  REQUIRE(run_mcsim(sweep + "-o " + dir + "/one.csv").exit_code == 0);
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(sweep + fmt::format("--shard {}/2 -o {}/shards/one.csv", k, dir)).exit_code == 0);
  const auto merged = run_mcsim("merge " + dir + "/shards");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  REQUIRE(slurp(dir + "/shards/one.csv") == slurp(dir + "/one.csv"));
}

TEST_CASE("mcsim run --resume after the run was killed: only the missing tasks run, the same bytes") {
  const std::string dir = mcsim::test::temp_dir("cli-resume");
  const std::string run = fmt::format("run {}/tiny.toml --samples 8 --deterministic -q -j 1 ", data);
  REQUIRE(run_mcsim(run + "-o " + dir + "/one/tiny.csv").exit_code == 0);
  // Started with --resume and terminated once its first task result is there.
  const std::string command = fmt::format(
      "{} {} --resume -o {}/resumed/tiny.csv >/dev/null 2>&1 & pid=$!; "
      "for i in $(seq 600); do [ -e {}/resumed/tiny.tasks/task-0-0.txt ] && break; sleep 0.05; done; "
      "kill -TERM $pid; wait $pid",
      MCSIM_BINARY, run, dir, dir);
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 143);  // 128 + SIGTERM
  REQUIRE(fs::exists(dir + "/resumed/tiny.tasks/task-0-0.txt"));
  REQUIRE_FALSE(fs::exists(dir + "/resumed/tiny.csv"));

  // Another run's options are refused, the directory kept.
  require_one_line_error(run_mcsim(run + "--seed 8 --resume -o " + dir + "/resumed/tiny.csv"),
                         "holds the task results of another run", 2);
  REQUIRE(fs::exists(dir + "/resumed/tiny.tasks/task-0-0.txt"));

  const auto resumed = run_mcsim(run + "--resume -o " + dir + "/resumed/tiny.csv");
  INFO(resumed.err);
  REQUIRE(resumed.exit_code == 0);
  const auto at = resumed.out.find("resumed: ");
  REQUIRE(at != std::string::npos);
  int before = 0, total = 0, now = 0;
  REQUIRE(std::sscanf(resumed.out.c_str() + at, "resumed: %d of %d tasks were done before, %d ran now", &before,
                      &total, &now) == 3);
  REQUIRE(before >= 1);
  REQUIRE(total == 8);
  REQUIRE(before + now == 8);
  REQUIRE(slurp(dir + "/resumed/tiny.csv") == slurp(dir + "/one/tiny.csv"));
  REQUIRE_FALSE(fs::exists(dir + "/resumed/tiny.tasks"));
}

TEST_CASE("mcsim reproduce --shard: the merged CSV and SVG are byte-identical to one run's") {
  const std::string dir = mcsim::test::temp_dir("cli-reproduce-shards");
  const std::string reproduce = "reproduce ranka92-table3 --samples 2 --deterministic -q ";
  REQUIRE(run_mcsim(reproduce + "-o " + dir + "/one").exit_code == 0);
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(reproduce + fmt::format("--shard {}/2 -o {}/shards", k, dir)).exit_code == 0);
  const auto merged = run_mcsim("merge " + dir + "/shards -o " + dir + "/merged");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  for (const char* file : {"ranka92-table3.csv", "ranka92-table3.svg"}) {
    INFO(file);
    REQUIRE(!slurp(dir + "/one/" + file).empty());
    REQUIRE(slurp(dir + "/merged/" + file) == slurp(dir + "/one/" + file));
  }
}
