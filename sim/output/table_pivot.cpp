#include "table_pivot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {

std::vector<std::size_t> columns_of(const ResultTable& table, const std::vector<std::string>& names) {
  std::vector<std::size_t> out;
  for (const auto& name : names) {
    const auto c = table.column(name);
    if (!c) throw Error(table.name.empty() ? "a result table" : table.name, fmt::format("no column '{}' to pivot on", name));
    out.push_back(*c);
  }
  return out;
}

// The cells of `row` at `columns` as one text, to tell combinations apart ("\x1f" cannot be in a cell
// a kind writes: csv_field writes control characters as \xHH).
std::string combination(const ResultTable& table, std::size_t row, const std::vector<std::size_t>& columns) {
  std::string out;
  for (const auto c : columns) out += cell_text(table.at(row, c)) + '\x1f';
  return out;
}

// Each distinct combination once, in the order it first appears, with the first row that has it.
struct Seen {
  std::vector<std::string> keys;
  std::vector<std::size_t> first_rows;
  std::size_t index(const std::string& key, std::size_t row) {
    const auto it = std::find(keys.begin(), keys.end(), key);
    if (it != keys.end()) return static_cast<std::size_t>(it - keys.begin());
    keys.push_back(key);
    first_rows.push_back(row);
    return keys.size() - 1;
  }
};

std::string caption_of(const ResultTable& table, std::size_t row, const std::vector<std::size_t>& split) {
  std::string values;
  for (const auto c : split) {
    if (!values.empty()) values += ", ";
    values += table.columns[c].name + " = " + cell_text(table.at(row, c));
    if (!table.columns[c].unit.empty()) values += " " + table.columns[c].unit;
  }
  if (table.caption.empty()) return values;
  return values.empty() ? table.caption : table.caption + ": " + values;
}

}  // namespace

std::vector<ResultTable> pivot_tables(const ResultTable& table, const PivotSpec& spec) {
  const auto split = columns_of(table, spec.split);
  const auto row_columns = columns_of(table, spec.rows);
  const auto across = columns_of(table, {spec.across}).front();
  const auto values = columns_of(table, spec.values);

  Seen groups;  // over the whole table: every split table has the same groups of columns
  for (std::size_t r = 0; r < table.rows.size(); ++r) groups.index(cell_text(table.at(r, across)), r);
  Seen parts;
  std::vector<std::vector<std::size_t>> rows_of_part;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::size_t p = parts.index(combination(table, r, split), r);
    if (p == rows_of_part.size()) rows_of_part.emplace_back();
    rows_of_part[p].push_back(r);
  }

  std::vector<ResultTable> out;
  for (std::size_t p = 0; p < rows_of_part.size(); ++p) {
    ResultTable view{table.name, {}, {}, caption_of(table, parts.first_rows[p], split)};
    for (const auto c : row_columns) view.columns.push_back(table.columns[c]);
    for (std::size_t g = 0; g < groups.keys.size(); ++g)
      for (const auto c : values) {
        ResultColumn column = table.columns[c];
        column.group = cell_text(table.at(groups.first_rows[g], across));
        column.key = false;
        view.columns.push_back(std::move(column));
      }
    Seen heads;
    std::vector<std::vector<bool>> filled;  // per row head, per group: the first row of the table counts
    for (const auto r : rows_of_part[p]) {
      const std::size_t h = heads.index(combination(table, r, row_columns), r);
      if (h == view.rows.size()) {
        std::vector<ResultCell> row;
        for (const auto c : row_columns) row.push_back(table.at(r, c));
        row.resize(view.columns.size());
        view.rows.push_back(std::move(row));
        filled.emplace_back(groups.keys.size(), false);
      }
      const std::size_t g = groups.index(cell_text(table.at(r, across)), r);
      if (filled[h][g]) continue;
      filled[h][g] = true;
      const std::size_t at = row_columns.size() + g * values.size();
      for (std::size_t v = 0; v < values.size(); ++v) view.rows[h][at + v] = table.at(r, values[v]);
    }
    out.push_back(std::move(view));
  }
  return out;
}

}  // namespace mcsim
