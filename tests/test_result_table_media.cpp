// The results that were written by hand per file, now result tables (sim/core/result_table.hpp)
// rendered by the one CSV renderer: the bytes each file had (the old writers' formats are spelled
// out here as the reference), and a pivot of a table for the report's pages.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "sim/core/error.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/output/link_load_picture.hpp"
#include "sim/output/node_timeline_picture.hpp"
#include "sim/output/table_pivot.hpp"
#include "sim/scenario/sensitivity.hpp"

using namespace mcsim;

TEST_CASE("links.csv from its table: the bytes the hand-written file had (fixed decimals, whole bytes)") {
  const std::vector<LinkLoad> links = {{"n0-up", 20e6, 1234.4, 0.0012345678, 5e-7},
                                       {"=cmd|x", 5.5e6, 0, 0, 0},  // a name a spreadsheet would run: guarded
                                       {"l,2", 123456789.0, 1e9 + 0.6, 0.25, 1.0 / 3}};
  const double run_s = 0.5;
  std::string expected = "link,bandwidth_MBps,bytes,busy_ms,held_idle_ms,utilisation,busy_fraction\n";
  for (const auto& [name, field] : {std::pair{0, "n0-up"}, std::pair{1, "'=cmd|x"}, std::pair{2, "\"l,2\""}}) {
    const LinkLoad& l = links[static_cast<std::size_t>(name)];
    expected += fmt::format("{},{:.6g},{:.0f},{:.6f},{:.6f},{:.6f},{:.6f}\n", field, l.bandwidth_Bps / 1e6, l.bytes,
                            l.busy_s * 1e3, l.held_idle_s * 1e3, l.bytes / (l.bandwidth_Bps * run_s), l.busy_s / run_s);
  }
  CHECK(table_csv(link_load_table(links, run_s)) == expected);
  // No run time: utilisation and busy fraction 0, not a division by zero.
  CHECK(table_csv(link_load_table({links[0]}, 0)).ends_with(",0.000000,0.000000\n"));
}

TEST_CASE("states.csv from its table: node, lane, activity and times in ms to the nanosecond") {
  Run run;
  run.states = {{.node = 3, .lane = "program", .activity = "wait", .start_s = 1.5e-3, .end_s = 2.0000004e-3},
                {.node = 12, .lane = "interface", .activity = "send,receive", .start_s = 0, .end_s = 7.25}};
  CHECK(table_csv(node_states_table(run)) ==
        "node,lane,activity,start_ms,end_ms\n"
        "3,program,wait,1.500000,2.000000\n"
        "12,interface,\"send,receive\",0.000000,7250.000000\n");
}

TEST_CASE("The timeline's CSV tables: messages and spans, times in ms to the nanosecond") {
  Run run;
  run.messages = {{.src = 0, .dst = 5, .bytes = 4096, .phase = 2, .dummy = true, .start_s = 1e-4, .end_s = 2.5e-4},
                  {.src = 7, .dst = 1, .bytes = 1ull << 40, .phase = 0, .start_s = 0, .end_s = 12.3456789}};
  run.spans = {{.node = 4, .activity = "lock, held", .start_s = 1e-3, .end_s = 3e-3}};
  std::string messages = "phase,src,dst,bytes,dummy,start_ms,end_ms\n";
  for (const auto& m : run.messages)  // the format the command wrote by hand
    messages += fmt::format("{},{},{},{},{},{:.6f},{:.6f}\n", m.phase, m.src, m.dst, m.bytes, m.dummy ? 1 : 0,
                            m.start_s * 1e3, m.end_s * 1e3);
  CHECK(table_csv(messages_table(run)) == messages);
  CHECK(table_csv(node_spans_table(run)) == "node,activity,start_ms,end_ms\n4,\"lock, held\",1.000000,3.000000\n");
}

TEST_CASE("sensitivity.csv from its table: a row per agreement column, per region variant, and an error alone") {
  Agreement base;
  base.columns = {{.column = "comm LP", .cells = 3, .median = 0.912345678, .min = 0.5, .max = 1.25},
                  {.column = "all times", .cells = 6, .median = 1.0, .min = 0.25, .max = 2.5e-7}};
  base.pairs = 4;
  base.ordered_pairs = 3;
  SensitivityResult r{.id = "t-1",
                      .variants = {{.value = "as given", .change = "baseline", .agreement = base},
                                   {.option = "wire_MBps", .value = "10", .change = "x0.5", .error = "refused, here"}}};
  CHECK(table_csv(sensitivity_table(r)) ==
        "experiment,option,value,change,column,cells,median,min,max,pairs,ordered_pairs,error\n"
        "t-1,baseline,as given,baseline,comm LP,3,0.912346,0.5,1.25,4,3,\n"
        "t-1,baseline,as given,baseline,all times,6,1,0.25,2.5e-07,4,3,\n"
        "t-1,wire_MBps,10,x0.5,,,,,,,,\"refused, here\"\n");
  Agreement regions;
  regions.region_map = true;
  regions.cells = 70;
  regions.agreeing_cells = 21;
  r.variants.front().agreement = regions;
  CHECK(table_csv(sensitivity_table(r)) ==
        "experiment,option,value,change,cells,agreeing_cells,error\n"
        "t-1,baseline,as given,baseline,70,21,\n"
        "t-1,wire_MBps,10,x0.5,,,\"refused, here\"\n");
}

TEST_CASE("A pivot of a result table: split, row heads, a group of columns per value across, cells as they were") {
  const ResultTable table{"t-overhead",
                          {{.name = "experiment", .key = true}, {.name = "density"}, {.name = "bytes", .unit = "B"},
                           {.name = "series", .key = true}, {.name = "comm_ms", .unit = "ms"},
                           {.name = "fraction", .host_dependent = true}},
                          {{text_cell("t"), integer_cell(4), integer_cell(16), text_cell("RS_N"), number_cell(0.5), number_cell(0.1)},
                           {text_cell("t"), integer_cell(4), integer_cell(16), text_cell("RS_NL"), number_cell(0.75), {}},
                           {text_cell("t"), integer_cell(4), integer_cell(1024), text_cell("RS_NL"), number_cell(2), number_cell(0.2)},
                           {text_cell("t"), integer_cell(16), integer_cell(16), text_cell("RS_N"), number_cell(3), number_cell(0.3)},
                           {text_cell("t"), integer_cell(16), integer_cell(16), text_cell("RS_N"), number_cell(9), number_cell(0.9)}},
                          "overhead"};
  const auto views = pivot_tables(table, {.split = {"density"}, .rows = {"bytes"}, .across = "series",
                                          .values = {"comm_ms", "fraction"}});
  REQUIRE(views.size() == 2);
  CHECK(views[0].caption == "overhead: density = 4");
  REQUIRE(views[0].columns.size() == 5);  // bytes, then per series comm_ms and fraction
  CHECK(views[0].columns[0].name == "bytes");
  CHECK(views[0].columns[0].unit == "B");
  CHECK(views[0].columns[3].group == "RS_NL");
  CHECK(views[0].columns[3].name == "comm_ms");
  CHECK(views[0].columns[4].host_dependent);
  REQUIRE(views[0].rows.size() == 2);
  CHECK(cell_text(views[0].rows[0][3]) == "0.75");
  CHECK(std::holds_alternative<std::monostate>(views[0].rows[0][4]));  // empty stays empty
  CHECK(std::holds_alternative<std::monostate>(views[0].rows[1][1]));  // 1024 B has no RS_N row
  CHECK(cell_text(views[0].rows[1][3]) == "2");
  // d = 16 has RS_N alone, yet the same groups as d = 4; of two rows for one cell the first counts.
  REQUIRE(views[1].columns.size() == 5);
  REQUIRE(views[1].rows.size() == 1);
  CHECK(cell_text(views[1].rows[0][1]) == "3");
  CHECK(pivot_tables(table, {.rows = {"density", "bytes"}, .across = "series", .values = {"comm_ms"}})
            .front()
            .caption == "overhead");
  CHECK_THROWS_WITH(pivot_tables(table, {.rows = {"nodes"}, .across = "series", .values = {"comm_ms"}}),
                    Catch::Contains("t-overhead") && Catch::Contains("no column 'nodes'"));
}
