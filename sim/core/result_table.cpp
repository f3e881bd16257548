#include "result_table.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"

namespace mcsim {

namespace {

std::optional<double> finite_number(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace

ResultCell number_cell(std::optional<double> value, int digits) {
  if (!value) return std::monostate{};
  // Through its text: the value a reader of the CSV gets back, bit for bit.
  const auto rounded = finite_number(fmt::format("{:.{}g}", *value, digits));
  return ResultNumber{rounded.value_or(*value), digits};
}

ResultCell fixed_cell(double value, int decimals) {
  const auto rounded = finite_number(fmt::format("{:.{}f}", value, decimals));
  return ResultNumber{rounded.value_or(value), decimals, true};
}

ResultCell integer_cell(std::int64_t value) { return value; }

ResultCell text_cell(std::string text) { return text; }

std::string cell_text(const ResultCell& cell) {
  struct Text {
    std::string operator()(std::monostate) const { return {}; }
    std::string operator()(std::int64_t v) const { return fmt::format("{}", v); }
    std::string operator()(const ResultNumber& n) const {
      return n.fixed ? fmt::format("{:.{}f}", n.value, n.digits) : fmt::format("{:.{}g}", n.value, n.digits);
    }
    std::string operator()(const std::string& t) const { return t; }
  };
  return std::visit(Text{}, cell);
}

std::optional<double> cell_number(const ResultCell& cell) {
  if (const auto* n = std::get_if<ResultNumber>(&cell)) return n->value;
  if (const auto* i = std::get_if<std::int64_t>(&cell)) return static_cast<double>(*i);
  if (const auto* t = std::get_if<std::string>(&cell)) return finite_number(*t);
  return std::nullopt;
}

std::optional<std::size_t> ResultTable::column(const std::string& wanted) const {
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (columns[c].name == wanted) return c;
  return std::nullopt;
}

std::size_t ResultTable::required_column(const std::string& wanted, const std::string& reader) const {
  if (const auto found = column(wanted)) return *found;
  std::vector<std::string> names;
  for (const auto& c : columns) names.push_back(c.name);
  throw Error(reader, fmt::format("the table {} has no column '{}' (its columns: {})", name, wanted, fmt::join(names, ", ")));
}

const ResultCell& ResultTable::at(std::size_t r, std::size_t c) const {
  static const ResultCell empty;
  return c < rows[r].size() ? rows[r][c] : empty;
}

}  // namespace mcsim
