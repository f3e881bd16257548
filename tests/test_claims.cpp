// The papers' claims judged from the data (sim/analysis/claims.hpp, scenarios/claims/): each check
// kind gives a verdict that flips when the data flips, the verdicts combine as documented, bad claim
// files fail in one line naming file:line, and every claim of the project's files is judged.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "helpers.hpp"
#include "sim/analysis/claims.hpp"
#include "sim/core/error.hpp"
#include "sim/output/claims_html.hpp"
#include "sim/output/html_report.hpp"
#include "sim/scenario/claim_files.hpp"
#include "sim/output/csv_table.hpp"
#include "sim/scenario/result_tables.hpp"
#include "sim/scenario/scenario.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {

ResultTables one_table(const std::string& name, const std::string& csv) {
  ResultTables tables;
  tables.emplace(name, table_from_csv(name, csv));
  return tables;
}

ClaimCheck check_of(CheckKind kind, RowSelection rows) {
  ClaimCheck c;
  c.where = "test.toml:1";
  c.rows = std::move(rows);
  c.kind = std::move(kind);
  return c;
}

RowSelection rows_of(const std::string& table, std::vector<std::pair<std::string, std::vector<std::string>>> where = {}) {
  RowSelection s;
  s.tables = {table};
  s.where = std::move(where);
  return s;
}

const char* times =
    "experiment,row,series,x,paper,mcsim,ratio\n"
    "t,comm,A,16,,1,\n"
    "t,comm,B,16,,2,\n"
    "t,comm,A,64,,3,\n"
    "t,comm,B,64,,4,\n"
    "t,comm,A,256,,5,\n"
    "t,comm,B,256,,9,\n";

// The same table with B's value at x = 16 and 64 below A's.
const char* times_flipped =
    "experiment,row,series,x,paper,mcsim,ratio\n"
    "t,comm,A,16,,1,\n"
    "t,comm,B,16,,0.5,\n"
    "t,comm,A,64,,3,\n"
    "t,comm,B,64,,2,\n"
    "t,comm,A,256,,5,\n"
    "t,comm,B,256,,9,\n";

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

const KnownReproductions known{{"ranka92-table3", "Ranka, Wang, Kumar 1992"}, {"wang94-fig5", "Wang and Ranka 1994"}};

}  // namespace

TEST_CASE("Claims: an order of series holds at every cell, and fails when the data reverses it") {
  const auto check = check_of(OrderCheck{{{"A"}, {"B"}}, 0}, rows_of("t", {{"row", {"comm"}}}));
  const auto held = judge_check(check, one_table("t", times));
  CHECK(held.verdict == Verdict::holds);
  CHECK(held.figure == "A <= B at 3 of 3 cells");
  const auto flipped = judge_check(check, one_table("t", times_flipped));
  CHECK(flipped.verdict == Verdict::fails);
  CHECK(flipped.figure == "A <= B at 1 of 3 cells; fails first at x=16 (A 1 > B 0.5)");
}

TEST_CASE("Claims: a bound on a ratio of series, with the observed range and the first cell outside") {
  const auto check = check_of(BoundCheck{"B", "A", std::nullopt, 2.0}, rows_of("t"));
  const auto held = judge_check(check, one_table("t", times));
  // B / A is 2, 1.33 and 1.8: all at most 2; at most 1.5 leaves one of the three inside.
  CHECK(held.verdict == Verdict::holds);
  CHECK(held.figure == "B / A <= 2 at 3 of 3 cells (observed 1.33..2)");
  const auto tight = judge_check(check_of(BoundCheck{"B", "A", std::nullopt, 1.5}, rows_of("t")), one_table("t", times));
  CHECK(tight.verdict == Verdict::fails);
  CHECK(tight.figure == "B / A <= 1.5 at 1 of 3 cells (observed 1.33..2); outside first at x=16 (2)");
}

TEST_CASE("Claims: equal against a closed-form column within a tolerance") {
  const char* csv = "experiment,row,series,x,paper,mcsim,ratio\nt,n32,d1,4,8.89,8.88889,\nt,n32,d1,8,16,16,\n";
  const auto check = check_of(EqualCheck{"paper", 1e-3}, rows_of("t"));
  CHECK(judge_check(check, one_table("t", csv)).verdict == Verdict::holds);
  const char* off = "experiment,row,series,x,paper,mcsim,ratio\nt,n32,d1,4,8.89,9.5,\nt,n32,d1,8,16,16,\n";
  const auto v = judge_check(check, one_table("t", off));
  CHECK(v.verdict == Verdict::partly);
  CHECK(v.figure.find("differs first at d1 x=4 (mcsim 9.5 vs paper 8.89)") != std::string::npos);
}

TEST_CASE("Claims: a match counts rows whose column reads the text, and regions flip with the data") {
  auto rows = rows_of("r", {{"paper", {"AC"}}});
  rows.series_column = "";
  rows.value_column = "";
  rows.cell_columns = {"density", "bytes"};
  const auto check = check_of(MatchCheck{"fastest", "AC"}, rows);
  const char* agree = "experiment,density,bytes,fastest,paper,agree\nr,4,16,AC,AC,yes\nr,4,32,AC,AC,yes\nr,8,16,LP,LP,yes\n";
  const char* disagree = "experiment,density,bytes,fastest,paper,agree\nr,4,16,RS_N,AC,no\nr,4,32,RS_N,AC,no\nr,8,16,LP,LP,yes\n";
  CHECK(judge_check(check, one_table("r", agree)).verdict == Verdict::holds);
  const auto v = judge_check(check, one_table("r", disagree));
  CHECK(v.verdict == Verdict::fails);
  CHECK(v.figure == "fastest = 'AC' at 0 of 2 rows; not first at density=4 bytes=16 (fastest = 'RS_N')");
}

TEST_CASE("Claims: a trend runs along the last cell column, within each group, with a step ratio") {
  const auto rising = check_of(TrendCheck{"B", "", true, false, std::nullopt, std::nullopt}, rows_of("t"));
  CHECK(judge_check(rising, one_table("t", times)).verdict == Verdict::holds);
  CHECK(judge_check(rising, one_table("t", times_flipped)).verdict == Verdict::holds);  // 0.5 -> 2 -> 9: rises
  const auto falling_b = check_of(TrendCheck{"B", "A", false, false, std::nullopt, std::nullopt}, rows_of("t"));
  CHECK(judge_check(falling_b, one_table("t", times)).verdict == Verdict::partly);        // B / A: 2, 1.33, 1.8
  CHECK(judge_check(falling_b, one_table("t", times_flipped)).verdict == Verdict::fails);  // 0.5, 0.67, 1.8
  const auto doubling = check_of(TrendCheck{"B", "", true, false, std::pair(1.8, 2.2), std::nullopt}, rows_of("t"));
  const auto v = judge_check(doubling, one_table("t", times));  // 2 -> 4 doubles, 4 -> 9 does not
  CHECK(v.verdict == Verdict::partly);
  CHECK(v.figure == "B rises by x1.8..x2.2 a step at 1 of 2 steps; not at x=64 -> x=256 (4 -> 9)");
  // Two groups (density 4 and 8) interleaved in the table: steps never cross a group.
  auto grouped = rows_of("o");
  grouped.cell_columns = {"density", "bytes"};
  const char* csv = "experiment,density,bytes,series,fraction\no,4,64,S,1\no,8,64,S,5\no,4,128,S,0.4\no,8,128,S,2\n";
  grouped.value_column = "fraction";
  const auto falling = judge_check(check_of(TrendCheck{"S", "", false, false, std::pair(0.0, 0.5), std::nullopt}, grouped),
                                   one_table("o", csv));
  CHECK(falling.verdict == Verdict::holds);
  CHECK(falling.cells == 2);
}

TEST_CASE("Claims: a trend of an effect is signed: a shrinking loss is no growing gain (C003-3)") {
  // align-message / contention-free 1.06 -> 1.04 -> 1.02: it falls, but align-message is slower throughout.
  const char* loss = "experiment,row,series,x,paper,mcsim,ratio\nt,vs,a,1,,1.06,\nt,vs,a,2,,1.04,\nt,vs,a,3,,1.02,\n";
  const char* gain = "experiment,row,series,x,paper,mcsim,ratio\nt,vs,a,1,,0.95,\nt,vs,a,2,,0.9,\nt,vs,a,3,,0.85,\n";
  const auto unsigned_trend = check_of(TrendCheck{"a", "", false, false, std::nullopt, std::nullopt}, rows_of("t"));
  CHECK(judge_check(unsigned_trend, one_table("t", loss)).verdict == Verdict::holds);
  const auto effect = check_of(TrendCheck{"a", "", false, false, std::nullopt, 1.0}, rows_of("t"));
  const auto v = judge_check(effect, one_table("t", loss));
  CHECK(v.verdict == Verdict::fails);
  CHECK(v.figure == "a falls below 1 at 0 of 2 steps; not at x=1 -> x=2 (1.06 -> 1.04, not below 1)");
  CHECK(judge_check(effect, one_table("t", gain)).verdict == Verdict::holds);
}

TEST_CASE("Claims: a value relative to another row of the same cell and series (sd / mean, C002-4)") {
  const char* csv = "experiment,row,series,x,paper,mcsim,ratio\n"
                    "t,sd,two,1,,2,\nt,mean,two,1,,100,\nt,sd,one,1,,1,\nt,mean,one,1,,10,\n";
  auto rows = rows_of("t", {{"row", {"sd"}}});
  // sd alone: one (1) <= two (2); sd / mean: two (0.02) <= one (0.1).
  CHECK(judge_check(check_of(OrderCheck{{{"two"}, {"one"}}, 0}, rows), one_table("t", csv)).verdict == Verdict::fails);
  rows.relative_to = std::pair(std::string("row"), std::string("mean"));
  CHECK(judge_check(check_of(OrderCheck{{{"two"}, {"one"}}, 0}, rows), one_table("t", csv)).verdict == Verdict::holds);
}

TEST_CASE("Claims: the paper's own score beside mcsim's, and each reading of a claim judged") {
  const char* csv = "experiment,row,series,x,paper,mcsim,ratio\n"
                    "t,comm,A,16,2,1,\nt,comm,B,16,1,2,\nt,comm,A,64,1,3,\nt,comm,B,64,2,4,\n";
  Claim claim;
  claim.id = "C1";
  auto order = check_of(OrderCheck{{{"A"}, {"B"}}, 0}, rows_of("t"));
  order.paper_column = "paper";
  claim.checks = {order};
  const auto v = judge_claim(claim, one_table("t", csv));
  CHECK(v.verdict == Verdict::holds);
  CHECK(v.paper_verdict == Verdict::partly);  // the paper's A > B at x = 16
  CHECK(v.paper_figure == "1 of 2");
  // Two readings (the text's first): the verdict is the first's, both are shown.
  auto text = order, caption = check_of(OrderCheck{{{"B"}, {"A"}}, 0}, rows_of("t"));
  text.reading = "text";
  caption.reading = "caption";
  claim.checks = {text, caption};
  const auto read = judge_claim(claim, one_table("t", csv));
  CHECK(read.verdict == Verdict::holds);
  REQUIRE(read.readings.size() == 2);
  CHECK(read.readings[1].verdict == Verdict::fails);
  CHECK(read.figure == "text (holds): A <= B at 2 of 2 cells; caption (fails): B <= A at 0 of 2 cells; fails first at "
                       "x=16 (B 2 > A 1)");
}

TEST_CASE("Claims: each check says what would make it fail") {
  const auto order = check_of(OrderCheck{{{"A", "B"}, {"C"}, {"D"}}, 0}, rows_of("t"));
  CHECK(failure_condition(order) == "a cell where A or B > C, or C > D");
  const auto bound = check_of(BoundCheck{"A", "B", 0.8, 0.9}, rows_of("t"));
  CHECK(failure_condition(bound) == "a cell where A / B < 0.8 or A / B > 0.9");
  CHECK(why_it_cannot_fail(bound) == std::nullopt);
  CHECK(why_it_cannot_fail(check_of(BoundCheck{"AC", "", 0.0, std::nullopt}, rows_of("t"))) ==
        "AC >= 0 holds for every time, count and ratio");
}

TEST_CASE("Claims: a straight line by r^2 in each group") {
  RowSelection rows = rows_of("p");
  rows.series_column = "";
  rows.value_column = "";
  const auto check = check_of(LinearCheck{"x", "y", {"n"}, 0.95}, rows);
  const char* line = "n,x,y\n32,1,2\n32,2,4.1\n32,3,5.9\n32,4,8\n";
  const char* bent = "n,x,y\n32,1,1\n32,2,8\n32,3,1\n32,4,8\n";
  CHECK(judge_check(check, one_table("p", line)).verdict == Verdict::holds);
  CHECK(judge_check(check, one_table("p", bent)).verdict == Verdict::fails);
}

TEST_CASE("Claims: no rows is not checkable, with the reason the claim file gives, and a missing table says so") {
  auto check = check_of(OrderCheck{{{"A"}, {"B"}}, 0}, rows_of("t", {{"row", {"comp"}}}));
  check.if_absent = "host time, left out under --deterministic";
  const auto v = judge_check(check, one_table("t", times));
  CHECK(v.verdict == Verdict::not_checkable);
  CHECK(v.figure == "not checkable: host time, left out under --deterministic");
  const auto absent = judge_check(check, ResultTables{});
  CHECK(absent.figure == "not checkable: the data has no t.csv; host time, left out under --deterministic");
}

TEST_CASE("Claims: the data's errors name the check's place: a missing column, an unknown series, a typo") {
  auto no_column = check_of(OrderCheck{{{"A"}, {"B"}}, 0}, rows_of("t"));
  no_column.rows.value_column = "mcsimx";
  CHECK_THROWS_WITH(judge_check(no_column, one_table("t", times)),
                    "test.toml:1: t.csv has no column 'mcsimx' (its columns: experiment, row, series, x, paper, mcsim, ratio)");
  CHECK_THROWS_WITH(judge_check(check_of(OrderCheck{{{"A"}, {"C"}}, 0}, rows_of("t")), one_table("t", times)),
                    "test.toml:1: no selected row of t has series = 'C'");
  CHECK_THROWS_WITH(judge_check(check_of(OrderCheck{{{"A"}, {"B"}}, 0}, rows_of("t", {{"row", {"com"}}})),
                                one_table("t", times)),
                    "test.toml:1: t.csv: no row has row = 'com'");
}

TEST_CASE("Claims: verdicts from tallies and a claim's verdict from its parts") {
  CHECK(verdict_of_tally(0, 0) == Verdict::not_checkable);
  CHECK(verdict_of_tally(4, 4) == Verdict::holds);
  CHECK(verdict_of_tally(4, 2) == Verdict::partly);
  CHECK(verdict_of_tally(4, 1) == Verdict::fails);
  using V = Verdict;
  constexpr std::size_t none = 9;  // no main part among them
  CHECK(combined_verdict({V::holds, V::holds}, 0, false) == V::holds);
  CHECK(combined_verdict({V::holds, V::not_checkable}, 0, false) == V::partly);
  CHECK(combined_verdict({V::holds}, 0, true) == V::partly);
  CHECK(combined_verdict({V::fails, V::not_checkable}, 0, false) == V::fails);
  CHECK(combined_verdict({V::fails, V::holds}, none, false) == V::partly);
  CHECK(combined_verdict({V::not_checkable}, 0, false) == V::not_checkable);
  CHECK(combined_verdict({}, none, true) == V::not_checkable);
  // The main statement decides a failure, whatever the side parts do (C002-3: Fig. 9 fails 0 of 4).
  CHECK(combined_verdict({V::fails, V::holds, V::holds}, 0, false) == V::fails);
  CHECK(combined_verdict({V::holds, V::fails, V::holds}, 0, false) == V::partly);
  CHECK(combined_verdict({V::partly, V::holds}, 0, false) == V::partly);
  CHECK(combined_verdict({V::not_checkable, V::fails}, 0, false) == V::fails);
}

TEST_CASE("Claim files: bad files fail in one line naming file:line") {
  const std::string dir = test::temp_dir("claims-bad");
  const std::string head = "paper = \"Ranka, Wang, Kumar 1992\"\n[[claim]]\nid = \"C1\"\ncite = \"T3\"\nstatement = \"s\"\n";
  const auto error_of = [&](const std::string& text) {
    const std::string path = write_file(dir, "c.toml", text);
    try {
      read_claim_file(path, known);
    } catch (const Error& e) {
      return std::string(e.what()).substr(dir.size() + 1);
    }
    return std::string("no error");
  };
  CHECK(error_of(head + "[[claim.check]]\nkind = \"sorted\"\ntables = \"ranka92-table3\"\n") ==
        "c.toml:7 (claim[0].check[0].kind): unknown check kind 'sorted' (kinds: bound, equal, linear, match, order, trend)");
  CHECK(error_of(head + "[[claim.check]]\nkind = \"order\"\ntables = \"ranka92-table33\"\nlevels = [\"A\", \"B\"]\n") ==
        "c.toml:8 (claim[0].check[0].tables): no reproduction 'ranka92-table33' (mcsim list experiments)");
  CHECK(error_of(head + "[[claim.check]]\nkind = \"order\"\ntables = \"wang94-fig5\"\nlevels = [\"A\", \"B\"]\n") ==
        "c.toml:8 (claim[0].check[0].tables): reproduction 'wang94-fig5' belongs to Wang and Ranka 1994, not to this "
        "file's paper Ranka, Wang, Kumar 1992");
  CHECK(error_of(head + "[[claim.check]]\nkind = \"bound\"\ntables = \"ranka92-table3\"\nof = \"LP\"\nbelow = 3\n") ==
        "c.toml:10 (claim[0].check[0].below): unknown key 'below' (allowed here: at_least, at_most, cell, if_absent, "
        "kind, main, of, over, paper_value, range, reading, relative_to, series, tables, value, what, where)");
  CHECK(error_of(head) == "c.toml:2 (claim[0]): claim C1 has no check and no 'unchecked' reason");
  // A missing key is named at the line of the table that lacks it, as the machine files' errors are.
  CHECK(error_of("paper = \"Ranka, Wang, Kumar 1992\"\n[[claim]]\nid = \"C1\"\ncite = \"T3\"\nunchecked = \"u\"\n") ==
        "c.toml:2 (claim[0].statement): missing required key");
  CHECK(error_of(head + "[[claim.check]]\ntables = \"ranka92-table3\"\n") ==
        "c.toml:6 (claim[0].check[0].kind): missing required key");
  CHECK(error_of("[[claim]]\nid = \"C1\"\n") == "c.toml:1 (paper): missing required key");  // the file's own table
  // A check that cannot fail is refused (C000-8 was "AC >= 0", failing only if the column was missing).
  CHECK(error_of(head + "[[claim.check]]\nkind = \"bound\"\ntables = \"ranka92-table3\"\nof = \"AC\"\nat_least = 0\n") ==
        "c.toml:6 (claim[0].check[0]): this check cannot fail (AC >= 0 holds for every time, count and ratio): state "
        "what would make the claim false");
  CHECK(error_of(head + "[[claim.check]]\nkind = \"order\"\ntables = \"ranka92-table3\"\nlevels = [\"A\", \"A\"]\n") ==
        "c.toml:6 (claim[0].check[0]): this check cannot fail (series 'A' is in two places of the order): state what "
        "would make the claim false");
  // Several checks need the main one marked; a trend of a ratio needs its baseline.
  const std::string two = "[[claim.check]]\nkind = \"order\"\ntables = \"ranka92-table3\"\nlevels = [\"A\", \"B\"]\n";
  CHECK(error_of(head + two + two) ==
        "c.toml:2 (claim[0]): claim C1 has 2 checks and 0 marked main = true: mark the one its main statement is");
  CHECK(error_of(head + "[[claim.check]]\nkind = \"trend\"\ntables = \"ranka92-table3\"\nof = \"A\"\nover = \"B\"\n"
                        "direction = \"rising\"\n") ==
        "c.toml:6 (claim[0].check[0].baseline): a trend of a ratio needs its baseline (1: no effect), so that a "
        "shrinking loss is no growing gain");
  // A column the data lacks is found when the claim is judged, and named at the check's line.
  const auto claims = read_claim_file(
      write_file(dir, "c.toml", head + "[[claim.check]]\nkind = \"order\"\ntables = \"ranka92-table3\"\nvalue = \"ms\"\n"
                                       "levels = [\"A\", \"B\"]\n"),
      known);
  REQUIRE(claims.size() == 1);
  try {
    judge_claim(claims[0], one_table("ranka92-table3", times));
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).substr(dir.size() + 1).starts_with("c.toml:6 (claim[0].check[0]): ranka92-table3.csv "
                                                                   "has no column 'ms'"));
  }
}

TEST_CASE("Claim files: every claim of the project's files is judged, none skipped, from the golden tables") {
  namespace fs = std::filesystem;
  KnownReproductions reproductions;
  for (const auto& entry : fs::directory_iterator(MCSIM_SCENARIO_SOURCE_DIR))
    if (entry.path().extension() == ".toml") {
      const Scenario s = load_scenario(entry.path().string());
      reproductions.emplace(header(s).id, paper_of(header(s)));
    }
  const auto claims = read_claim_files(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/claims", reproductions);
  // The claims of the five papers, by the ids of their claim lists.
  std::set<std::string> ids;
  for (const auto& c : claims) ids.insert(c.id);
  std::set<std::string> expected;
  for (const auto& [paper, count] : std::vector<std::pair<int, int>>{{0, 8}, {1, 4}, {2, 5}, {3, 8}, {4, 5}})
    for (int k = 1; k <= count; ++k) expected.insert("C00" + std::to_string(paper) + "-" + std::to_string(k));
  CHECK(ids == expected);
  CHECK(claims.size() == expected.size());

  // Every table a claim reads is one the reproductions write (the goldens have them all), so every
  // check reads its columns and series without error; every claim gets a verdict and a figure.
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& entry : fs::recursive_directory_iterator(MCSIM_GOLDEN_DIR))
    if (entry.path().extension() == ".csv") files.emplace_back(entry.path().string(), test::slurp(entry.path().string()));
  const ResultTables tables = result_tables_of(files);
  std::vector<ClaimVerdict> verdicts;
  for (const auto& c : claims) {
    for (const auto& check : c.checks)
      for (const auto& t : check.rows.tables) CHECK(tables.contains(t));
    verdicts.push_back(judge_claim(c, tables));
    CHECK(!verdicts.back().figure.empty());
    CHECK(verdicts.back().parts.size() == c.checks.size());
  }
  const VerdictCounts n = count_verdicts(verdicts);
  CHECK(n.holds + n.partly + n.fails + n.not_checkable == claims.size());
  // claims.csv: one line per claim; the HTML section has a row per claim of its paper.
  const std::string csv = table_csv(claims_table(verdicts));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<std::ptrdiff_t>(claims.size() + 1));
  const auto ranka92 = verdicts_of_paper(verdicts, "Ranka, Wang, Kumar 1992");
  CHECK(ranka92.size() == 8);
  const std::string html = claims_section_html(ranka92);
  CHECK(html.find("<tr id=\"claim-C000-4\">") != std::string::npos);
  CHECK(html.find("class=\"verdict-") != std::string::npos);
}

TEST_CASE("mcsim claims: judges a directory of tables, prints the counts, writes claims.csv, and a bad file is one line",
          "[cli]") {
  namespace fs = std::filesystem;
  const std::string dir = test::temp_dir("claims-cli");
  for (const auto& entry : fs::recursive_directory_iterator(MCSIM_GOLDEN_DIR))
    if (entry.path().extension() == ".csv")
      fs::copy_file(entry.path(), fs::path(dir) / entry.path().filename(), fs::copy_options::overwrite_existing);
  const auto r = test::run_mcsim("claims " + dir + " -o " + dir + "/claims.csv");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("30 claims: ") != std::string::npos);
  CHECK(r.out.find("  C000-4   ") != std::string::npos);
  const std::string csv = test::slurp(dir + "/claims.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 31);
  CHECK(csv.starts_with("claim,paper,cite,verdict,figure,paper_own_verdict,paper_own_figure,fails_if,statement\nC000-1,"));

  const std::string bad = test::temp_dir("claims-cli-bad");
  write_file(bad, "x.toml", "paper = \"Guo and Pan 2005\"\n[[claim]]\nid = \"C9\"\ncite = \"c\"\nstatement = \"s\"\n"
                            "[[claim.check]]\nkind = \"order\"\ntables = \"guo05-fig44\"\nlevels = [\"a\", \"b\"]\n");
  test::require_one_line_error(test::run_mcsim("claims " + dir + " --claims " + bad + " -o " + dir + "/c2.csv"),
                               "x.toml:8 (claim[0].check[0].tables): no reproduction 'guo05-fig44'", 2);
  CHECK(!fs::exists(dir + "/c2.csv"));
}
