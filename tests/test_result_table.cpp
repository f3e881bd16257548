// Issue 48, one result table: the typed table a reproduction kind makes once, its one CSV renderer
// (table_csv) and the one reader of it (table_from_csv), which gives the table back.
#include <catch2/catch.hpp>

#include <string>

#include "sim/core/error.hpp"
#include "sim/core/result_table.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/scenario/result_tables.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/scenario/scenario_files.hpp"
#include "sim/scenario/scenario_outputs.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {

ResultTable sample_table() {
  ResultTable t{"demo", {{.name = "series", .key = true}, {.name = "nodes"}, {.name = "comm_ms", .unit = "ms"},
                         {.name = "host_ms", .unit = "ms", .host_dependent = true}, {.name = "note"}}, {}};
  t.rows.push_back({text_cell("AC"), integer_cell(32), number_cell(1.234567891), number_cell(0.5), text_cell("plain")});
  t.rows.push_back({text_cell("=cmd|' /C calc'!A0"), integer_cell(-4), number_cell(-2.5e-7), number_cell(std::nullopt),
                    text_cell("a, \"quoted\"\nline")});
  t.rows.push_back({text_cell("-1.5"), integer_cell(1048576), number_cell(1048576.0), number_cell(1.0 / 3, 3),
                    text_cell("")});
  return t;
}

}  // namespace

TEST_CASE("Result table: a number keeps the digits it is reported with, in memory as in its CSV") {
  const ResultCell c = number_cell(1.234567891);
  CHECK(cell_text(c) == "1.23457");
  CHECK(*cell_number(c) == 1.23457);  // rounded when made, not when written
  CHECK(cell_text(number_cell(1.0 / 3, 3)) == "0.333");
  CHECK(cell_text(number_cell(1048576.0)) == "1.04858e+06");
  CHECK(cell_text(integer_cell(1048576)) == "1048576");
  CHECK(cell_text(number_cell(std::nullopt)).empty());
  CHECK_FALSE(cell_number(number_cell(std::nullopt)));
  CHECK(*cell_number(text_cell("16")) == 16);  // a text that reads as a number counts as one
  CHECK_FALSE(cell_number(text_cell("16 nodes")));
}

TEST_CASE("Result table: the CSV renderer writes every column, quotes, guards formulas, keeps numbers plain") {
  const std::string csv = table_csv(sample_table());
  CHECK(csv ==
        "series,nodes,comm_ms,host_ms,note\n"
        "AC,32,1.23457,0.5,plain\n"
        "'=cmd|' /C calc'!A0,-4,-2.5e-07,,\"a, \"\"quoted\"\"\nline\"\n"
        "-1.5,1048576,1.04858e+06,0.333,\n");
  // A terminal control character is written inert (csv_cells.hpp), in a head as in a cell.
  ResultTable escape{"e", {{.name = "x\x1b[2J"}}, {{text_cell("\x1b]0;title\x07")}, {text_cell("\xc2\x9b")}}};
  CHECK(table_csv(escape) == "x\\x1b[2J\n\\x1b]0;title\\x07\n\\x9b\n");
  // A row shorter than its columns ends in empty cells.
  ResultTable short_row{"s", {{.name = "a"}, {.name = "b"}, {.name = "c"}}, {{integer_cell(1)}}};
  CHECK(table_csv(short_row) == "a,b,c\n1,,\n");
}

TEST_CASE("Result table: table -> CSV -> reader -> table gives the same names and cells") {
  const ResultTable original = sample_table();
  const std::string csv = table_csv(original);
  const ResultTable back = table_from_csv("demo", csv);
  CHECK(back.name == "demo");
  REQUIRE(back.columns.size() == original.columns.size());
  for (std::size_t c = 0; c < original.columns.size(); ++c) CHECK(back.columns[c].name == original.columns[c].name);
  REQUIRE(back.rows.size() == original.rows.size());
  for (std::size_t r = 0; r < original.rows.size(); ++r)
    for (std::size_t c = 0; c < original.columns.size(); ++c) {
      INFO("row " << r << " column " << original.columns[c].name);
      CHECK(cell_text(back.at(r, c)) == cell_text(original.at(r, c)));
      CHECK(cell_number(back.at(r, c)) == cell_number(original.at(r, c)));  // the very double, not a near one
    }
  CHECK(table_csv(back) == csv);  // and the reader's table renders to the same bytes
  // The formula guard is undone, the text is the text given; types are read from the cells.
  CHECK(std::get<std::string>(back.at(1, 0)) == "=cmd|' /C calc'!A0");
  CHECK(std::get<std::int64_t>(back.at(0, 1)) == 32);
  CHECK(std::holds_alternative<ResultNumber>(back.at(0, 2)));
  CHECK(std::holds_alternative<std::monostate>(back.at(1, 3)));
  // Units, keys and host marks are the kind's: the file holds names and cells only.
  CHECK(back.columns[2].unit.empty());
}

TEST_CASE("Result table: the CSV reader refuses a text without a head and a row longer than its head") {
  CHECK_THROWS_WITH(table_from_csv("t", ""), Catch::Contains("t.csv") && Catch::Contains("no header"));
  CHECK_THROWS_WITH(table_from_csv("t", "a,b\n1,2\n1,2,3\n"), Catch::Contains("t.csv:3") && Catch::Contains("3 cells"));
}

TEST_CASE("Result table: a run's tables in memory are the ones the reader gets from its CSV files", "[engine]") {
  // lo92-lemmas (closed forms, no simulation) and ranka92-fig4 (permutation counts: a .points table too).
  for (const std::string id : {"lo92-lemmas", "ranka92-fig4"}) {
    INFO(id);
    const Scenario scenario = load_scenario(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/" + id + ".toml");
    RunOptions run;
    run.samples = 1;
    const ScenarioOutputs outputs = run_scenario(scenario, run, ReportOptions{.host_times = false});
    ResultTables in_memory;
    add_result_tables(outputs, in_memory);
    const ResultTables read = result_tables_of(scenario_files(outputs, "/nowhere/" + id + ".csv"));
    REQUIRE(in_memory.contains(id));
    for (const auto& [name, table] : in_memory) {
      INFO(name);
      REQUIRE(read.contains(name));
      const ResultTable& back = read.at(name);
      CHECK(table_csv(back) == table_csv(table));
      REQUIRE(back.rows.size() == table.rows.size());
      for (std::size_t r = 0; r < table.rows.size(); ++r)
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
          CHECK(cell_text(back.at(r, c)) == cell_text(table.at(r, c)));
          CHECK(cell_number(back.at(r, c)) == cell_number(table.at(r, c)));
        }
    }
  }
}
