// The mcsim command as a user meets it: bad input gives one line, a non-zero exit and no file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <variant>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/output/csv_cells.hpp"
#include "sim/scenario/scenario.hpp"
#include "test_paths.hpp"

using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;

namespace {
const std::string data = MCSIM_TEST_DATA;

}  // namespace

TEST_CASE("mcsim --help explains itself", "[cli]") {
  const auto r = run_mcsim("--help");
  REQUIRE(r.exit_code == 0);
  for (const char* word : {"reproduce", "sweep", "list", "run", "bench"}) REQUIRE(r.out.find(word) != std::string::npos);
}

namespace {

// Every line of `text` within `columns` (issue 49: `list machines -v` ran to ~250 characters).
void require_lines_within(const std::string& text, std::size_t columns) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    REQUIRE(line.size() <= columns);
  }
}

}  // namespace

TEST_CASE("bare mcsim prints the help and --help lists every command with a one-line purpose, the replay among them",
          "[cli]") {
  const auto bare = run_mcsim("");
  REQUIRE(bare.exit_code == 0);
  REQUIRE(bare.err.empty());
  const auto help = run_mcsim("--help");
  REQUIRE(help.out == bare.out);
  require_lines_within(help.out, 100);
  const std::vector<std::pair<std::string, std::string>> purposes{
      {"list", "List what mcsim knows"},
      {"reproduce", "Reproduce a paper table or figure"},
      {"timeline", "Simulate one schedule of one matrix, with --html a replay to play in a browser"},
      {"sweep", "Sweep node count, density, message unit and scheduler on one machine"},
      {"claims", "Judge every claim of the five papers"}};
  for (const auto& [command, purpose] : purposes)
    CHECK(help.out.find(fmt::format("\n  {:<14}{}\n", command, purpose)) != std::string::npos);
  CHECK(help.out.find("timeline --machine t3d --nodes 64 --html") != std::string::npos);
  // The whole description stays in the command's own help, and the replay's #t= is explained there.
  const auto timeline = run_mcsim("timeline --help");
  CHECK(timeline.out.find("#t=MS") != std::string::npos);
}

TEST_CASE("mcsim list machines -v fits 100 columns and marks each assumption once", "[cli]") {
  const auto r = run_mcsim("list machines -v");
  REQUIRE(r.exit_code == 0);
  require_lines_within(r.out, 100);
  CHECK(r.out.find("assumption: assumption") == std::string::npos);
  CHECK(r.out.find("\n        assumption: ") != std::string::npos);  // under its parameter, once
}

TEST_CASE("mcsim list shows the registries", "[cli]") {
  const auto r = run_mcsim("list -v");
  REQUIRE(r.exit_code == 0);
  for (const char* word : {"cm5", "LP", "CGM+sort", "AC", "random-density", "loosely-synchronous", "ranka92-table3",
                           "Ponnusamy", "transports (switching models"})
    REQUIRE(r.out.find(word) != std::string::npos);
}

TEST_CASE("Bad scenarios: one line naming the problem and the place, non-zero exit, no output file", "[cli]") {
  const auto dir = mcsim::test::temp_dir("cli");
  const auto scenario_dir = mcsim::test::temp_dir("cli-scenario");
  const std::string out = " -q -o " + dir + "/result.csv";
  require_one_line_error(run_mcsim("run " + data + "/bad_syntax.toml" + out), "bad_syntax.toml:2");
  require_one_line_error(run_mcsim("run " + data + "/unknown_scheduler.toml" + out), "unknown scheduler 'CGMX'");
  require_one_line_error(run_mcsim("run " + data + "/bad_nodes.toml" + out), "cannot take 48 nodes");
  require_one_line_error(run_mcsim("run " + data + "/unknown_key.toml" + out), "unknown key 'densty'");
  {
    std::ifstream in(data + "/matrix_too_big.toml");
    std::stringstream text;
    text << in.rdbuf();
    std::string scenario = text.str();
    scenario.replace(scenario.find("@DATA@"), 6, data);
    std::ofstream(scenario_dir + "/matrix_too_big.toml") << scenario;
  }
  require_one_line_error(run_mcsim("run " + scenario_dir + "/matrix_too_big.toml" + out), "matrix64.csv:3");
  require_one_line_error(run_mcsim("reproduce no-such-table -q -o " + dir), "no experiment 'no-such-table'");
  require_one_line_error(run_mcsim("sweep -q --scheduler LP,CGMX -o " + dir + "/sweep.csv"), "unknown scheduler 'CGMX'");
  require_one_line_error(run_mcsim("sweep -q --nodes 32,40 -o " + dir + "/sweep.csv"), "cannot take 40 nodes");
  REQUIRE_FALSE(std::filesystem::exists(dir + "/result.csv"));
  REQUIRE_FALSE(std::filesystem::exists(dir + "/sweep.csv"));
  REQUIRE(std::filesystem::is_empty(dir));
}

TEST_CASE("mcsim sweep draws its grid beside the CSV, and none beside a CSV written through", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("cli-sweep-picture");
  const auto r = run_mcsim("sweep -q --samples 2 -j 1 --nodes 32,64 --density 2,4 --msg-unit 16,256 --scheduler LP,CGM -o " +
                           dir + "/grid.csv");
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("wrote " + dir + "/grid.svg") != std::string::npos);
  // It prints a summary, a line per (nodes, density, msg_unit), not its CSV (issue 49).
  CHECK(r.out.find("experiment,machine") == std::string::npos);
  CHECK(r.out.find("sweep on cm5: 16 cells x 2 sample(s)") != std::string::npos);
  CHECK(r.out.find("\n    64       4       256 ") != std::string::npos);
  const std::string svg = mcsim::test::slurp(dir + "/grid.svg");
  REQUIRE(svg.find("</svg>") != std::string::npos);
  // A panel per (node count, density), titled by the machine's name, the key in the first one.
  for (const char* panel : {"cm5: 32 nodes, d = 2 (lines: mean", "cm5: 32 nodes, d = 4", "cm5: 64 nodes, d = 2",
                            "cm5: 64 nodes, d = 4"})
    CHECK(svg.find(panel) != std::string::npos);
  CHECK(svg.find(">CGM</text>") != std::string::npos);
  // -o x.svg would put the CSV and its picture on one file.
  require_one_line_error(run_mcsim("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o " + dir + "/x.svg"),
                         "two outputs of this run would be written to this one file");
  const auto through = run_mcsim("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o /dev/stdout");
  REQUIRE(through.exit_code == 0);
  CHECK(through.out.find(".svg") == std::string::npos);
  CHECK_FALSE(std::filesystem::exists("/dev/stdout.svg"));
}

TEST_CASE("mcsim sweep refuses to replace an earlier run's CSV or picture unless --force, after the input's own checks", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("cli-sweep-force");
  const std::string sweep = "sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 --deterministic -o " + dir + "/s.csv";
  REQUIRE(run_mcsim(sweep).exit_code == 0);
  const std::string first = mcsim::test::slurp(dir + "/s.csv");
  std::ofstream(dir + "/s.csv") << "an earlier sweep\n";
  require_one_line_error(run_mcsim(sweep), dir + "/s.csv: is already there (an earlier run's output?); give --force");
  CHECK(mcsim::test::slurp(dir + "/s.csv") == "an earlier sweep\n");
  // Bad input says what is wrong with it, not that the output is there: the refusal comes after
  // the scenario's up-front checks (a machine option read when the machine is made; a message unit
  // the workload's largest message cannot take).
  require_one_line_error(run_mcsim("sweep -q --machine mesh --nodes 16 --samples 1 --scheduler LP --machine-option "
                                   "switching=wormhole --machine-option buffer=0 -o " + dir + "/s.csv"),
                         "must be at least 1");
  require_one_line_error(run_mcsim("sweep -q --samples 1 --scheduler LP --scheduler CGMH:lambda=2 -o " + dir + "/s.csv"),
                         "lambda");
  // The picture beside it counts too.
  std::filesystem::remove(dir + "/s.csv");
  require_one_line_error(run_mcsim(sweep), dir + "/s.svg: is already there");
  REQUIRE(run_mcsim(sweep + " --force").exit_code == 0);
  CHECK(mcsim::test::slurp(dir + "/s.csv") == first);
  // Written through, never replaced: no refusal.
  REQUIRE(run_mcsim("sweep -q --samples 1 -j 1 --scheduler LP --msg-unit 16 -o /dev/null").exit_code == 0);
  // A shard writes its shard file, not the CSV: not refused.
  REQUIRE(run_mcsim(sweep + " --shard 1/2").exit_code == 0);
}

TEST_CASE("mcsim sweep -o /dev/stdout into a file: the CSV after what was printed before, nothing printed into it", "[cli]") {
  // The writer used to open /dev/stdout anew, at offset 0 of the file the shell redirected stdout
  // to: what the shell wrote before was overwritten, and what mcsim printed after overwrote the CSV.
  const std::string dir = mcsim::test::temp_dir("cli-sweep-stdout");
  const std::string sweep = "sweep --samples 1 -j 1 --scheduler LP --msg-unit 16,32 --deterministic";
  for (const std::string redirect : {">", ">>"}) {
    const std::string file = dir + "/out.txt";
    std::filesystem::remove(file);
    const int status = std::system(fmt::format("{{ echo before; {} {} -o /dev/stdout; echo after; }} {}{} 2>{}/err", MCSIM_BINARY,
                                               sweep, redirect, file, dir)
                                       .c_str());
    REQUIRE(status == 0);
    REQUIRE(run_mcsim(sweep + " --force -o " + dir + "/s.csv").exit_code == 0);
    CHECK(mcsim::test::slurp(file) == "before\n" + mcsim::test::slurp(dir + "/s.csv") + "after\n");
  }
}

TEST_CASE("mcsim run: the same seed gives byte-identical files", "[cli]") {
  const auto dir = mcsim::test::temp_dir("determinism");
  const auto a = run_mcsim("run " + data + "/tiny.toml -q --deterministic -j 2 -o " + dir + "/a.csv");
  const auto b = run_mcsim("run " + data + "/tiny.toml -q --deterministic -j 1 -o " + dir + "/b.csv");
  REQUIRE(a.exit_code == 0);
  REQUIRE(b.exit_code == 0);
  std::ifstream fa(dir + "/a.csv"), fb(dir + "/b.csv");
  std::stringstream ta, tb;
  ta << fa.rdbuf();
  tb << fb.rdbuf();
  REQUIRE(!ta.str().empty());
  REQUIRE(ta.str() == tb.str());
}

TEST_CASE("mcsim timeline writes every message of one run, and a picture", "[cli]") {
  const auto dir = mcsim::test::temp_dir("timeline");
  const auto r = run_mcsim("timeline --scheduler CGM --density 4 --msg-unit 256 -o " + dir + "/t.csv");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  std::ifstream in(dir + "/t.csv");
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "phase,src,dst,bytes,dummy,start_ms,end_ms");
  int messages = 0;
  while (std::getline(in, line)) ++messages;
  REQUIRE(messages > 100);  // about 32 x 4 messages, minus the diagonal
  REQUIRE(r.out.find(std::to_string(messages) + " messages") != std::string::npos);
  REQUIRE(std::filesystem::file_size(dir + "/t.svg") > 1000);
  require_one_line_error(run_mcsim("timeline --nodes 48 -o " + dir + "/u.csv"), "cannot take 48 nodes");
}

namespace {

// A scenario file `name` in `dir` with this [machine] table (a small sweep around it), `top` at its top.
std::string scenario_with_machine(const std::string& dir, const std::string& name, const std::string& machine,
                                  const std::string& top = "") {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << "id = \"m\"\nsamples = 1\n" << top << "[machine]\n" << machine
                      << "nodes = 32\n[workload]\nname = \"random-density\"\ndensity = 2\n[sweep]\nmsg_unit = [64]\n"
                         "[[series]]\nscheduler = \"AC\"\n[[series]]\nscheduler = \"LP\"\n";
  return path;
}

const mcsim::SweepScenario& sweep_of(const mcsim::Scenario& scenario) {
  return scenario.as<mcsim::SimulationScenario>();
}

// The CSV's lines after its header.
std::vector<std::string> rows_of(const std::string& csv) {
  std::vector<std::string> rows;
  std::stringstream in(csv);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) rows.push_back(line);
  return rows;
}

}  // namespace

TEST_CASE("A scenario names its machine by name, by a machine file beside it, or a list of names: exactly one") {
  const auto dir = mcsim::test::temp_dir("machine-keys");
  std::filesystem::create_directories(dir + "/sub");
  const auto named = mcsim::load_scenario(scenario_with_machine(dir, "a.toml", "name = \"cm5\"\n"));
  CHECK(sweep_of(named).machine.name == "cm5");
  CHECK(sweep_of(named).machines.empty());
  // A relative file is found beside the scenario, wherever mcsim runs; the path always holds a '/'
  // so that it is never taken for a bundled name.
  const auto filed = mcsim::load_scenario(scenario_with_machine(dir, "sub/b.toml", "file = \"../what-if.toml\"\n"));
  CHECK(sweep_of(filed).machine.name == dir + "/what-if.toml");
  CHECK(sweep_of(mcsim::load_scenario(scenario_with_machine(dir, "c.toml", "file = \"/abs/m.toml\"\n"))).machine.name ==
        "/abs/m.toml");
  const auto listed = mcsim::load_scenario(scenario_with_machine(dir, "d.toml", "names = [\"cm5\", \"mesh\"]\n"));
  CHECK(sweep_of(listed).machine.name == "cm5");
  CHECK(sweep_of(listed).machines == std::vector<std::string>{"cm5", "mesh"});
  CHECK(mcsim::machines_of(sweep_of(listed)).at(1).name == "mesh");
  CHECK(mcsim::machines_of(sweep_of(listed)).at(1).nodes == 32);

  const auto error = [&](const std::string& machine) {
    try {
      mcsim::load_scenario(scenario_with_machine(dir, "bad.toml", machine));
    } catch (const mcsim::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("name = \"cm5\"\nfile = \"m.toml\"\n") ==
        dir + "/bad.toml:5 (machine.file): [machine] takes one of name, file and names, not both name and file");
  CHECK(error("file = \"m.toml\"\nnames = [\"cm5\"]\n") ==
        dir + "/bad.toml:5 (machine.names): [machine] takes one of name, file and names, not both file and names");
  CHECK(error("").starts_with(dir + "/bad.toml:3 (machine): needs name (a bundled machine"));
  CHECK(error("name = \"m.toml\"\n") ==
        dir + "/bad.toml:4 (machine.name): 'm.toml' names a file: a machine file is given as file = \"m.toml\"");
  CHECK(error("file = \"\"\n") == dir + "/bad.toml:4 (machine.file): names no file");
  CHECK(error("names = [\"cm5\", \"cm5\"]\n") == dir + "/bad.toml:4 (machine.names): 'cm5' is listed twice");
  CHECK(error("names = []\n").find("expected a non-empty list of bundled machines") != std::string::npos);
  // Machine files join the axis (issue 49), found beside the scenario as `file` is.
  const auto axis = mcsim::load_scenario(scenario_with_machine(dir, "sub/e.toml", "names = [\"cm5\", \"../m.toml\"]\n"));
  CHECK(sweep_of(axis).machines == std::vector<std::string>{"cm5", dir + "/m.toml"});
  CHECK(error("names = [\"m.toml\", \"./m.toml\"]\n") == dir + "/bad.toml:4 (machine.names): '" + dir +
                                                           "/m.toml' is listed twice");
}

TEST_CASE("The machines axis: the scenario runs on each machine as on that machine alone, one CSV row per machine "
          "and series, and a plot, whose shards merge to the bytes of one run", "[cli]") {
  const auto dir = mcsim::test::temp_dir("machines-axis");
  const std::string scenario =
      scenario_with_machine(dir, "m.toml", "names = [\"cm5\", \"ethernet-cluster\"]\n", "plot = \"machines\"\n");
  const auto r = run_mcsim("run " + scenario + " -q --deterministic -j 2 -o " + dir + "/all.csv");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string all = mcsim::test::slurp(dir + "/all.csv");
  REQUIRE(all.starts_with("experiment,machine,nodes,workload,density,msg_unit,series,"));
  const auto rows = rows_of(all);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].starts_with("m,cm5,32,random-density,2,64,AC,"));
  CHECK(rows[1].starts_with("m,cm5,32,random-density,2,64,LP,"));
  CHECK(rows[2].starts_with("m,ethernet-cluster,32,random-density,2,64,AC,"));
  CHECK(rows[3].starts_with("m,ethernet-cluster,32,random-density,2,64,LP,"));
  CHECK(r.out.find("ethernet-cluster") != std::string::npos);
  CHECK(std::filesystem::file_size(dir + "/all.svg") > 1000);
  // The cluster's rows are those of the cluster alone (a sweep of the same cells, seed and sample).
  const auto alone = run_mcsim("sweep --machine ethernet-cluster --nodes 32 --density 2 --msg-unit 64 --scheduler "
                               "AC,LP --samples 1 --seed 1 -q --deterministic -o " + dir + "/alone.csv");
  REQUIRE(alone.exit_code == 0);
  const auto cluster_rows = rows_of(mcsim::test::slurp(dir + "/alone.csv"));
  REQUIRE(cluster_rows.size() == 2);
  // The row with its first column made "m", built by appending: `"m" + std::string&&` inlines an insert
  // at 0 in which GCC 12 reports a false -Wrestrict (GCC bug 105329).
  for (int k = 0; k < 2; ++k) {
    std::string expected = "m";
    expected += cluster_rows[k].substr(cluster_rows[k].find(','));
    CHECK(expected == rows[2 + k]);
  }
  // run --machine NAME replaces the list: the scenario on the cluster alone (one cell: the paper's table).
  const auto replaced = run_mcsim("run " + scenario + " --machine ethernet-cluster -q --deterministic -o " + dir +
                                  "/replaced.csv");
  REQUIRE(replaced.exit_code == 0);
  CHECK(replaced.out.find("machine: ethernet-cluster with 32 nodes") != std::string::npos);
  const std::string mean_ms = mcsim::csv_rows(cluster_rows[0]).at(0).at(10);  // comm_ms_mean of AC
  CHECK(rows_of(mcsim::test::slurp(dir + "/replaced.csv")).front() == "m,comm,AC,64,," + mean_ms + ",");
  // The machines' task lists are numbered on as one list: two shards merge to the bytes of one run.
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(fmt::format("run {} -q --deterministic --shard {}/2 -o {}/shards/all.csv", scenario, k, dir))
                .exit_code == 0);
  REQUIRE(run_mcsim("run " + scenario + " -q --deterministic --from-shards " + dir + "/shards -o " + dir +
                    "/merged.csv").exit_code == 0);
  CHECK(mcsim::test::slurp(dir + "/merged.csv") == all);
  // A machine of the list that cannot run the scenario stops it before any simulation, naming it.
  const std::string bad = scenario_with_machine(dir, "bad.toml", "names = [\"cm5\", \"cp-pacs\"]\n");
  require_one_line_error(run_mcsim("run " + bad + " -q -o " + dir + "/bad.csv"), "cp-pacs");
  CHECK_FALSE(std::filesystem::exists(dir + "/bad.csv"));
}

TEST_CASE("A machine file on the command line (--machine FILE of sweep, timeline, bench and run): its machine, shown by its name, never its path", "[cli]") {
  const auto dir = mcsim::test::temp_dir("machine-file-cli");
  // v: the CM-5 itself, through a file; w: on v, twice the wire bandwidth.
  std::ofstream(dir + "/v.toml") << "base = \"cm5\"\nname = \"v\"\n";
  std::ofstream(dir + "/w.toml") << "base = \"v\"\nname = \"cm5-wide\"\n[links]\nbandwidth = { option = "
                                    "\"wire_bandwidth_MBps\", value = \"20 MB/s\", source = \"what if\", assumption = true }\n";
  const std::string cells = " --nodes 32 --density 4 --msg-unit 4096 --scheduler LP,AC --samples 1 -q --deterministic";
  REQUIRE(run_mcsim("sweep --machine cm5" + cells + " -o " + dir + "/cm5.csv").exit_code == 0);
  REQUIRE(run_mcsim("sweep --machine " + dir + "/v.toml" + cells + " -o " + dir + "/v.csv").exit_code == 0);
  const auto wide = run_mcsim("sweep --machine " + dir + "/w.toml" + cells + " -o " + dir + "/w.csv");
  INFO(wide.err);
  REQUIRE(wide.exit_code == 0);
  const auto cm5 = mcsim::csv_rows(mcsim::test::slurp(dir + "/cm5.csv"));
  const auto v = mcsim::csv_rows(mcsim::test::slurp(dir + "/v.csv"));
  const auto w = mcsim::csv_rows(mcsim::test::slurp(dir + "/w.csv"));
  REQUIRE(cm5.size() == 3);
  REQUIRE(v.size() == 3);
  REQUIRE(w.size() == 3);
  for (std::size_t row = 1; row < 3; ++row) {
    CHECK(v[row][1] == "v");  // the machine column: the file's name
    CHECK(w[row][1] == "cm5-wide");
    for (std::size_t column = 2; column < cm5[row].size(); ++column) CHECK(v[row][column] == cm5[row][column]);
    // Twice the wire bandwidth: LP's and AC's 4 KiB messages arrive no later.
    CHECK(std::stod(w[row][10]) <= std::stod(cm5[row][10]));
  }
  CHECK(std::stod(w[1][10]) < std::stod(cm5[1][10]));  // and LP's sooner
  CHECK(mcsim::test::slurp(dir + "/w.csv").find(dir) == std::string::npos);

  const auto timeline = run_mcsim("timeline --machine " + dir + "/w.toml --density 2 --msg-unit 256 -o " + dir + "/t.csv");
  REQUIRE(timeline.exit_code == 0);
  const std::string picture = mcsim::test::slurp(dir + "/t.svg");
  CHECK(picture.find("on cm5-wide 32 nodes") != std::string::npos);
  CHECK(picture.find(dir) == std::string::npos);
  const auto bench = run_mcsim("bench --machine " + dir + "/w.toml --nodes 32 --density 2");
  REQUIRE(bench.exit_code == 0);
  CHECK(bench.out.find("bench: cm5-wide with 32 nodes") != std::string::npos);

  // A scenario's file = "..." beside it; its report names the machine by the file's name.
  const std::string scenario = scenario_with_machine(dir, "s.toml", "file = \"w.toml\"\n");
  const auto run = run_mcsim("run " + scenario + " --deterministic -q -o " + dir + "/s.csv");
  REQUIRE(run.exit_code == 0);
  CHECK(run.out.find("machine: cm5-wide with 32 nodes") != std::string::npos);
  CHECK(run.out.find(dir + "/w.toml") == std::string::npos);

  // The machine file and its bases are part of a stored run's identity: shards made before v.toml
  // changed are refused.
  const std::string sweep = "sweep --machine " + dir + "/w.toml --nodes 32,64" + cells.substr(cells.find(" --density"));
  for (int k = 0; k < 2; ++k)
    REQUIRE(run_mcsim(fmt::format("{} --shard {}/2 -o {}/shards/s.csv", sweep, k, dir)).exit_code == 0);
  REQUIRE(run_mcsim(sweep + " --from-shards " + dir + "/shards -o " + dir + "/merged.csv").exit_code == 0);
  std::ofstream(dir + "/v.toml", std::ios::app) << "title = \"changed\"\n";
  require_one_line_error(run_mcsim(sweep + " --from-shards " + dir + "/shards -o " + dir + "/again.csv"),
                         "made from other input files");
  CHECK_FALSE(std::filesystem::exists(dir + "/again.csv"));
}

TEST_CASE("mcsim bench --machine-option: a machine at another size than its file's shape (the T3D at 512 nodes)", "[cli]") {
  const auto bench = run_mcsim("bench --machine t3d --nodes 512 --machine-option sides=8x8x8 --density 1 "
                               "--workload uniform-density --scheduler AC");
  INFO(bench.err);
  REQUIRE(bench.exit_code == 0);
  CHECK(bench.out.find("bench: t3d with 512 nodes (sides=8x8x8), uniform-density d=1, AC") != std::string::npos);
  CHECK(bench.out.find(" 512 ") != std::string::npos);  // one message per node
}

TEST_CASE("The what-if CM-5 docs/guide.md and docs/machine-files.md show is the example file shipped") {
  const std::string root = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/..";
  const std::string file = mcsim::test::slurp(root + "/docs/examples/cm5-binary-20.toml");
  REQUIRE(file.starts_with("# cm5-binary-20.toml"));
  for (const char* page : {"/docs/guide.md", "/docs/machine-files.md"}) {
    INFO(page);
    const std::string text = mcsim::test::slurp(root + page);
    const auto from = text.find("```toml\n# cm5-binary-20.toml");
    REQUIRE(from != std::string::npos);
    CHECK(text.substr(from + 8, text.find("```\n", from + 8) - from - 8) == file);
  }
}
