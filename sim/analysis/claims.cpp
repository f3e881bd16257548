#include "claims.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mcsim {

std::string verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::holds: return "holds";
    case Verdict::partly: return "partly";
    case Verdict::fails: return "fails";
    case Verdict::not_checkable: return "not checkable";
  }
  return "not checkable";
}

Verdict verdict_of_tally(std::size_t cells, std::size_t agreeing) {
  if (cells == 0) return Verdict::not_checkable;
  if (agreeing == cells) return Verdict::holds;
  if (2 * agreeing >= cells) return Verdict::partly;
  return Verdict::fails;
}

Verdict combined_verdict(const std::vector<Verdict>& parts, std::size_t main, bool has_unchecked_part) {
  std::vector<Verdict> checked;
  std::copy_if(parts.begin(), parts.end(), std::back_inserter(checked),
               [](Verdict v) { return v != Verdict::not_checkable; });
  if (checked.empty()) return Verdict::not_checkable;
  if (main < parts.size() && parts[main] == Verdict::fails) return Verdict::fails;
  const bool some_unchecked = has_unchecked_part || checked.size() < parts.size();
  if (std::all_of(checked.begin(), checked.end(), [](Verdict v) { return v == Verdict::holds; }))
    return some_unchecked ? Verdict::partly : Verdict::holds;
  if (std::all_of(checked.begin(), checked.end(), [](Verdict v) { return v == Verdict::fails; })) return Verdict::fails;
  return Verdict::partly;
}

namespace {

// The checks of one reading, by their index in the claim.
struct Reading {
  std::string name;
  std::vector<std::size_t> checks;
};

std::vector<Reading> readings_of(const Claim& claim) {
  std::vector<Reading> readings;
  for (std::size_t k = 0; k < claim.checks.size(); ++k) {
    const std::string& name = claim.checks[k].reading;
    auto at = std::find_if(readings.begin(), readings.end(), [&](const Reading& r) { return r.name == name; });
    if (at == readings.end()) at = readings.insert(readings.end(), Reading{name, {}});
    at->checks.push_back(k);
  }
  if (readings.empty()) readings.push_back(Reading{});
  return readings;
}

// The figure of some judged parts: each part's figure with its label; parts not checkable for one
// reason named together, the reason once.
std::string figure_of(const Claim& claim, const std::vector<CheckVerdict>& parts, const std::vector<std::size_t>& checks) {
  std::vector<std::string> figures;
  std::vector<std::pair<std::string, std::vector<std::string>>> unjudged;  // figure -> the parts' labels
  for (const std::size_t k : checks) {
    const ClaimCheck& check = claim.checks[k];
    const CheckVerdict& part = parts[k];
    if (part.verdict == Verdict::not_checkable) {
      auto same = std::find_if(unjudged.begin(), unjudged.end(), [&](const auto& u) { return u.first == part.figure; });
      if (same == unjudged.end()) same = unjudged.insert(unjudged.end(), {part.figure, {}});
      if (!check.what.empty()) same->second.push_back(check.what);
      continue;
    }
    const std::string label = check.what.empty() ? "" : check.what + ": ";
    figures.push_back((check.main && checks.size() > 1 ? "main, " : "") + label + part.figure);
  }
  for (const auto& [figure, labels] : unjudged)
    figures.push_back(labels.empty() ? figure : fmt::format("{}: {}", fmt::join(labels, "; "), figure));
  return fmt::format("{}", fmt::join(figures, "; "));
}

// The verdict of the given parts, the main one among them being the claim's main statement.
Verdict verdict_of(const Claim& claim, const std::vector<Verdict>& verdicts, const std::vector<std::size_t>& checks,
                   bool has_unchecked_part) {
  std::vector<Verdict> parts;
  std::size_t main = checks.size();
  for (const std::size_t k : checks) {
    if (claim.checks[k].main || checks.size() == 1) main = parts.size();
    parts.push_back(verdicts[k]);
  }
  return combined_verdict(parts, main, has_unchecked_part);
}

// The paper's own score: the checks that name a column of the paper's values, judged on it.
void judge_on_paper(const Claim& claim, const ResultTables& tables, ClaimVerdict& result) {
  std::vector<Verdict> verdicts(claim.checks.size(), Verdict::not_checkable);
  std::vector<std::string> figures;
  std::vector<std::size_t> checks;  // of the first reading, as the claim's verdict, that the paper has values for
  const Reading first = readings_of(claim).front();
  for (const std::size_t k : first.checks) {
    const ClaimCheck& check = claim.checks[k];
    if (check.paper_column.empty()) continue;
    checks.push_back(k);
    ClaimCheck on_paper = check;
    on_paper.rows.value_column = check.paper_column;
    const CheckVerdict part = judge_check(on_paper, tables);
    verdicts[k] = part.verdict;
    if (part.verdict == Verdict::not_checkable) continue;
    figures.push_back(fmt::format("{} of {}{}", part.agreeing, part.cells, check.what.empty() ? "" : " (" + check.what + ")"));
  }
  if (figures.empty()) return;  // the paper prints no number these checks read
  result.paper_verdict = verdict_of(claim, verdicts, checks, false);
  result.paper_figure = fmt::format("{}", fmt::join(figures, "; "));
}

}  // namespace

ClaimVerdict judge_claim(const Claim& claim, const ResultTables& tables) {
  ClaimVerdict result;
  result.claim = &claim;
  std::vector<Verdict> verdicts;
  for (const auto& check : claim.checks) {
    result.parts.push_back(judge_check(check, tables));
    verdicts.push_back(result.parts.back().verdict);
  }
  const std::vector<Reading> readings = readings_of(claim);
  for (const Reading& reading : readings) {
    ReadingVerdict judged{reading.name, verdict_of(claim, verdicts, reading.checks, !claim.unchecked.empty()),
                          figure_of(claim, result.parts, reading.checks)};
    if (claim.checks.empty()) judged.verdict = Verdict::not_checkable;
    result.readings.push_back(std::move(judged));
  }
  result.verdict = result.readings.front().verdict;
  std::vector<std::string> figures;
  for (const auto& r : result.readings) {
    if (readings.size() == 1) {
      if (!r.figure.empty()) figures.push_back(r.figure);
    } else {
      figures.push_back(fmt::format("{} ({}): {}", r.reading, verdict_name(r.verdict), r.figure));
    }
  }
  if (!claim.unchecked.empty()) figures.push_back("not checked: " + claim.unchecked);
  result.figure = fmt::format("{}", fmt::join(figures, "; "));
  judge_on_paper(claim, tables, result);
  return result;
}

VerdictCounts count_verdicts(const std::vector<ClaimVerdict>& verdicts) {
  VerdictCounts counts;
  for (const auto& v : verdicts) {
    switch (v.verdict) {
      case Verdict::holds: ++counts.holds; break;
      case Verdict::partly: ++counts.partly; break;
      case Verdict::fails: ++counts.fails; break;
      case Verdict::not_checkable: ++counts.not_checkable; break;
    }
  }
  return counts;
}

}  // namespace mcsim
