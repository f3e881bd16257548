// What would make a claim's check fail (claims.hpp), and the checks no data can fail: a check that
// cannot fail judges nothing (C000-8 was "AC >= 0", failing only when the column was missing), so the
// claim files' reader refuses it.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "claim_rows.hpp"
#include "claims.hpp"

namespace mcsim {

namespace {

std::string value_name(const ClaimCheck& check, const std::string& of, const std::string& over) {
  if (of.empty()) return check.rows.value_column;
  return over.empty() ? of : of + " / " + over;
}

std::string failure(const OrderCheck& order, const ClaimCheck&) {
  std::vector<std::string> steps;
  for (std::size_t l = 0; l + 1 < order.levels.size(); ++l)
    steps.push_back(fmt::format("{} > {}", fmt::join(order.levels[l], " or "), fmt::join(order.levels[l + 1], " or ")));
  return fmt::format("a cell where {}{}", fmt::join(steps, ", or "),
                     order.tolerance > 0 ? fmt::format(" by more than {}%", shown_number(100 * order.tolerance)) : "");
}

std::string failure(const BoundCheck& bound, const ClaimCheck& check) {
  const std::string name = value_name(check, bound.of, bound.over);
  std::vector<std::string> sides;
  if (bound.at_least) sides.push_back(fmt::format("{} < {}", name, shown_number(*bound.at_least)));
  if (bound.at_most) sides.push_back(fmt::format("{} > {}", name, shown_number(*bound.at_most)));
  return fmt::format("a cell where {}", fmt::join(sides, " or "));
}

std::string failure(const EqualCheck& equal, const ClaimCheck& check) {
  return fmt::format("a row where {} differs from {} by more than {}%", check.rows.value_column, equal.against,
                     shown_number(100 * equal.tolerance));
}

std::string failure(const MatchCheck& match, const ClaimCheck&) {
  return fmt::format("a row whose {} is not '{}'", match.column, match.text);
}

std::string failure(const TrendCheck& trend, const ClaimCheck& check) {
  const std::string name = value_name(check, trend.of, trend.over);
  std::string text = fmt::format("a step where {} {}", name,
                                 trend.rising ? (trend.strict ? "does not rise" : "falls")
                                              : (trend.strict ? "does not fall" : "rises"));
  if (trend.step_ratio)
    text += fmt::format(" or changes by a factor outside x{}..x{}", shown_number(trend.step_ratio->first),
                        shown_number(trend.step_ratio->second));
  if (trend.baseline)
    text += fmt::format(" or either end is {} {}", trend.rising ? "at or below" : "at or above",
                        shown_number(*trend.baseline));
  return text;
}

std::string failure(const LinearCheck& linear, const ClaimCheck&) {
  return fmt::format("a group where the line of {} on {} has r^2 < {}", linear.y, linear.x, shown_number(linear.min_r2));
}

using Reason = std::optional<std::string>;

Reason never(const OrderCheck& order, const ClaimCheck&) {
  std::set<std::string> seen;
  for (const auto& level : order.levels)
    for (const auto& series : level)
      if (!seen.insert(series).second) return fmt::format("series '{}' is in two places of the order", series);
  return std::nullopt;
}

Reason never(const BoundCheck& bound, const ClaimCheck& check) {
  if (!bound.of.empty() && bound.of == bound.over)
    return fmt::format("{} / {} is 1 at every cell", bound.of, bound.over);
  if (!bound.at_most && bound.at_least.value_or(0) <= 0)
    return fmt::format("{} >= {} holds for every time, count and ratio", value_name(check, bound.of, bound.over),
                       shown_number(bound.at_least.value_or(0)));
  return std::nullopt;
}

Reason never(const EqualCheck& equal, const ClaimCheck& check) {
  if (equal.against == check.rows.value_column)
    return fmt::format("column '{}' always equals itself", equal.against);
  return std::nullopt;
}

Reason never(const MatchCheck& match, const ClaimCheck& check) {
  for (const auto& [column, texts] : check.rows.where)
    if (column == match.column && std::all_of(texts.begin(), texts.end(), [&](const auto& t) { return t == match.text; }))
      return fmt::format("the rows are selected by {} = '{}', the text the check asks for", column, match.text);
  return std::nullopt;
}

Reason never(const TrendCheck& trend, const ClaimCheck&) {
  if (!trend.of.empty() && trend.of == trend.over)
    return fmt::format("{} / {} is 1 at every cell", trend.of, trend.over);
  return std::nullopt;
}

Reason never(const LinearCheck& linear, const ClaimCheck&) {
  if (linear.min_r2 <= 0) return std::string("every line has r^2 >= 0");
  if (linear.x == linear.y) return fmt::format("'{}' is a straight line in itself", linear.x);
  return std::nullopt;
}

}  // namespace

std::string failure_condition(const ClaimCheck& check) {
  return std::visit([&](const auto& kind) { return failure(kind, check); }, check.kind);
}

std::optional<std::string> why_it_cannot_fail(const ClaimCheck& check) {
  return std::visit([&](const auto& kind) { return never(kind, check); }, check.kind);
}

}  // namespace mcsim
