// The pictures of one run from the command line: node timeline, link load, Paje trace read back by
// pajeng's pj_dump (tools/install-deps.sh installs it).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "helpers.hpp"
#include "test_paths.hpp"

using mcsim::test::run_mcsim;
using mcsim::test::slurp;

namespace {

int lines_of(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

// What a program prints on stdout (the command is built from test paths only).
std::string output_of(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    pclose(pipe);
  }
  return out;
}

}  // namespace

TEST_CASE("mcsim timeline --link-load --trace: node states, every channel's load, and a Paje trace pajeng reads", "[cli]") {
  const auto dir = mcsim::test::temp_dir("pictures");
  const auto r = run_mcsim("timeline --machine ipsc860 --nodes 16 --density 4 --scheduler RS_NL --strategy S1 --msg-unit 1024 "
                           "--link-load --trace " + dir + "/t.paje -o " + dir + "/t.csv");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("dimension 3: 16 links") != std::string::npos);
  const std::string links = slurp(dir + "/t.links.csv");
  REQUIRE(links.rfind("link,bandwidth_MBps,bytes,busy_ms,held_idle_ms,utilisation,busy_fraction\n", 0) == 0);
  REQUIRE(lines_of(links) == 1 + 16 * 4);  // every directed channel of the 4-cube
  for (const char* picture : {"/t.svg", "/t.links.svg"}) {
    const std::string svg = slurp(dir + picture);
    REQUIRE(svg.rfind("<svg", 0) == 0);
    REQUIRE(svg.ends_with("</svg>\n"));
  }
  const std::string states = slurp(dir + "/t.states.csv");
  REQUIRE(states.find(",program,wait-partner,") != std::string::npos);  // S1's ready signals
  REQUIRE(states.find(",program,cpu,") != std::string::npos);
  REQUIRE(states.find(",network,claiming,") != std::string::npos);
  REQUIRE(states.find(",network,sending,") != std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    REQUIRE(entry.path().filename().string().find(".partial") == std::string::npos);

  const std::string pj_dump = MCSIM_PJ_DUMP;
  if (pj_dump.empty()) FAIL("pj_dump (Debian package pajeng) was not found when configuring: run tools/install-deps.sh");
  const std::string dump = output_of(pj_dump + " '" + dir + "/t.paje' 2>&1");
  INFO(dump.substr(0, 2000));
  REQUIRE(dump.find("State, node-3, program,") != std::string::npos);
  REQUIRE(dump.find("wait-partner") != std::string::npos);
  REQUIRE(dump.find("State, node-0, phase,") != std::string::npos);
  REQUIRE(dump.find("Variable, channel-0-1,") != std::string::npos);  // SimGrid's own link variables
  REQUIRE(dump.find(", streamed, ") != std::string::npos);              // mcsim's: bytes/s a held path moves

  // A trace that cannot be written: one line, nothing left behind.
  std::filesystem::create_directory(dir + "/busy");
  const auto bad = run_mcsim("timeline --machine ipsc860 --nodes 16 --trace " + dir + "/busy -o " + dir + "/u.csv");
  REQUIRE(bad.exit_code != 0);
  REQUIRE(bad.err.rfind("mcsim: error: ", 0) == 0);
  REQUIRE(lines_of(bad.err) == 1);
  REQUIRE(!std::filesystem::exists(dir + "/u.csv"));
}

TEST_CASE("mcsim report --only writes each reproduction's files, index.html and a page per paper that links them",
          "[cli]") {
  const auto dir = mcsim::test::temp_dir("report");
  const auto r = run_mcsim("report --out " + dir + " --only ranka92-table3,guo05-ex2 --samples 2 -q");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string index = slurp(dir + "/index.html");
  const std::string ranka = slurp(dir + "/ranka92.html");
  const std::string guo = slurp(dir + "/guo05.html");
  for (const auto* page : {&index, &ranka, &guo}) {
    REQUIRE(page->rfind("<!DOCTYPE html>", 0) == 0);
    REQUIRE(page->find("<script") == std::string::npos);
    REQUIRE(page->find("<table") != std::string::npos);
  }
  // The index: each paper's page, each reproduction's agreement at a glance, linked to its section.
  REQUIRE(index.find("<a href=\"guo05.html\">Guo and Pan 2005</a>") != std::string::npos);
  REQUIRE(index.find("<a href=\"ranka92.html#ranka92-table3\">ranka92-table3</a>") != std::string::npos);
  REQUIRE(index.find("pairs in the paper's order") != std::string::npos);
  for (const char* file : {"ranka92-table3.csv", "ranka92-table3.svg", "ranka92-table3.agreement.csv"}) {
    INFO(file);
    REQUIRE(std::filesystem::exists(dir + "/" + file));
    REQUIRE(ranka.find(std::string("\"") + file + "\"") != std::string::npos);
  }
  REQUIRE(std::filesystem::exists(dir + "/guo05-ex2.csv"));
  REQUIRE(guo.find("\"guo05-ex2.csv\"") != std::string::npos);
  // Table 3 as HTML tables from the typed rows: a column group per series, the ratio coloured.
  REQUIRE(ranka.find("<caption>comm</caption>") != std::string::npos);
  REQUIRE(ranka.find("<caption>comp</caption>") != std::string::npos);  // host times: no --deterministic
  REQUIRE(ranka.find("<th colspan=\"3\">CGM</th>") != std::string::npos);
  REQUIRE(ranka.find("<td class=\"q") != std::string::npos);
  // The agreement the run computed (sim/analysis/agreement.hpp), as ID.agreement.csv says it.
  REQUIRE(ranka.find("all times: mcsim / paper median") != std::string::npos);
  REQUIRE(slurp(dir + "/ranka92-table3.agreement.csv").find("ranka92-table3,order,all times,") != std::string::npos);
  // The CM-5's parameters, every one with its source, the assumed ones marked.
  REQUIRE(ranka.find("<strong>cm5</strong>, 32 nodes") != std::string::npos);
  REQUIRE(ranka.find(">assumption</td>") != std::string::npos);
  REQUIRE(ranka.find("TOP500") != std::string::npos);
  for (const char* page : {"index.html", "ranka92.html", "guo05.html"})
    REQUIRE(r.out.find("wrote " + dir + "/" + page) != std::string::npos);
  const auto bad = run_mcsim("report --out " + dir + "/x --only ranka92-table99");
  REQUIRE(bad.exit_code != 0);
  REQUIRE(bad.err.find("no experiment 'ranka92-table99'") != std::string::npos);
  REQUIRE(!std::filesystem::exists(dir + "/x"));
  // A page's place is checked with the reproductions' before anything runs: a directory where
  // ranka92.html would go stops the run, and nothing is written.
  const std::string blocked = mcsim::test::temp_dir("report-blocked");
  std::filesystem::create_directories(blocked + "/ranka92.html");
  const auto refused = run_mcsim("report --out " + blocked + " --only ranka92-table3 --samples 1 -q");
  REQUIRE(refused.exit_code != 0);
  REQUIRE(refused.err.find("ranka92.html") != std::string::npos);
  REQUIRE(!std::filesystem::exists(blocked + "/ranka92-table3.csv"));
  REQUIRE(!std::filesystem::exists(blocked + "/index.html"));
}
