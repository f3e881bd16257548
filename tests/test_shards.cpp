// Shards, merging and resumable runs (sim/runner/task_store.hpp, shard_file.hpp; --shard,
// --from-shards, --resume): a shard runs only its share, merged shards give the bytes of one run,
// every way a set of shard files can be wrong is one clear error, and a run started again runs only
// what is missing. Shard and task files are data from whoever could write their directory: edited
// ones (with the public checksum recomputed) are refused by name, and never choose a command, an
// option or an output path.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/scenario/scenario_outputs.hpp"
#include "sim/runner/shard_file.hpp"
#include "sim/runner/task_store.hpp"
#include "test_paths.hpp"

namespace fs = std::filesystem;
using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;
using mcsim::test::slurp;

namespace {

const std::string data = MCSIM_TEST_DATA;

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

mcsim::RunIdentity identity(std::uint64_t seed = 7) {
  mcsim::RunRequest request;
  request.command = "run";
  request.scenario = "/x.toml";
  request.seed = seed;
  return {"test", request, "0123456789abcdef"};
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

using TextEdit = std::function<std::string(const std::string&)>;
using FileEdit = std::function<void(mcsim::ShardFile&)>;

// Rewrites a shard file as anyone who can write its directory could: its content through `edit`,
// the checksum (FNV-1a, public) computed again, so that only the checks of the content can tell.
void edit_shard(const std::string& path, const FileEdit& edit) {
  mcsim::ShardFile file = mcsim::read_shard_file(path);
  edit(file);
  spit(path, mcsim::shard_file_text(file));
}
FileEdit each_result(const TextEdit& edit) {
  return [edit](mcsim::ShardFile& file) {
    for (auto& [task, text] : file.results) text = edit(text);
  };
}

// A run (`command`, without -o) whose shard files are in DIR/pristine; merge_edited merges a copy
// in DIR/shards whose file `name` went through an edit, writing DIR/out/CSV.
struct ShardedRun {
  std::string dir, command, csv;

  mcsim::test::CommandResult merge_edited(const std::string& name, const FileEdit& edit) const {
    fs::remove_all(dir + "/shards");
    fs::copy(dir + "/pristine", dir + "/shards");
    edit_shard(dir + "/shards/" + name, edit);
    return run_mcsim(command + "--from-shards " + dir + "/shards -o " + dir + "/out/" + csv);
  }
  // The merge fails as mcsim promises (one line holding `fragment`, exit status 2) and writes nothing.
  void refuses(const std::string& name, const FileEdit& edit, const std::string& fragment) const {
    INFO(fragment);
    require_one_line_error(merge_edited(name, edit), fragment, 2);
    REQUIRE_FALSE(fs::exists(dir + "/out"));
  }
};

// The same for a kept task result (--resume): "mcsim task RUN B K BYTES HASH", then the text.
void edit_task_file(const std::string& path, const std::function<std::string(const std::string&)>& edit) {
  const std::string content = slurp(path);
  const auto end = content.find('\n');
  std::istringstream head(content.substr(0, end));
  std::string mcsim, word, run;
  std::size_t batch = 0, task = 0;
  head >> mcsim >> word >> run >> batch >> task;
  const std::string text = edit(content.substr(end + 1));
  spit(path, fmt::format("mcsim task {} {} {} {} {}\n", run, batch, task, text.size(), mcsim::hex64(mcsim::fnv1a64(text))) +
                 text);
}

// `text` with its white-space separated word number `n` (from 0) replaced by `word`.
std::string with_word(const std::string& text, std::size_t n, const std::string& word) {
  std::size_t at = 0;
  for (std::size_t i = 0;; ++i) {
    at = text.find_first_not_of(" \n", at);
    const std::size_t end = text.find_first_of(" \n", at);
    if (i == n) return text.substr(0, at) + word + text.substr(end);
    at = end;
  }
}

// `text` (job records, one a line) without its last record.
std::string without_last_record(const std::string& text) {
  return text.substr(0, text.rfind('\n', text.size() - 2) + 1);
}

// Every file under `dir`, relative to it.
std::vector<std::string> files_under(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (!entry.is_directory()) files.push_back(fs::relative(entry.path(), dir).string());
  std::sort(files.begin(), files.end());
  return files;
}

// Two small cases of a redistribution (kind "redistribution": two series, so two records a task).
const char* const redistribution_scenario = R"(id = "red"
kind = "redistribution"
title = "two small cases"
source = "test"
report = "times"
[machine]
name = "cp-pacs"
nodes = 64
[redistribution]
cases = [{x = 8, p = 5, y = 6, q = 5}, {x = 8, p = 10, y = 6, q = 5}]
global_size = 1200
element_bytes = 4
baseline = "no scheduling"
series = [{label = "no scheduling", scheduler = "general"}, {label = "scheduled", scheduler = "align-message"}]
)";

}  // namespace

TEST_CASE("A run's identity is its typed request, written canonically and read back equal, and an earlier format is refused") {
  mcsim::RunRequest request;
  request.command = "sweep";
  request.machine = "cm5";
  request.nodes = {32, 64};
  request.densities = {8};
  request.msg_units = {16, 4096};
  request.workload = "random-density";
  request.schedulers = {"LP", "CGMH:lambda=7/8,reset=off"};
  request.samples = 4;
  request.seed = 18446744073709551615ull;
  request.max_nodes = 1024;
  request.deterministic = true;
  request.simgrid_settings = {"network/model:CM02"};
  request.machine_options = {{"node_interface", "duplex"}, {"a", "b=c"}};
  request.factors = {0.1, 2, 1e-300};
  request.varied_options = {"node_interface"};
  const mcsim::RunIdentity id{"1.2.3", request, "0123456789abcdef"};
  const std::string text = id.to_text();
  std::size_t at = 0;
  const mcsim::RunIdentity back = mcsim::read_run_identity(text, &at, "x");
  REQUIRE(back == id);  // every field, the doubles bit for bit
  REQUIRE(at == text.size());
  REQUIRE(text.starts_with("identity 2\nversion 1.2.3\ncommand sweep\nmachine cm5\nnodes 32,64\n"));
  REQUIRE(request.shown().starts_with("sweep --machine cm5 --nodes 32,64 --density 8 --msg-unit 16,4096"));

  SECTION("what differs is named by the option that sets it") {
    mcsim::RunIdentity other = id;
    other.request.samples = 8;
    REQUIRE_THAT(id.difference(other), Catch::Contains("made by another command") &&
                                           Catch::EndsWith("(--samples 8, not --samples 4)"));
    other = id;
    other.request.deterministic = false;
    REQUIRE_THAT(id.difference(other), Catch::EndsWith("(no --deterministic, not --deterministic)"));
    REQUIRE(id.difference(id).empty());
    // The sharing asked for is part of the identity; `auto` (the default) is not written, so the
    // identities of runs that leave it to `auto` read as before.
    other = id;
    other.request.sharing = mcsim::SharingRequest::fluid;
    REQUIRE_THAT(id.difference(other), Catch::EndsWith("(--sharing fluid, not no --sharing)"));
    const std::string fluid_text = other.to_text();
    REQUIRE(fluid_text.find("\nsharing fluid\n") != std::string::npos);
    REQUIRE(text.find("sharing") == std::string::npos);
    std::size_t fluid_at = 0;
    REQUIRE(mcsim::read_run_identity(fluid_text, &fluid_at, "x") == other);
  }
  SECTION("a value with a line break cannot be stored") {
    mcsim::RunIdentity broken = id;
    broken.request.scenario = "a\nb";
    REQUIRE_THROWS_WITH(broken.to_text(), Catch::Contains("has a line break"));
  }
  SECTION("the identity of format 1 (the command's words), another format, unknown or bad fields: one line each") {
    const auto error_of = [](const std::string& bad) {
      std::size_t at = 0;
      try {
        (void)mcsim::read_run_identity(bad, &at, "F");
      } catch (const mcsim::Error& e) {
        return std::string(e.what());
      }
      return std::string("read");
    };
    REQUIRE_THAT(error_of("version 1.0\ncommand 2\nreproduce\nx\ninputs none\n"),
                 Catch::Contains("F: was written by an earlier mcsim (its run identity is of format 1"));
    REQUIRE_THAT(error_of("identity 3\n"), Catch::Contains("format '3', this mcsim reads format 2"));
    REQUIRE_THAT(error_of("identity 2\nversion 1\ncommand run\nfrobnicate 1\ninputs none\n"),
                 Catch::Contains("no field 'frobnicate'"));
    REQUIRE_THAT(error_of("identity 2\nversion 1\ncommand run\nsamples 0\ninputs none\n"),
                 Catch::Contains("F: its run's samples"));
    REQUIRE_THAT(error_of("identity 2\nversion 1\ncommand run\nsamples 2\n"), Catch::Contains("truncated"));
  }
}

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

  // A second list goes on numbering (shard 1/3 runs its tasks 7 + 0, 7 + 3), and a task of the shard
  // that fails fails the shard: not an mcsim::Error that a caller could take for a part's failure.
  REQUIRE_THROWS_AS(store.run(4, tasks.task(), 2, {}), mcsim::ShardDone);
  REQUIRE(store.task_count() == 11);
  REQUIRE(store.shard_results().size() == 4);
  REQUIRE(store.shard_results().at(10) == "result of task 3\nwith a second line");
  spit(tasks.dir + "/fail-2", "");  // the third list's task 2 is task 13, shard 1's
  REQUIRE_THROWS_MATCHES(store.run(3, tasks.task(), 1, {}), mcsim::ShardFailed,
                         Catch::Message("shard 1/3: task: task 2 failed"));
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
    REQUIRE(texts[k].text == fmt::format("result of task {}\nwith a second line", k));
    REQUIRE(tasks.runs_of(k) == (k == 3 ? 2 : 1));  // task 3 ran twice (it failed once), the others once
  }

  SECTION("a directory of another run is refused, and left as it is") {
    mcsim::TaskStore other(identity(8));
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

TEST_CASE("merge_shards: every task of the run asked for exactly once, or one error naming the problem") {
  const std::string dir = mcsim::test::temp_dir("merge");
  auto shard = [&](std::size_t index, std::size_t count, const mcsim::RunIdentity& id, std::size_t tasks = 7) {
    mcsim::ShardFile file{id, index, count, tasks, {}};
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
  const auto merged = mcsim::merge_shards(dir, identity());
  REQUIRE(merged.files == 3);
  REQUIRE(merged.task_count == 7);
  REQUIRE(merged.results.size() == 7);
  REQUIRE(merged.results.at(5) == "result 5\n");
  REQUIRE(merged.source.at(5) == dir + "/tiny.shard-2-of-3.txt");

  SECTION("a missing shard is named, with the tasks that have no result") {
    fs::remove(dir + "/tiny.shard-1-of-3.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("shard 1/3 is missing (no tiny.shard-1-of-3.txt): tasks 1, 4 have no result"));
    fs::remove(dir + "/tiny.shard-2-of-3.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("shards 1/3, 2/3 are missing (no tiny.shard-1-of-3.txt, ...): tasks 1, 2, 4, 5 "
                                        "have no result"));
  }
  SECTION("one task missing: 'task K has no result'; shards of one run listing other task counts") {
    fs::remove_all(dir);
    fs::create_directories(dir);
    write(shard(0, 2, identity(), 2));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("shard 1/2 is missing (no tiny.shard-1-of-2.txt): task 1 has no result"));
    write(shard(1, 2, identity(), 3));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("tiny.shard-1-of-2.txt: lists 3 tasks, tiny.shard-0-of-2.txt lists 2"));
  }
  SECTION("a task in two shards (shards of different N) is named") {
    write(shard(0, 2, identity()));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()), Catch::Contains("task 0 is in two shard files") &&
                                                                  Catch::Contains("tiny.shard-0-of-2.txt") &&
                                                                  Catch::Contains("tiny.shard-0-of-3.txt"));
  }
  SECTION("a shard given twice under another name is refused") {
    write(shard(2, 3, identity()), "tiny.shard-0-of-3.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("is named as shard 0/3 but holds shard 2/3"));
  }
  SECTION("a shard of another run (other options) is not taken, and the missing shard says so") {
    write(shard(1, 3, identity(8)));
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("shard 1/3 is missing (tiny.shard-1-of-3.txt is of another run: it was made "
                                        "by another command") &&
                            Catch::Contains("--seed 8"));
  }
  SECTION("shards of two runs in one directory: each run takes its own") {
    for (std::size_t k = 0; k < 2; ++k) write(shard(k, 2, identity(8), 5), fmt::format("eight.shard-{}-of-2.txt", k));
    REQUIRE(mcsim::merge_shards(dir, identity()).files == 3);
    const auto eight = mcsim::merge_shards(dir, identity(8));
    REQUIRE(eight.files == 2);
    REQUIRE(eight.task_count == 5);
    REQUIRE(eight.source.at(3) == dir + "/eight.shard-1-of-2.txt");
  }
  SECTION("no shard of the run asked for: what differs in one that is there") {
    auto newer = identity();
    newer.version = "99";
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, newer),
                        Catch::Contains("holds no shard file of this run: tiny.shard-0-of-3.txt was made by mcsim "
                                        "test, not 99 (and 2 more files of other runs)"));
    auto other_inputs = identity();
    other_inputs.inputs = "fedcba9876543210";
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, other_inputs), Catch::Contains("other input files"));
  }
  SECTION("a damaged or truncated shard file is refused, naming it") {
    const std::string path = dir + "/tiny.shard-2-of-3.txt";
    std::string text = slurp(path);
    SECTION("one byte changed") {
      text[text.size() / 2] ^= 1;
      spit(path, text);
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                          Catch::Contains("tiny.shard-2-of-3.txt: damaged shard file: its content does not match"));
    }
    SECTION("cut short") {
      spit(path, text.substr(0, text.size() - 30));
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                          Catch::Contains("tiny.shard-2-of-3.txt: damaged shard file"));
    }
    SECTION("not a shard file at all") {
      spit(path, "hello\n");
      REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()), Catch::Contains("not a shard file"));
    }
  }
  SECTION("counts up to 10^12 are refused from the file's own bytes, before any list or loop of that length") {
    mcsim::ShardFile huge = shard(0, 1, identity(), 1);
    huge.task_count = 1'000'000'000'000;
    write(huge);
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("tiny.shard-0-of-1.txt: damaged shard file: holds 1 of its 1000000000000 tasks"));
    huge.shards = 1'000'000;
    fs::remove(dir + "/tiny.shard-0-of-1.txt");
    write(huge, "tiny.shard-0-of-1000000.txt");
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()), Catch::Contains("bad shard number"));
  }
  SECTION("a file beyond any shard file's size is not read (a sparse file of 1 GiB + 1 byte)") {
    const std::string path = dir + "/tiny.shard-2-of-3.txt";
    spit(path, "mcsim shard results\n");
    fs::resize_file(path, mcsim::max_shard_file_bytes + 1);
    REQUIRE_THROWS_WITH(mcsim::merge_shards(dir, identity()),
                        Catch::Contains("tiny.shard-2-of-3.txt: the shard file is larger than 1073741824 bytes"));
  }
  SECTION("what a file of another run recorded is shown shortened") {
    auto id = identity();
    id.request.machine = std::string(100000, 'x');
    for (std::size_t k = 0; k < 3; ++k) write(shard(k, 3, id));
    try {
      (void)mcsim::merge_shards(dir, identity());
      FAIL("merged");
    } catch (const mcsim::Error& e) {
      REQUIRE_THAT(e.what(), Catch::Contains("xxx... (100031 characters)', not 'run /x.toml --seed 7'"));
      REQUIRE(std::string(e.what()).size() < 800);
    }
  }
  SECTION("no shard files") {
    REQUIRE_THROWS_WITH(mcsim::merge_shards(mcsim::test::temp_dir("merge-empty"), identity()),
                        Catch::Contains("holds no shard files"));
  }
}

TEST_CASE("mcsim run --shard K/N, then --from-shards: the bytes of one run, and bad shard sets give one line and no file", "[cli]") {
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
  const auto merged = run_mcsim(run + "--from-shards " + dir + "/shards -o " + dir + "/shards/tiny.csv");
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
    require_one_line_error(run_mcsim(run + "--from-shards " + bad + " -o " + dir + "/out/tiny.csv"), fragment, 2);
    REQUIRE_FALSE(fs::exists(dir + "/out"));
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
  merge_fails("shard 1/3 is missing (tiny.shard-1-of-3.txt is of another run: it was made by another command");

  fresh_copy();
  std::string text = slurp(bad + "/tiny.shard-0-of-3.txt");
  text[text.size() / 2] ^= 1;
  spit(bad + "/tiny.shard-0-of-3.txt", text);
  merge_fails("tiny.shard-0-of-3.txt: damaged shard file");

  fresh_copy();
  spit(scenario, slurp(scenario) + "# changed after the shards ran\n");
  merge_fails("made from other input files");

  // The word `merge` of earlier versions says what replaced it.
  require_one_line_error(run_mcsim("merge " + dir + "/shards"), "give the command the shards ran again with "
                                                                 "--from-shards DIR", 2);
}

TEST_CASE("mcsim sweep --shard: merged with --from-shards, the same CSV as one sweep", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("cli-sweep-shards");
  const std::string sweep = "sweep --nodes 32 --density 2,4 --msg-unit 16,1024 --scheduler LP,CGM --samples 2 "
                            "--deterministic -q ";
  REQUIRE(run_mcsim(sweep + "-o " + dir + "/one.csv").exit_code == 0);
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(sweep + fmt::format("--shard {}/2 -o {}/shards/one.csv", k, dir)).exit_code == 0);
  const auto merged = run_mcsim(sweep + "--from-shards " + dir + "/shards -o " + dir + "/merged.csv");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  REQUIRE(slurp(dir + "/merged.csv") == slurp(dir + "/one.csv"));
}

TEST_CASE("mcsim run --resume after the run was killed: only the missing tasks run, the same bytes", "[cli]") {
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

TEST_CASE("mcsim reproduce --shard: the merged CSV and SVG are byte-identical to one run's", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("cli-reproduce-shards");
  const std::string reproduce = "reproduce ranka92-table3 --samples 2 --deterministic -q ";
  REQUIRE(run_mcsim(reproduce + "-o " + dir + "/one").exit_code == 0);
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(reproduce + fmt::format("--shard {}/2 -o {}/shards", k, dir)).exit_code == 0);
  const auto merged = run_mcsim(reproduce + "--from-shards " + dir + "/shards -o " + dir + "/merged");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  for (const char* file : {"ranka92-table3.csv", "ranka92-table3.svg"}) {
    INFO(file);
    REQUIRE(!slurp(dir + "/one/" + file).empty());
    REQUIRE(slurp(dir + "/merged/" + file) == slurp(dir + "/one/" + file));
  }
}

TEST_CASE("Shard files are data: the command, its options and every output path come from the person merging", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("hostile-shards");
  // A series label that a shell would run, as the adversary's scenario had it.
  spit(dir + "/evil.toml", "id = \"evil\"\nsamples = 2\n[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\n"
                           "name = \"random-density\"\ndensity = 2\n[sweep]\nmsg_unit = [16]\n[[series]]\n"
                           "label = \"x $(touch PWNED) y\"\nscheduler = \"LP\"\n");
  const std::string run = fmt::format("run {}/evil.toml --deterministic -q ", dir);
  REQUIRE(run_mcsim(run + "-o " + dir + "/one/evil.csv").exit_code == 0);
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(run + fmt::format("--shard {}/2 -o {}/shared/evil.csv", k, dir)).exit_code == 0);
  const std::string shared = dir + "/shared";
  const std::string pristine = dir + "/pristine";
  fs::copy(shared, pristine);
  auto restore = [&] {
    fs::remove_all(shared);
    fs::copy(pristine, shared);
  };
  auto merge_fails = [&](const std::string& fragment) {
    const auto r = run_mcsim(run + "--from-shards " + shared + " -o " + dir + "/results/evil.csv");
    require_one_line_error(r, fragment, 2);
    REQUIRE(r.out.empty());  // no help, no report
    REQUIRE_FALSE(fs::exists(dir + "/results"));
  };

  SECTION("an 'output' line pointing at a .bashrc (the earlier format): refused, nothing written there") {
    fs::create_directories(dir + "/victim");
    for (int k = 0; k < 2; ++k) {
      const std::string path = fmt::format("{}/evil.shard-{}-of-2.txt", shared, k);
      std::string text = slurp(path);
      text = text.substr(0, text.rfind("end "));
      text.insert(text.find("\nshard ") + 1, "output ../victim/.bashrc\n");
      spit(path, text + fmt::format("end {}\n", mcsim::hex64(mcsim::fnv1a64(text))));
    }
    merge_fails("evil.shard-0-of-2.txt: damaged shard file: expected 'shard ...', found 'output ../victim/.bashrc'");
    REQUIRE(fs::is_empty(dir + "/victim"));
  }
  SECTION("a recorded request with --help, -o or a path is only compared, never run") {
    for (const std::string& extra : {std::string("--help"), "-o " + dir + "/victim.csv", std::string("/etc")}) {
      restore();
      for (int k = 0; k < 2; ++k)
        edit_shard(fmt::format("{}/evil.shard-{}-of-2.txt", shared, k), [&](mcsim::ShardFile& file) {
          file.identity.request.scenario = extra;
          file.identity.request.simgrid_settings.push_back(extra);
        });
      merge_fails("holds no shard file of this run: evil.shard-0-of-2.txt was made by another command");
      REQUIRE_FALSE(fs::exists(dir + "/victim.csv"));
    }
  }
  SECTION("the shards of this run: written where the person merging said, and only there") {
    const auto r = run_mcsim(run + "--from-shards " + shared + " -o " + dir + "/results/evil.csv");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(slurp(dir + "/results/evil.csv") == slurp(dir + "/one/evil.csv"));
    REQUIRE(files_under(dir + "/results") == files_under(dir + "/one"));
    REQUIRE(files_under(shared) == files_under(pristine));
  }
  REQUIRE_FALSE(fs::exists("PWNED"));
  REQUIRE_FALSE(fs::exists(dir + "/PWNED"));
}

TEST_CASE("Edited results with their checksum recomputed are refused, naming the file and the task", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("edited-results");
  const ShardedRun run{dir, fmt::format("run {}/tiny.toml --deterministic -q ", data), "tiny.csv"};
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(run.command + fmt::format("--shard {}/2 -o {}/pristine/tiny.csv", k, dir)).exit_code == 0);
  // Edits of shard 1's result (task 1; 8 job records, one a line: "job PHASES HOST_S COMM_S ...").
  const std::string file = "tiny.shard-1-of-2.txt";
  const std::vector<std::pair<TextEdit, std::string>> cases = {
      {[](const std::string& t) { return with_word(t, 3, "nan"); },
       "tiny.shard-1-of-2.txt, task 1: job records: at byte"},
      {[](const std::string& t) { return with_word(t, 3, "nan"); }, "'nan' is not a number from 0 to 1e100"},
      {[](const std::string& t) { return with_word(t, 3, "-0.004"); }, "'-0.004' is not a number from 0 to 1e100"},
      {[](const std::string& t) { return with_word(t, 2, "inf"); }, "'inf' is not a number from 0 to 1e100"},
      {[](const std::string& t) { return with_word(t, 3, "1e308"); }, "'1e308' is not a number from 0 to 1e100"},
      {[](const std::string& t) { return with_word(t, 1, "-3"); }, "task 1: job records: at byte 4: '-3' is not a number"},
      {without_last_record, "tiny.shard-1-of-2.txt, task 1: holds 7 job records, its task list has 8 jobs"},
      {[](const std::string&) { return std::string(); }, "task 1: holds 0 job records, its task list has 8 jobs"},
      {[](const std::string& t) { return t + "job x"; }, "tiny.shard-1-of-2.txt, task 1: job records: at byte"},
      // Counts up to 10^12 (2.1 GB, then "out of memory", before): bounded by the bytes left.
      {[](const std::string& t) { return t + "job 1 0 0 0 0 1 run 32 1000000000000 0\n"; },
       "a count of 1000000000000 cannot be"},
      {[](const std::string& t) { return t + "job 1 0 0 1000000000000 a 1 0 0\n"; }, "task 1: job records: at byte"},
      // A record that carries a whole run (no scenario's task list asks for one).
      {[](const std::string& t) { return without_last_record(t) + "job 1 0 0 0 0 1\nrun 2 0 0\n0\n0\n0\n"; },
       "tiny.shard-1-of-2.txt, task 1: a job record holds a whole run"},
  };
  for (const auto& [edit, fragment] : cases) run.refuses(file, each_result(edit), fragment);
  // A list of 10^12 tasks (a loop of more than 20 s before): the file's own bytes bound it.
  run.refuses(file, [](mcsim::ShardFile& f) { f.task_count = 1'000'000'000'000; },
              "tiny.shard-1-of-2.txt: damaged shard file: holds 1 of its 500000000000 tasks");
  // The pristine shards still merge.
  REQUIRE(run.merge_edited(file, [](mcsim::ShardFile&) {}).exit_code == 0);
}

#if !defined(__SANITIZE_ADDRESS__)  // AddressSanitizer cannot start under a limit of address space
TEST_CASE("Out of memory while reading a shard file names the file", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("shard-memory");
  // A shard file of 900 MB (sparse: its head, then zeros), read under a 400 MB address-space limit.
  fs::create_directories(dir + "/shards");
  spit(dir + "/shards/tiny.shard-0-of-1.txt", "mcsim shard results\n");
  fs::resize_file(dir + "/shards/tiny.shard-0-of-1.txt", 900'000'000);
  const int status = std::system(
      fmt::format("ulimit -v 400000; {} run {}/tiny.toml -q --from-shards {}/shards -o {}/out/tiny.csv >{}/out.txt "
                  "2>{}/err.txt",
                  MCSIM_BINARY, data, dir, dir, dir, dir)
          .c_str());
  const mcsim::test::CommandResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir + "/out.txt"),
                                     slurp(dir + "/err.txt")};
  require_one_line_error(r, "/shards/tiny.shard-0-of-1.txt: out of memory while reading it", 2);
  REQUIRE_FALSE(fs::exists(dir + "/out"));
}
#endif

TEST_CASE("A redistribution report fed fewer results than its task list: one error naming file and task, no crash", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("short-results");
  spit(dir + "/red.toml", redistribution_scenario);
  const ShardedRun run{dir, fmt::format("run {}/red.toml -q ", dir), "red.csv"};
  REQUIRE(run_mcsim(run.command + "--shard 0/1 -o " + dir + "/pristine/red.csv").exit_code == 0);
  // One record of task 0 left out (1.15e+174 in the CSV before), and none at all (a crash before).
  run.refuses("red.shard-0-of-1.txt", each_result(without_last_record),
              "red.shard-0-of-1.txt, task 0: holds 1 job record, its task list has 2 jobs");
  run.refuses("red.shard-0-of-1.txt", each_result([](const std::string&) { return std::string(); }),
              "red.shard-0-of-1.txt, task 0: holds 0 job records, its task list has 2 jobs");

  // The same from a kept task result (--resume), through the report's own code.
  const mcsim::Scenario scenario = mcsim::load_scenario(dir + "/red.toml");
  const std::string results = dir + "/red.tasks";
  auto run_with_store = [&] {
    mcsim::TaskStore store(identity());
    store.keep_results_in(results);
    mcsim::RunOptions options;
    options.tasks = &store;
    return mcsim::run_scenario(scenario, options, {});
  };
  const std::string csv = run_with_store().files.front().text;
  REQUIRE(fs::exists(results + "/task-0-1.txt"));
  edit_task_file(results + "/task-0-1.txt", without_last_record);
  REQUIRE_THROWS_WITH(run_with_store(),
                      Catch::Contains("red.tasks/task-0-1.txt, task 1: holds 1 job record, its task list has 2 jobs"));
  edit_task_file(results + "/task-0-1.txt", [](const std::string& t) { return with_word(t, 3, "nan"); });
  REQUIRE_THROWS_WITH(run_with_store(), Catch::Contains("red.tasks/task-0-1.txt, task 1: job records: at byte") &&
                                            Catch::Contains("'nan' is not a number from 0 to 1e100"));
  fs::remove(results + "/task-0-1.txt");  // removed, it runs again
  REQUIRE(run_with_store().files.front().text == csv);
}

TEST_CASE("Bounded traffic: a result without the matrix's parameters is refused by name (not 'map::at')", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("bounded-results");
  spit(dir + "/bt.toml", "id = \"bt\"\ntitle = \"t\"\nsource = \"s\"\nkind = \"bounded-traffic\"\nsamples = 1\n"
                         "[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\nname = \"bounded-traffic\"\n"
                         "fan_out = 32\nnonuniformity = 0.03125\ntraffic = [1024]\n[sweep]\nmsg_unit = 4\n"
                         "[[series]]\nlabel = \"two-stage\"\nscheduler = \"two-stage\"\n[[series]]\n"
                         "label = \"all-to-all\"\nscheduler = \"AAPC-same-traffic\"\n");
  const ShardedRun run{dir, fmt::format("run {}/bt.toml -q ", dir), "bt.csv"};
  REQUIRE(run_mcsim(run.command + "--shard 0/1 -o " + dir + "/pristine/bt.csv").exit_code == 0);
  // The first record measures "6 c C f F g G h H r R t T" (its words 5 to 17).
  const std::string file = "bt.shard-0-of-1.txt";
  run.refuses(file, each_result([](const std::string& t) {
                return with_word(with_word(with_word(t, 15, ""), 14, ""), 5, "5");
              }),
              "bt.shard-0-of-1.txt, task 0: its first job record does not measure 'r'");
  run.refuses(file, each_result([](const std::string& t) { return with_word(t, 15, "1e20"); }),
              "bt.shard-0-of-1.txt, task 0: its first job record measures r = 1e+20, not a whole number up to "
              "9007199254740992");
  run.refuses(file, each_result([](const std::string& t) { return with_word(t, 9, "0.5"); }),
              "measures f = 0.5, not a whole number");
}

TEST_CASE("Two sharded runs in one -o directory: each merged by its own command, byte for byte", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("two-runs");
  fs::create_directories(dir + "/scenarios");
  fs::copy_file(data + "/tiny.toml", dir + "/scenarios/tiny.toml");
  std::string other = slurp(data + "/tiny.toml");
  other.replace(other.find("id = \"tiny\""), 11, "id = \"tiny2\"");
  other.replace(other.find("seed = 7"), 8, "seed = 8");
  spit(dir + "/scenarios/tiny2.toml", other);
  for (const char* id : {"tiny", "tiny2"}) {
    const std::string reproduce = fmt::format("reproduce {} --scenarios {}/scenarios --deterministic -q ", id, dir);
    REQUIRE(run_mcsim(reproduce + "-o " + dir + "/one").exit_code == 0);
    for (int k = 0; k < 2; ++k)
      REQUIRE(run_mcsim(reproduce + fmt::format("--shard {}/2 -o {}/results", k, dir)).exit_code == 0);
  }
  for (const char* id : {"tiny", "tiny2"}) {
    INFO(id);
    const auto merged = run_mcsim(fmt::format("reproduce {} --scenarios {}/scenarios --deterministic -q --from-shards "
                                              "{}/results -o {}/results",
                                              id, dir, dir, dir));
    INFO(merged.err);
    REQUIRE(merged.exit_code == 0);
    REQUIRE(slurp(fmt::format("{}/results/{}.csv", dir, id)) == slurp(fmt::format("{}/one/{}.csv", dir, id)));
  }
  REQUIRE(slurp(dir + "/results/tiny.csv") != slurp(dir + "/results/tiny2.csv"));
}

TEST_CASE("mcsim sensitivity --shard, --from-shards and --resume: the bytes of one study", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("sensitivity-shards");
  // Two variants (the baseline and cmmd = overlapped) of two tasks each: 3 shards cut across them.
  const std::string study = "sensitivity ranka92-table3 --samples 2 --option cmmd -q ";
  const auto one = run_mcsim(study + "-o " + dir + "/one");
  REQUIRE(one.exit_code == 0);
  for (int k = 0; k < 3; ++k) {
    const auto r = run_mcsim(study + fmt::format("--shard {}/3 -o {}/shards", k, dir));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.out.find(fmt::format("shard {}/3: {} of 4 tasks", k, k == 0 ? 2 : 1)) != std::string::npos);
  }
  REQUIRE(files_under(dir + "/shards").size() == 3);
  const auto merged = run_mcsim(study + "--from-shards " + dir + "/shards -o " + dir + "/merged");
  INFO(merged.err);
  REQUIRE(merged.exit_code == 0);
  REQUIRE(merged.out.substr(0, merged.out.find("wrote ")) == one.out.substr(0, one.out.find("wrote ")));
  const auto resumed = run_mcsim(study + "--resume -o " + dir + "/resumed");
  REQUIRE(resumed.exit_code == 0);
  for (const char* file : {"ranka92-table3.sensitivity.csv", "ranka92-table3.sensitivity.svg"}) {
    INFO(file);
    REQUIRE(!slurp(dir + "/one/" + file).empty());
    REQUIRE(slurp(dir + "/merged/" + file) == slurp(dir + "/one/" + file));
    REQUIRE(slurp(dir + "/resumed/" + file) == slurp(dir + "/one/" + file));
  }
  REQUIRE_FALSE(fs::exists(dir + "/resumed/ranka92-table3.sensitivity.tasks"));
  // Another study (other factors) does not take these shards.
  require_one_line_error(run_mcsim(study + "--factors 0.25,4 --from-shards " + dir + "/shards -o " + dir + "/x"),
                         "holds no shard file of this run", 2);
}
