#include "csv_table.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "csv_cells.hpp"

namespace mcsim {

namespace {

std::string csv_cell(const ResultCell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return csv_field(*text);
  return cell_text(cell);  // a number: digits, '.', 'e', a sign; never quoted, never guarded
}

// "-12" as 12's integer, "0.25" as a number, "" as empty, the rest as text.
ResultCell cell_of(const std::string& field) {
  if (field.empty()) return std::monostate{};
  const char* begin = field.data();
  const char* end = begin + field.size();
  std::int64_t whole = 0;
  if (const auto [stop, error] = std::from_chars(begin, end, whole); error == std::errc() && stop == end)
    return whole;
  double value = 0;
  if (const auto [stop, error] = std::from_chars(begin, end, value);
      error == std::errc() && stop == end && std::isfinite(value))
    return ResultNumber{value, 6};
  return csv_text(field);
}

}  // namespace

std::string table_csv(const ResultTable& table) {
  std::string out;
  // Separator and field appended apart: "," + std::string&& makes GCC 12 warn falsely (-Wrestrict,
  // GCC bug 105329).
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    if (c) out += ',';
    out += csv_field(table.columns[c].name);
  }
  out += '\n';
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      if (c) out += ',';
      out += csv_cell(table.at(r, c));
    }
    out += '\n';
  }
  return out;
}

ResultTable table_from_csv(const std::string& name, const std::string& csv) {
  auto rows = csv_rows(csv);
  if (rows.empty()) throw Error(name + ".csv", "no header line");
  ResultTable table{name, {}, {}};
  for (const auto& head : rows.front()) table.columns.push_back({.name = csv_text(head)});
  for (std::size_t k = 1; k < rows.size(); ++k) {
    if (rows[k].size() > table.columns.size())
      throw Error(fmt::format("{}.csv:{}", name, k + 1),
                  fmt::format("{} cells, the header has {}", rows[k].size(), table.columns.size()));
    std::vector<ResultCell> row;
    for (const auto& field : rows[k]) row.push_back(cell_of(field));
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace mcsim
