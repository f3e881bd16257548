// The papers' claims, each judged from the data the reproductions wrote: a claim has one or more
// checks ("parts"), each of a small set of kinds, each reading rows of one or more result tables
// (ID.csv, ID.points.csv, ...) and counting the cells where the paper's statement holds. The
// verdict is computed, never written down: the same claim gives another verdict when the data moves.
// The claim files that say which checks a claim has are read in sim/scenario/claim_files.hpp; the
// kinds and their rules are described for a writer of claims in docs/claims.md.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "../core/result_table.hpp"

namespace mcsim {

enum class Verdict { holds, partly, fails, not_checkable };

// "holds", "partly", "fails", "not checkable".
std::string verdict_name(Verdict verdict);

// The tables are the reproductions' own (sim/core/result_table.hpp), by name ("ranka92-table3" for
// ID.csv, "ranka92-table1.points" for ID.points.csv); a table the data lacks is absent (its checks
// are then not checkable).

// Which rows of which tables a check reads, and how a row names its cell, its series and its value.
struct RowSelection {
  std::vector<std::string> tables;
  std::vector<std::pair<std::string, std::vector<std::string>>> where;  // column is one of these texts
  std::vector<std::pair<std::string, std::pair<double, double>>> range;   // column's number in [lo, hi]
  std::vector<std::string> cell_columns{"x"};  // the columns that together name a cell
  std::string series_column = "series";        // "" when a row stands alone (its cell is its series)
  std::string value_column = "mcsim";          // "" for the kinds that read other columns (match, linear)
  // Each value divided by the value of the row of the same table that differs from it only in this
  // column, which reads this text there (row = "comm_sd" over row = "comm_mean": sd / mean).
  std::optional<std::pair<std::string, std::string>> relative_to;
};

// Series s1 <= s2 <= ... at each cell (relative tolerance: a <= b * (1 + tolerance)). A level of
// several series needs every one of them at most every series of the next level.
struct OrderCheck {
  std::vector<std::vector<std::string>> levels;
  double tolerance = 0;
};

// The value of series `of` (every selected row when empty), divided by series `over` at the same
// cell when given, lies in [at_least, at_most] at each cell.
struct BoundCheck {
  std::string of, over;
  std::optional<double> at_least, at_most;
};

// The value column equals the `against` column (a closed form, the paper's printed number) within
// a relative tolerance, at each selected row where both are given.
struct EqualCheck {
  std::string against = "paper";
  double tolerance = 1e-3;
};

// Each selected row's `column` reads `text` (a region the paper names, an "agree" mark).
struct MatchCheck {
  std::string column, text;
};

// From one cell to the next in the table's order, the value of series `of` (over series `over`)
// rises or falls; with step_ratio, each step's ratio next/previous lies in it. The trend runs along
// the last cell column, within each table and each value of the other cell columns.
// With a baseline (the value of no effect: 1 for a ratio of times), the trend is of a signed effect:
// a step agrees only when both its ends lie on the side of the baseline the trend moves to (below it
// when falling), so a shrinking loss (1.06 -> 1.04) is not counted as a growing gain.
struct TrendCheck {
  std::string of, over;
  bool rising = true;
  bool strict = false;
  std::optional<std::pair<double, double>> step_ratio;
  std::optional<double> baseline;
};

// Column y is a straight line in column x: the least-squares fit's r^2 is at least min_r2, in each
// group of rows (group_columns; one group when empty). A group needs three points.
struct LinearCheck {
  std::string x, y;
  std::vector<std::string> group_columns;
  double min_r2 = 0.95;
};

using CheckKind = std::variant<OrderCheck, BoundCheck, EqualCheck, MatchCheck, TrendCheck, LinearCheck>;

struct ClaimCheck {
  std::string where;  // "file:line" of the check in its claim file, for errors about the data
  std::string what;   // a short label for the deciding figure ("communication cost")
  RowSelection rows;
  CheckKind kind;
  std::string if_absent;  // why the data may have no such rows (shown when it has none)
  bool main = false;      // the claim's main statement: when it fails, the claim fails
  // The reading of the paper this check belongs to ("" when the paper reads one way); where the
  // paper's text and a caption disagree, each reading is judged and shown.
  std::string reading;
  // The column of the same rows holding the paper's printed value ("" when the paper prints none):
  // the check judged on it is the paper's own score.
  std::string paper_column;
};

struct Claim {
  std::string id;         // C000-4
  std::string paper;      // "Ranka, Wang, Kumar 1992", as the report names the paper
  std::string cite;       // "sec. 5.3.3; Tables 3-7"
  std::string statement;  // the claim, in the project's words
  std::vector<ClaimCheck> checks;
  std::string unchecked;  // a part of the claim no data can judge, and why ("" when none)
};

// The result of one check: its verdict and the figure that decides it.
struct CheckVerdict {
  Verdict verdict = Verdict::not_checkable;
  std::size_t cells = 0, agreeing = 0;
  std::string figure;  // "CGM <= LP at 40 of 40 cells", "... fails at ranka92-table3 x=16 (CGM 3.7 > LP 3.6)"
};

// One reading of a claim judged (the only one when the paper reads one way).
struct ReadingVerdict {
  std::string reading;  // "" for the only reading
  Verdict verdict = Verdict::not_checkable;
  std::string figure;
};

struct ClaimVerdict {
  const Claim* claim = nullptr;
  Verdict verdict = Verdict::not_checkable;  // the first reading's (the paper's text, as the file lists it)
  std::vector<CheckVerdict> parts;           // one per check, in order
  std::string figure;                        // the parts' figures and the unchecked part, as one text
  std::vector<ReadingVerdict> readings;      // every reading, first the one `verdict` gives
  // The same checks judged on the paper's own printed numbers (paper_column): its verdict and its
  // tally; not checkable with figure "" when the paper prints no number any check reads.
  Verdict paper_verdict = Verdict::not_checkable;
  std::string paper_figure;  // "17 of 33 cells (communication cost); ..."
};

// A check's tally as a verdict: no cell -> not checkable; every cell -> holds; at least half ->
// partly; fewer -> fails.
Verdict verdict_of_tally(std::size_t cells, std::size_t agreeing);

// The claim's verdict from its parts, parts[main] being its main statement: none checkable -> not
// checkable; the main part fails -> fails, whatever the others do; every part holds and the claim
// has no unchecked part -> holds; every checkable part fails -> fails; else partly (a main part that
// is only partly true, a side part that fails, a part that could not be checked).
Verdict combined_verdict(const std::vector<Verdict>& parts, std::size_t main, bool has_unchecked_part);

// What would make the check fail, in words ("a cell where CGM+sort > CGM"), for the reader.
std::string failure_condition(const ClaimCheck& check);

// Why the check cannot fail on any data, or nullopt when some data fails it. Every value a check
// reads is a time, a count or a ratio of them, never negative: "AC >= 0" cannot fail, nor can an
// order of a series against itself, a ratio of a series over itself, a value equal to its own column,
// a match of the text the rows were selected by, or a line with r^2 >= 0.
std::optional<std::string> why_it_cannot_fail(const ClaimCheck& check);

// Judges one check on the tables. Throws mcsim::Error at check.where when the data contradicts the
// check's reading of it: a table without a column the check names, a series or cell value that no
// selected row has, a value cell that is not a number.
CheckVerdict judge_check(const ClaimCheck& check, const ResultTables& tables);

ClaimVerdict judge_claim(const Claim& claim, const ResultTables& tables);

struct VerdictCounts {
  std::size_t holds = 0, partly = 0, fails = 0, not_checkable = 0;
};
VerdictCounts count_verdicts(const std::vector<ClaimVerdict>& verdicts);

}  // namespace mcsim
