// ID.agreement.csv: the typed agreement of a reproduction, in the exact columns the results page's
// agreement block is made from, and the same figures as the HTML report's sentences.
#include <catch2/catch.hpp>

#include "sim/analysis/agreement.hpp"
#include "sim/analysis/comparison.hpp"
#include "sim/output/agreement_table.hpp"
#include "sim/output/csv_table.hpp"

using namespace mcsim;

TEST_CASE("agreement.csv: a ratio line per column and the headline, then the headline's ordered pairs") {
  ComparisonTable rows("t-1");
  rows.add("comm", "LP", "64", 10.0, 12.0);
  rows.add("comm", "CGM", "64", 20.0, 18.0);
  rows.add("comm", "LP", "256", 40.0, 44.0);
  rows.add("comm", "CGM", "256", 30.0, 50.0);
  rows.add("iters", "A,B", "", 4.0, 4.0);  // not a time: left out of the headline and its pairs
  const Agreement a = agreement_of(rows.table());
  CHECK(table_csv(agreement_table("t-1", a)) ==
        "experiment,measure,column,count,agreeing,median,min,max\n"
        "t-1,ratio,comm LP,2,,1.15,1.1,1.2\n"
        "t-1,ratio,comm CGM,2,,1.28,0.9,1.67\n"
        "t-1,ratio,\"iters A,B\",1,,1,1,1\n"
        "t-1,ratio,all times,4,,1.15,0.9,1.67\n"
        "t-1,order,all times,2,1,,,\n");
  const auto lines = agreement_lines(a);
  REQUIRE(lines.size() == 5);
  CHECK(lines[3] == "all times: mcsim / paper median 1.15, range 0.90 to 1.67, over 4 cells with both");
  CHECK(lines[4] == "all times: 1 of 2 pairs of series ordered as in the paper");
}

TEST_CASE("agreement.csv: a region map is one line of cells with a paper region and those that agree") {
  Agreement a;
  a.region_map = true;
  a.cells = 12;
  a.agreeing_cells = 9;
  CHECK(table_csv(agreement_table("wang94-fig5", a)) ==
        "experiment,measure,column,count,agreeing,median,min,max\n"
        "wang94-fig5,regions,,12,9,,,\n");
  CHECK(agreement_lines(a) ==
        std::vector<std::string>{"fastest series as in the paper's regions in 9 of 12 cells (75%)"});
}
