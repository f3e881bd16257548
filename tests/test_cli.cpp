// The mcsim command as a user meets it: bad input gives one line, a non-zero exit and no file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "helpers.hpp"

using mcsim::test::run_mcsim;
using mcsim::test::require_one_line_error;

namespace {
const std::string data = MCSIM_TEST_DATA;

}  // namespace

TEST_CASE("mcsim --help explains itself") {
  const auto r = run_mcsim("--help");
  REQUIRE(r.exit_code == 0);
  for (const char* word : {"reproduce", "sweep", "list", "run", "bench"}) REQUIRE(r.out.find(word) != std::string::npos);
}

TEST_CASE("mcsim list shows the registries") {
  const auto r = run_mcsim("list -v");
  REQUIRE(r.exit_code == 0);
  for (const char* word : {"cm5", "LP", "CGM+sort", "AC", "random-density", "loosely-synchronous", "ranka92-table3",
                           "Ponnusamy", "transports (switching models"})
    REQUIRE(r.out.find(word) != std::string::npos);
}

TEST_CASE("Bad scenarios: one line naming the problem and the place, non-zero exit, no output file") {
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

TEST_CASE("mcsim run: the same seed gives byte-identical files") {
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

TEST_CASE("mcsim timeline writes every message of one run, and a picture") {
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
