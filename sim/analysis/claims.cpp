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

Verdict combined_verdict(const std::vector<Verdict>& parts, bool has_unchecked_part) {
  std::vector<Verdict> checked;
  std::copy_if(parts.begin(), parts.end(), std::back_inserter(checked),
               [](Verdict v) { return v != Verdict::not_checkable; });
  if (checked.empty()) return Verdict::not_checkable;
  const bool some_unchecked = has_unchecked_part || checked.size() < parts.size();
  if (std::all_of(checked.begin(), checked.end(), [](Verdict v) { return v == Verdict::holds; }))
    return some_unchecked ? Verdict::partly : Verdict::holds;
  if (std::all_of(checked.begin(), checked.end(), [](Verdict v) { return v == Verdict::fails; })) return Verdict::fails;
  return Verdict::partly;
}

ClaimVerdict judge_claim(const Claim& claim, const ResultTables& tables) {
  ClaimVerdict result;
  result.claim = &claim;
  std::vector<Verdict> verdicts;
  std::vector<std::string> figures;
  // Parts not checkable for one reason are named together, the reason once.
  std::vector<std::pair<std::string, std::vector<std::string>>> unjudged;  // figure -> the parts' labels
  for (const auto& check : claim.checks) {
    result.parts.push_back(judge_check(check, tables));
    const CheckVerdict& part = result.parts.back();
    verdicts.push_back(part.verdict);
    if (part.verdict == Verdict::not_checkable) {
      auto same = std::find_if(unjudged.begin(), unjudged.end(), [&](const auto& u) { return u.first == part.figure; });
      if (same == unjudged.end()) same = unjudged.insert(unjudged.end(), {part.figure, {}});
      if (!check.what.empty()) same->second.push_back(check.what);
      continue;
    }
    figures.push_back(check.what.empty() ? part.figure : check.what + ": " + part.figure);
  }
  for (const auto& [figure, labels] : unjudged)
    figures.push_back(labels.empty() ? figure : fmt::format("{}: {}", fmt::join(labels, "; "), figure));
  if (!claim.unchecked.empty()) figures.push_back("not checked: " + claim.unchecked);
  result.verdict = combined_verdict(verdicts, !claim.unchecked.empty());
  result.figure = fmt::format("{}", fmt::join(figures, "; "));
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
