// A reproduction's agreement with its paper as a small result table, ID.agreement.csv beside its
// table (rendered by table_csv): the typed Agreement (sim/analysis/agreement.hpp, computed once from
// the comparison) for tools that summarise every reproduction (the agreement block of docs/results.md is made from these
// files). One line per figure:
//
//   experiment,measure,column,count,agreeing,median,min,max
//   ID,ratio,<row> <series>,<cells>,,<median>,<min>,<max>   mcsim / paper per column, then the
//                                                            headline ("all times" or "all")
//   ID,order,<headline>,<pairs>,<ordered pairs>,,,          pairs of series ordered as in the paper
//   ID,regions,,<cells with a paper region>,<agreeing>,,,   region maps
//
// Ratios to 3 significant digits ({:.3g}): enough to compare runs, few enough to read.
#pragma once

#include <string>
#include <vector>

#include "../analysis/agreement.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

ResultTable agreement_table(const std::string& experiment, const Agreement& agreement);

// The same figures as sentences, for a reader (the HTML report), one per figure.
std::vector<std::string> agreement_lines(const Agreement& agreement);

}  // namespace mcsim
