#include "claims_html.hpp"

#include <fmt/format.h>

#include "html_page.hpp"

namespace mcsim {

using html::text;  // the report pages' one escaping of text

namespace {

// "not checkable" -> "not-checkable": the class of a verdict's cell.
std::string verdict_class(Verdict verdict) {
  std::string name = verdict_name(verdict);
  for (char& c : name)
    if (c == ' ') c = '-';
  return "verdict-" + name;
}

}  // namespace

std::string failure_text(const Claim& claim) {
  std::vector<std::string> parts;
  for (const auto& check : claim.checks)
    parts.push_back(fmt::format("{}{}{}", check.main && claim.checks.size() > 1 ? "main, " : "",
                                check.what.empty() ? "" : check.what + ": ", failure_condition(check)));
  return parts.empty() ? "" : fmt::format("fails if: {}", fmt::join(parts, "; "));
}

std::string claim_text(const ClaimVerdict& v) {
  std::string line = fmt::format("  {:<8} {:<14} {}\n", v.claim->id, verdict_name(v.verdict), v.figure);
  if (!v.paper_figure.empty())
    line += fmt::format("  {:<8} {:<14} on the paper's own numbers: {}\n", "", verdict_name(v.paper_verdict),
                        v.paper_figure);
  return line;
}

std::vector<ClaimVerdict> verdicts_of_paper(const std::vector<ClaimVerdict>& verdicts, const std::string& paper) {
  std::vector<ClaimVerdict> of_paper;
  for (const auto& v : verdicts)
    if (v.claim->paper == paper) of_paper.push_back(v);
  return of_paper;
}

std::string verdict_counts_text(const VerdictCounts& c) {
  const std::size_t all = c.holds + c.partly + c.fails + c.not_checkable;
  return fmt::format("{} claim{}: {} hold{}, {} partly, {} fail{}, {} not checkable", all, all == 1 ? "" : "s", c.holds,
                     c.holds == 1 ? "s" : "", c.partly, c.fails, c.fails == 1 ? "s" : "", c.not_checkable);
}

std::string claims_section_html(const std::vector<ClaimVerdict>& verdicts) {
  if (verdicts.empty()) return "";
  std::string html =
      "<div class=\"claims\">\n"
      "<p>Each claim restated with its place in the paper; the verdict is computed from this run's tables "
      "(holds: every check holds at every cell it names; fails: the main statement holds at fewer than half "
      "of its cells, or every check fails; partly: the rest, e.g. a side check fails or a part cannot be "
      "checked; not checkable: the data has no figure that could decide it). Each row says what would make "
      "its checks fail, and the same checks judged on the paper's own printed numbers where it prints any.</p>\n";
  html += fmt::format("<p class=\"claim-counts\">{}</p>\n", text(verdict_counts_text(count_verdicts(verdicts))));
  html += "<div class=\"claims-table\"><table>\n<thead><tr><th>Claim</th><th>Statement</th><th>Verdict</th>"
          "<th>Deciding figure</th><th>On the paper's own numbers</th></tr></thead>\n<tbody>\n";
  for (const auto& v : verdicts) {
    const std::string own = v.paper_figure.empty()
                                ? std::string("<td>-</td>")
                                : fmt::format("<td class=\"{}\">{}<br><small>{}</small></td>", verdict_class(v.paper_verdict),
                                              text(verdict_name(v.paper_verdict)), text(v.paper_figure));
    html += fmt::format("<tr id=\"claim-{}\"><td>{}<br><small>{}</small></td><td>{}</td><td class=\"{}\">{}</td>"
                        "<td>{}<br><small>{}</small></td>{}</tr>\n",
                        text(v.claim->id), text(v.claim->id), text(v.claim->cite), text(v.claim->statement),
                        verdict_class(v.verdict), text(verdict_name(v.verdict)), text(v.figure),
                        text(failure_text(*v.claim)), own);
  }
  return html + "</tbody>\n</table></div>\n</div>\n";
}

std::string claims_css() {
  return ".claims-table { overflow-x: auto; }\n"
         ".claims table { border-collapse: collapse; width: 100%; }\n"
         ".claims th, .claims td { border: 1px solid #9994; padding: 0.3em 0.5em; vertical-align: top; text-align: left;\n"
         "  white-space: normal; overflow-wrap: break-word; }\n"
         ".claims td:nth-child(1) { min-width: 7rem; }\n"
         ".claims td:nth-child(2) { min-width: 14rem; }\n"
         ".claims td:nth-child(3) { white-space: nowrap; }\n"
         ".claims td:nth-child(4) { min-width: 12rem; }\n"
         ".claims td:nth-child(5) { min-width: 7rem; }\n"
         ".claims td small { color: #777; }\n"
         ".verdict-holds { background: #d8f0d8; color: #134d13; font-weight: bold; }\n"
         ".verdict-partly { background: #f7ecc8; color: #5c4700; font-weight: bold; }\n"
         ".verdict-fails { background: #f6d4d4; color: #6b1111; font-weight: bold; }\n"
         ".verdict-not-checkable { background: #e4e4e4; color: #444; font-weight: bold; }\n"
         // On a phone a card per claim, the verdict under its statement rather than to the right of it.
         "@media (max-width: 40rem) {\n"
         "  .claims thead { display: none; }\n"
         "  .claims table, .claims tbody, .claims tr, .claims td { display: block; }\n"
         "  .claims tr { border: 1px solid #9994; margin-bottom: 0.6rem; }\n"
         "  .claims td, .claims td:nth-child(n) { border: 0; min-width: 0; }\n"
         "  .claims td:nth-child(4)::before { content: \"Deciding figure: \"; font-weight: bold; }\n"
         "  .claims td:nth-child(5)::before { content: \"On the paper's own numbers: \"; font-weight: bold; }\n"
         "}\n"
         "@media (prefers-color-scheme: dark) {\n"
         "  .verdict-holds { background: #1f4a1f; color: #cdeccd; }\n"
         "  .verdict-partly { background: #4d4112; color: #f3e6b5; }\n"
         "  .verdict-fails { background: #5a1f1f; color: #f3caca; }\n"
         "  .verdict-not-checkable { background: #3a3a3a; color: #ddd; }\n"
         "  .claims td small { color: #aaa; }\n"
         "}\n";
}

ResultTable claims_table(const std::vector<ClaimVerdict>& verdicts) {
  ResultTable table{"claims", {}, {}};
  for (const char* name : {"claim", "paper", "cite", "verdict", "figure", "paper_own_verdict", "paper_own_figure",
                           "fails_if", "statement"})
    table.columns.push_back({.name = name});
  table.columns.front().key = true;
  for (const auto& v : verdicts)
    table.rows.push_back({text_cell(v.claim->id), text_cell(v.claim->paper), text_cell(v.claim->cite),
                          text_cell(verdict_name(v.verdict)), text_cell(v.figure),
                          v.paper_figure.empty() ? ResultCell{} : text_cell(verdict_name(v.paper_verdict)),
                          text_cell(v.paper_figure), text_cell(failure_text(*v.claim)), text_cell(v.claim->statement)});
  return table;
}

}  // namespace mcsim
