#include "claim_rows.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

std::size_t column_index(const ResultTable& table, const std::string& column, const std::string& where) {
  if (const auto found = table.column(column)) return *found;
  std::vector<std::string> names;
  for (const auto& c : table.columns) names.push_back(c.name);
  throw Error(where, fmt::format("{}.csv has no column '{}' (its columns: {})", table.name, column,
                                 fmt::join(names, ", ")));
}

const ResultCell& cell_at(const SelectedRow& row, std::size_t c) {
  static const ResultCell empty;
  return c < row.cells->size() ? (*row.cells)[c] : empty;
}

std::optional<double> number_in(const ResultCell& cell, const ResultTable& table, const std::string& column,
                                const std::string& where) {
  const auto value = cell_number(cell);
  if (!value && !std::holds_alternative<std::monostate>(cell))
    throw Error(where, fmt::format("{}.csv: column '{}' holds '{}', not a number", table.name, column, cell_text(cell)));
  return value;
}

std::string shown_number(double value) { return fmt::format("{:.3g}", value); }

Selection select_rows(const ClaimCheck& check, const ResultTables& tables) {
  const RowSelection& s = check.rows;
  Selection selection;
  for (const auto& name : s.tables) {
    const auto found = tables.find(name);
    if (found == tables.end()) {
      selection.absent_tables.push_back(name);
      continue;
    }
    const ResultTable& table = found->second;
    std::vector<std::pair<std::size_t, const std::vector<std::string>*>> where;
    // A cell's text as a where or a cell name reads it ("" past the row's end).
    const auto text_in = [](const std::vector<ResultCell>& row, std::size_t c) {
      return c < row.size() ? cell_text(row[c]) : std::string();
    };
    for (const auto& [column, texts] : s.where) {
      const std::size_t c = column_index(table, column, check.where);
      where.emplace_back(c, &texts);
      if (!check.if_absent.empty()) continue;  // rows the data may lack: their absence is no typo
      for (const auto& text : texts)
        if (std::none_of(table.rows.begin(), table.rows.end(),
                         [&](const auto& row) { return c < row.size() && cell_text(row[c]) == text; }))
          throw Error(check.where, fmt::format("{}.csv: no row has {} = '{}'", table.name, column, text));
    }
    std::vector<std::pair<std::size_t, std::pair<double, double>>> range;
    for (const auto& [column, bounds] : s.range) range.emplace_back(column_index(table, column, check.where), bounds);
    std::vector<std::size_t> cell_columns;
    for (const auto& column : s.cell_columns) cell_columns.push_back(column_index(table, column, check.where));
    constexpr std::size_t no_column = static_cast<std::size_t>(-1);
    const std::size_t series = s.series_column.empty() ? no_column : column_index(table, s.series_column, check.where);
    const std::size_t value = s.value_column.empty() ? no_column : column_index(table, s.value_column, check.where);
    // relative_to: each value over the one of the row with the same cell and series that reads the
    // given text in the given column.
    const auto identity = [&](const std::vector<ResultCell>& row) {
      std::string key;
      for (const std::size_t c : cell_columns) key += text_in(row, c) + '\n';
      return key + (series != no_column ? text_in(row, series) : std::string());
    };
    std::map<std::string, std::optional<double>> divisors;
    if (s.relative_to && value != no_column) {
      const std::size_t c = column_index(table, s.relative_to->first, check.where);
      for (const auto& row : table.rows)
        if (text_in(row, c) == s.relative_to->second)
          divisors[identity(row)] = number_in(value < row.size() ? row[value] : ResultCell{}, table, s.value_column,
                                              check.where);
      if (divisors.empty() && check.if_absent.empty())
        throw Error(check.where,
                    fmt::format("{}.csv: no row has {} = '{}'", table.name, s.relative_to->first, s.relative_to->second));
    }

    for (const auto& row : table.rows) {
      static const ResultCell none;
      const auto cell_in = [&](std::size_t c) -> const ResultCell& { return c < row.size() ? row[c] : none; };
      const auto text_at = [&](std::size_t c) { return cell_text(cell_in(c)); };
      const bool kept =
          std::all_of(where.begin(), where.end(),
                      [&](const auto& w) {
                        return std::find(w.second->begin(), w.second->end(), text_at(w.first)) != w.second->end();
                      }) &&
          std::all_of(range.begin(), range.end(), [&](const auto& r) {
            const auto number = cell_number(cell_in(r.first));  // a range keeps only numbers
            return number && *number >= r.second.first && *number <= r.second.second;
          });
      if (!kept) continue;
      SelectedRow selected;
      selected.table = &table;
      selected.cells = &row;
      std::vector<std::string> parts;
      if (s.tables.size() > 1) parts.push_back(table.name);
      for (std::size_t k = 0; k < cell_columns.size(); ++k)
        parts.push_back(fmt::format("{}={}", s.cell_columns[k], text_at(cell_columns[k])));
      selected.cell = fmt::format("{}", fmt::join(parts, " "));
      selected.group = table.name;
      // Separator and cell appended apart: "\n" + std::string&& makes GCC 12 warn falsely (-Wrestrict, bug 105329).
      for (std::size_t k = 0; k + 1 < cell_columns.size(); ++k) {
        selected.group += '\n';
        selected.group += text_at(cell_columns[k]);
      }
      if (series != no_column) selected.series = text_at(series);
      if (value != no_column) selected.value = number_in(cell_in(value), table, s.value_column, check.where);
      if (s.relative_to && selected.value) {
        const auto divisor = divisors.find(identity(row));
        selected.value = divisor != divisors.end() && divisor->second && *divisor->second != 0
                             ? std::optional<double>(*selected.value / *divisor->second)
                             : std::nullopt;
      }
      selection.rows.push_back(std::move(selected));
    }
  }
  return selection;
}

}  // namespace mcsim
