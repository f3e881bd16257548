// The report's pages (sim/output/html_report.hpp, html_tables.hpp, html_page.hpp): built from typed
// values, escaped, self-contained, the ratio cells coloured by their distance from 1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

#include "helpers.hpp"
#include "sim/analysis/agreement.hpp"
#include "sim/output/html_page.hpp"
#include "sim/output/html_report.hpp"
#include "sim/output/html_tables.hpp"
#include "sim/output/overhead.hpp"
#include "sim/output/region_report.hpp"
#include "sim/output/report.hpp"

using namespace mcsim;

namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

ReportedScenario reproduction(const std::string& id, const std::string& source) {
  ReportedScenario s;
  s.header.id = id;
  s.header.title = "Title of " + id;
  s.header.source = source;
  ComparisonTable rows(id);
  rows.add("comm", "LP", "64", 10.0, 10.5);
  rows.add("comm", "AC", "64", 10.0, 30.0);
  rows.add("comm", "LP", "256", 40.0, 44.0);
  rows.add("comm", "AC", "256", 40.0, 20.0);
  rows.add("iters", "LP", "", 31.0, 31.0);
  rows.add("iters", "AC", "", std::nullopt, 1.0);
  s.comparison = rows.table();  // the table the run's CSV renders
  s.agreement = agreement_of(rows.table());
  s.files = {id + ".csv", id + ".agreement.csv"};
  s.pictures = {id + ".svg"};
  s.machines = {{"cm5", "Thinking Machines CM-5", 32,
                 {quantity_parameter("links.bandwidth", 10, "MB/s", "", "TOP500 wiki, CM-5 page", false),
                  {"shape", "4x4x4", "chosen for 64 nodes", true}}}};
  return s;
}

const ReportPage& page_named(const std::vector<ReportPage>& pages, const std::string& file) {
  const auto it = std::find_if(pages.begin(), pages.end(), [&](const ReportPage& p) { return p.file == file; });
  REQUIRE(it != pages.end());
  return *it;
}

}  // namespace

TEST_CASE("html: ratio cells are coloured by their distance from 1, both ways") {
  CHECK(html::ratio_class(1.0) == "q1");
  CHECK(html::ratio_class(1.1) == "q1");
  CHECK(html::ratio_class(1 / 1.1) == "q1");
  CHECK(html::ratio_class(1.2) == "q2");
  CHECK(html::ratio_class(0.8) == "q2");  // 1 / 0.8 = 1.25
  CHECK(html::ratio_class(1.4) == "q3");
  CHECK(html::ratio_class(0.55) == "q4");
  CHECK(html::ratio_class(3.0) == "q5");
  CHECK(html::ratio_class(0.0) == "q5");
  CHECK(html::ratio_class(-1.0) == "q5");
  CHECK(html::share_class(1.0) == "q1");
  CHECK(html::share_class(0.9) == "q2");
  CHECK(html::share_class(0.75) == "q3");
  CHECK(html::share_class(0.5) == "q4");
  CHECK(html::share_class(0.2) == "q5");
  CHECK(html::number(1234.5678) == "1235");
  CHECK(html::number(32768.0) == "32768");
  CHECK(html::number(0.012345) == "0.01235");
  CHECK(html::number(std::nullopt) == "–");
}

TEST_CASE("html: a comparison is one table per row kind, x down and per series paper / mcsim / ratio") {
  const std::string tables = html::comparison_tables(*reproduction("t-1", "P 1992").comparison);
  CHECK(count(tables, "<table") == 2);
  CHECK(count(tables, "<div class=\"scroll\">") == 2);  // each table scrolls in its own box
  CHECK(tables.find("<caption>comm</caption>") != std::string::npos);
  CHECK(tables.find("<caption>iters</caption>") != std::string::npos);
  // comm: a line per x, LP then AC as the rows give them.
  CHECK(tables.find("<th colspan=\"3\">LP</th><th colspan=\"3\">AC</th>") != std::string::npos);
  CHECK(tables.find("<tr><th class=\"label\">64</th><td>10</td><td>10.5</td><td class=\"q1\">1.05</td>"
                    "<td>10</td><td>30</td><td class=\"q5\">3</td></tr>") != std::string::npos);
  CHECK(tables.find("<td>40</td><td>20</td><td class=\"q4\">0.5</td>") != std::string::npos);
  // iters: a line per series; no paper value, no ratio.
  CHECK(tables.find("<tr><th class=\"label\">AC</th><td>–</td><td>1</td><td class=\"none\">–</td></tr>") !=
        std::string::npos);
  // A kind the paper gives no value for: mcsim's column alone.
  ComparisonTable sd("t-2");
  sd.add("comm_sd", "LP", "8", std::nullopt, 1.5);
  const std::string alone = html::comparison_tables(sd.table());
  CHECK(alone.find("mcsim only") != std::string::npos);
  CHECK(alone.find("<th>ratio</th>") == std::string::npos);
}

TEST_CASE("html: a result table: units in the heads, groups spanning their columns, host columns marked") {
  const ResultTable table{"t",
                          {{.name = "message size", .unit = "B"},
                           {.name = "communication", .unit = "ms", .group = "RS_N"},
                           {.name = "scheduling", .unit = "ms", .host_dependent = true, .group = "RS_N"},
                           {.name = "communication", .unit = "ms", .group = "RS_NL"}},
                          {{integer_cell(16), number_cell(0.554048), number_cell(0.01), {}},
                           {integer_cell(131072), number_cell(750.1), number_cell(0.02), number_cell(783.459)}},
                          "d = 4: overhead"};
  const std::string html = html::result_table(table);
  CHECK(html.find("<caption>d = 4: overhead</caption>") != std::string::npos);
  // A column without a group spans both head rows; a group's heading spans its columns.
  CHECK(html.find("<th rowspan=\"2\">message size <span class=\"unit\">(B)</span></th>"
                  "<th colspan=\"2\">RS_N</th><th colspan=\"1\">RS_NL</th>") != std::string::npos);
  CHECK(html.find("<th class=\"host\">scheduling <span class=\"unit\">(ms)</span> <span class=\"host-mark\">host"
                  "</span></th>") != std::string::npos);
  CHECK(html.find("<tr><td>131072</td><td>750.1</td><td class=\"host\">0.02</td><td>783.5</td></tr>") !=
        std::string::npos);
  CHECK(html.find("<td class=\"none\">–</td>") != std::string::npos);  // not measured
  CHECK(html.find("measured on the computer that made this report") != std::string::npos);
  // Without a host column, no line about host times; without groups, one head row; key cells are
  // row heads, a text cell that is no key is shown as text (escaped).
  const std::string plain = html::result_table(
      {"t", {{.name = "machine", .key = true}, {.name = "AC", .unit = "ms"}, {.name = "scheduler"}},
       {{text_cell("cm5"), number_cell(269.929), text_cell("a<b")}}, "t"});
  CHECK(plain.find("host") == std::string::npos);
  CHECK(count(plain, "<tr>") == 2);
  CHECK(plain.find("<tr><th class=\"label\">cm5</th><td>269.9</td><td>a&lt;b</td></tr>") != std::string::npos);
}

TEST_CASE("The pages show the sweep's and the overhead's result tables: the cells the CSV has, host columns only "
          "with host times") {
  ExperimentResult result;
  result.machine_name = "ipsc860";
  result.scenario.id = "t-overhead";
  result.scenario.nodes = {64};
  result.scenario.densities = {4, 16};
  result.scenario.msg_units = {16, 1024};
  result.scenario.series = {{.label = "RS_N"}, {.label = "RS_NL"}};
  for (const int density : result.scenario.densities)
    for (const std::uint64_t unit : result.scenario.msg_units)
      for (std::size_t k = 0; k < 2; ++k)
        result.cells.push_back({.nodes = 64, .density = density, .msg_unit = unit, .series = k,
                                .comm_s = {1e-3 * density * (k + 1), 3e-3 * density * (k + 1)},
                                .phases = {2, 4},
                                .host_s = {1e-5, 3e-5}});
  const ResultTable sweep = sweep_result_table(result, {.host_times = true});
  CHECK(sweep.caption == "ipsc860: communication time per cell, over the samples");
  CHECK(sweep.columns.back().host_dependent);
  const std::string html = html::result_table(sweep);
  // d = 16, 1024 B, RS_NL: 32 and 96 ms, mean 64, 3 phases; the host's mean 0.02 ms.
  CHECK(html.find("<td>16</td><td>1024</td><th class=\"label\">RS_NL</th>") != std::string::npos);
  CHECK(html.find("<td>2</td><td>64</td>") != std::string::npos);
  CHECK(html.find("<td>32</td><td>96</td><td>3</td><td class=\"host\">0.02</td></tr>") != std::string::npos);
  CHECK(html.find("comm_ms_mean <span class=\"unit\">(ms)</span>") != std::string::npos);
  CHECK(html::result_table(sweep_result_table(result, {.host_times = false})).find("host") == std::string::npos);

  const auto overhead = overhead_views(overhead_result_table(result, {.host_times = true}), {.host_times = true});
  REQUIRE(overhead.size() == 2);  // one per density
  CHECK(overhead[1].caption == "scheduling time over communication time: density = 16");
  REQUIRE(overhead[1].columns.size() == 7);  // size, then per series communication, scheduling, fraction
  CHECK(overhead[1].columns[4].group == "RS_NL");
  CHECK(overhead[1].columns[6].host_dependent);
  CHECK(cell_number(overhead[1].rows[1][0]) == 1024);
  CHECK(cell_number(overhead[1].rows[1][4]).value_or(-1) == Approx(64));  // RS_NL communication: mean of 32, 96 ms
  CHECK(cell_number(overhead[1].rows[1][6]).value_or(-1) == Approx(0.02 / 64));
  const auto deterministic =
      overhead_views(overhead_result_table(result, {.host_times = false}), {.host_times = false});
  CHECK(deterministic[0].columns.size() == 3);
  CHECK(std::none_of(deterministic[0].columns.begin(), deterministic[0].columns.end(),
                     [](const ResultColumn& c) { return c.host_dependent; }));
  CHECK(deterministic[0].caption.find("--deterministic") != std::string::npos);
}

TEST_CASE("html: a region map's cells say whether mcsim's fastest series is the paper's") {
  const ResultTable regions = test::two_cell_region_table("t-3", "LP");
  const std::string table = html::region_table(regions);
  CHECK(table.find("<td class=\"q1\">AC<br><span class=\"muted\">AC</span></td>") != std::string::npos);
  CHECK(table.find("<td class=\"q5\">LP<br><span class=\"muted\">AC</span></td>") != std::string::npos);
}

TEST_CASE("html: a machine's parameters: number and unit apart as typed, the source, assumptions marked") {
  const std::string table = html::parameter_table(reproduction("t-1", "P 1992").machines[0].parameters);
  CHECK(table.find("<td class=\"label\">links.bandwidth</td><td class=\"value\">10</td><td class=\"label\">MB/s</td>") !=
        std::string::npos);
  CHECK(table.find("<td class=\"label\">shape</td><td class=\"value\">4x4x4</td><td class=\"label\"></td>") !=
        std::string::npos);
  CHECK(count(table, ">assumption</td>") == 1);
  // The note follows the unit; a text that merely starts with digits is never split (no number typed).
  const std::string typed = html::parameter_table(
      {quantity_parameter("control messages", 2, "us", "send, 2 us receive", "s", false),
       {"sizes", "0 .. 4096 B", "s", false}});
  CHECK(typed.find("<td class=\"value\">2</td><td class=\"label\">us send, 2 us receive</td>") != std::string::npos);
  CHECK(typed.find("<td class=\"value\">0 .. 4096 B</td><td class=\"label\"></td>") != std::string::npos);
}

TEST_CASE("html: paper pages are named after the id's prefix, never twice and never index.html") {
  std::vector<ScenarioHeader> headers(5);
  headers[0] = {"ranka92-table3", "", "Ranka, Wang and Kumar 1992, Table 3", "", {}, "simulation", {}};
  headers[1] = {"ranka92-table4", "", "Ranka, Wang and Kumar 1992, Table 4", "", {}, "simulation", {}};
  headers[2] = {"Ranka92-other", "", "Someone else 1992", "", {}, "simulation", {}};
  headers[3] = {"index-a", "", "An index paper 2001", "", {}, "simulation", {}};
  headers[4] = {"Machines-b", "", "no year", "", {}, "simulation", {}};
  const auto pages = paper_pages(headers);
  REQUIRE(pages.size() == 4);
  CHECK(pages[0].paper == "Ranka, Wang and Kumar 1992");
  CHECK(pages[0].file == "ranka92.html");
  CHECK(pages[1].file == "ranka92-2.html");
  CHECK(pages[2].file == "index-2.html");
  CHECK(pages[3].paper == "Machines");
  CHECK(pages[3].file == "machines.html");
}

TEST_CASE("html: the index and a page per paper, self-contained, escaped, with their tables") {
  std::vector<ReportedScenario> scenarios = {reproduction("p92-t1", "Paper 1992, Table 1"),
                                             reproduction("p92-t2", "Paper 1992, Table 2"),
                                             reproduction("q05-ex", "Other 2005, sec. 5")};
  scenarios[2].comparison.reset();
  scenarios[2].agreement.reset();
  scenarios[2].machines.clear();
  scenarios[2].measured = {ResultTable{"t",
                                        {{.name = "machine", .key = true}, {.name = "AC", .unit = "ms"}},
                                        {{text_cell("m<1>"), number_cell(2.5)}},
                                        "a <measured> table & \x1b[31m colour"}};
  scenarios[1].header.notes = {"a note with <b>markup</b> & an \x1b]0;escape\x07"};
  const std::vector<ReportSection> claims = {{"Paper 1992", "claims", "The paper's claims", "<ul><li>one</li></ul>"}};
  std::vector<ScenarioHeader> headers;
  for (const auto& s : scenarios) headers.push_back(s.header);
  const auto pages = report_pages(scenarios, paper_pages(headers), "made by a test", claims);
  REQUIRE(pages.size() == 3);
  CHECK(pages[0].file == "index.html");
  for (const auto& page : pages) {
    INFO(page.file);
    CHECK(page.html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(page.html.find("<meta name=\"viewport\"") != std::string::npos);
    CHECK(page.html.find("prefers-color-scheme: dark") != std::string::npos);
    CHECK(page.html.find("<table") != std::string::npos);
    CHECK(page.html.find("<script") == std::string::npos);
    // Nothing from a network: no http(s) address and no @import or url() in the style sheet.
    CHECK(page.html.find("http") == std::string::npos);
    CHECK(page.html.find("@import") == std::string::npos);
    CHECK(page.html.find("url(") == std::string::npos);
    CHECK(page.html.find('\x1b') == std::string::npos);
    CHECK(count(page.html, html::style_sheet()) == 1);  // one style sheet, the same on every page
  }
  const std::string& index = page_named(pages, "index.html").html;
  CHECK(index.find("<a href=\"p92.html\">Paper 1992</a>") != std::string::npos);
  CHECK(index.find("<a href=\"p92.html#p92-t2\">p92-t2</a>") != std::string::npos);
  CHECK(index.find("<a href=\"q05.html#q05-ex\">q05-ex</a>") != std::string::npos);
  CHECK(count(index, "<td class=\"q1\">1.075 ") == 2);  // the headline median (of 0.5, 1.05, 1.1, 3)
  CHECK(index.find("no paper numbers to compare") != std::string::npos);

  const std::string& paper = page_named(pages, "p92.html").html;
  CHECK(count(paper, "<section class=\"reproduction\"") == 2);
  CHECK(count(paper, "<caption>comm</caption>") == 2);
  CHECK(count(paper, "<img src=\"p92-t") == 2);
  CHECK(paper.find("<a href=\"p92-t1.agreement.csv\">") != std::string::npos);
  CHECK(paper.find("a note with &lt;b&gt;markup&lt;/b&gt; &amp; an \\x1b]0;escape\\x07") != std::string::npos);
  // The CM-5 is shown open once; the second table's is folded and points to the first.
  CHECK(count(paper, "<details open><summary><strong>cm5</strong>, 32 nodes") == 1);
  CHECK(paper.find("as in <a href=\"#p92-t1\">p92-t1</a>") != std::string::npos);
  CHECK(count(paper, "<table class=\"parameters\">") == 2);
  // The section made elsewhere: on its paper's page only, before the reproductions.
  CHECK(paper.find("<section id=\"claims\">\n<h2>The paper's claims</h2>\n<ul><li>one</li></ul>") <
        paper.find("<section class=\"reproduction\""));
  const std::string& other = page_named(pages, "q05.html").html;
  CHECK(other.find("<section id=\"claims\">") == std::string::npos);
  // No paper numbers: mcsim's values in a table of their own, escaped; no page shows a printed report.
  CHECK(other.find("<caption>a &lt;measured&gt; table &amp; \\x1b[31m colour</caption>") != std::string::npos);
  CHECK(other.find("<th class=\"label\">m&lt;1&gt;</th><td>2.5</td>") != std::string::npos);
  for (const auto& page : pages) CHECK(page.html.find("<pre") == std::string::npos);
  CHECK(other.find("<table class=\"parameters\">") == std::string::npos);
}
