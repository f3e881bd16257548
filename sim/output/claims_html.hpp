// The papers' claims and their computed verdicts (sim/analysis/claims.hpp) for a reader: an HTML
// section for one paper's page (a table claim / statement / verdict, coloured / deciding figure),
// the CSS it uses (light and dark by the browser's setting), and claims.csv's table, a row per claim.
#pragma once

#include <string>
#include <vector>

#include "../analysis/claims.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

// The verdicts whose claim belongs to `paper` ("Ranka, Wang, Kumar 1992", as paper_of() names it).
std::vector<ClaimVerdict> verdicts_of_paper(const std::vector<ClaimVerdict>& verdicts, const std::string& paper);

// One paper's claims as <div class="claims">, the body of its page's section "claims_section_title":
// how verdicts are given, the count of each verdict and the table. Empty when `verdicts` is empty
// (a paper without claims gets no section).
inline constexpr const char* claims_section_title = "The paper's claims, judged from the data";
std::string claims_section_html(const std::vector<ClaimVerdict>& verdicts);

// The rules the section's classes need: part of the report's one style sheet (html_page.cpp).
std::string claims_css();

// "fails if: main, communication cost: a cell where ...; ...": what would make each check fail.
std::string failure_text(const Claim& claim);

// The claim's lines for a terminal: id, verdict, deciding figure, and the verdict on the paper's own
// numbers below it when the paper prints any.
std::string claim_text(const ClaimVerdict& verdict);

// claim,paper,cite,verdict,figure,paper_own_verdict,paper_own_figure,fails_if,statement: one row
// per claim, in the order given (claims.csv through table_csv).
ResultTable claims_table(const std::vector<ClaimVerdict>& verdicts);

// "31 claims: 9 hold, 12 partly, 6 fail, 4 not checkable".
std::string verdict_counts_text(const VerdictCounts& counts);

}  // namespace mcsim
