#include "html_tables.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "html_page.hpp"

namespace mcsim::html {

namespace {

// The texts of column `c` of these rows, in the order they first appear.
std::vector<std::string> first_seen(const ResultTable& table, const std::vector<std::size_t>& rows, std::size_t c) {
  std::vector<std::string> out;
  for (const auto r : rows)
    if (const auto shown = cell_text(table.at(r, c)); std::find(out.begin(), out.end(), shown) == out.end())
      out.push_back(shown);
  return out;
}

// The comparison table's value columns.
struct ComparisonColumns {
  std::size_t series, x, paper, mcsim, ratio;
};

std::string ratio_cell(const std::optional<double>& ratio) {
  if (!ratio) return "<td class=\"none\">–</td>";
  return fmt::format("<td class=\"{}\">{}</td>", ratio_class(*ratio), number(*ratio));
}

// The cells of one row: paper, mcsim, ratio; or mcsim alone.
std::string value_cells(const ResultTable& table, const ComparisonColumns& c, std::optional<std::size_t> r,
                        bool with_paper) {
  if (!r) return with_paper ? "<td></td><td></td><td></td>" : "<td></td>";
  const auto value = [&](std::size_t column) { return cell_number(table.at(*r, column)); };
  if (!with_paper) return fmt::format("<td>{}</td>", number(value(c.mcsim)));
  return fmt::format("<td>{}</td><td>{}</td>{}", number(value(c.paper)), number(value(c.mcsim)),
                     ratio_cell(value(c.ratio)));
}

std::string one_kind(const std::string& kind, const ResultTable& table, const ComparisonColumns& c,
                     const std::vector<std::size_t>& rows) {
  const bool with_paper =
      std::any_of(rows.begin(), rows.end(), [&](std::size_t r) { return cell_number(table.at(r, c.paper)).has_value(); });
  const bool has_x = std::any_of(rows.begin(), rows.end(), [&](std::size_t r) { return !cell_text(table.at(r, c.x)).empty(); });
  const std::string heads = with_paper ? "<th>paper</th><th>mcsim</th><th>ratio</th>" : "<th>mcsim</th>";
  std::string out = fmt::format("<div class=\"scroll\"><table class=\"comparison\">\n<caption>{}{}</caption>\n",
                                text(kind), with_paper ? "" : " (mcsim only: the paper gives no value)");
  if (!has_x) {
    out += "<tr><th class=\"label\">series</th>" + heads + "</tr>\n";
    for (const auto r : rows)
      out += fmt::format("<tr><th class=\"label\">{}</th>{}</tr>\n", text(cell_text(table.at(r, c.series))),
                         value_cells(table, c, r, with_paper));
    return out + "</table></div>\n";
  }
  const auto series = first_seen(table, rows, c.series);
  const auto xs = first_seen(table, rows, c.x);
  const int span = with_paper ? 3 : 1;
  out += "<tr><th class=\"label\" rowspan=\"2\">x</th>";
  for (const auto& s : series) out += fmt::format("<th colspan=\"{}\">{}</th>", span, text(s));
  out += "</tr>\n<tr>";
  for (std::size_t k = 0; k < series.size(); ++k) out += heads;
  out += "</tr>\n";
  for (const auto& x : xs) {
    out += fmt::format("<tr><th class=\"label\">{}</th>", text(x));
    for (const auto& s : series) {
      const auto it = std::find_if(rows.begin(), rows.end(), [&](std::size_t r) {
        return cell_text(table.at(r, c.x)) == x && cell_text(table.at(r, c.series)) == s;
      });
      out += value_cells(table, c, it == rows.end() ? std::nullopt : std::optional<std::size_t>(*it), with_paper);
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

}  // namespace

std::string comparison_tables(const ResultTable& table) {
  constexpr const char* renderer = "html::comparison_tables";
  const std::size_t row_c = table.required_column("row", renderer);
  const ComparisonColumns c{table.required_column("series", renderer), table.required_column("x", renderer),
                            table.required_column("paper", renderer), table.required_column("mcsim", renderer),
                            table.required_column("ratio", renderer)};
  std::vector<std::size_t> all(table.rows.size());
  for (std::size_t r = 0; r < all.size(); ++r) all[r] = r;
  std::string out;
  for (const auto& kind : first_seen(table, all, row_c)) {
    std::vector<std::size_t> of_kind;
    for (const auto r : all)
      if (cell_text(table.at(r, row_c)) == kind) of_kind.push_back(r);
    out += one_kind(kind, table, c, of_kind);
  }
  return out;
}

namespace {

std::string column_head(const ResultColumn& c, int rowspan) {
  std::string head = text(c.name);
  if (!c.unit.empty()) head += " <span class=\"unit\">(" + text(c.unit) + ")</span>";
  if (c.host_dependent) head += " <span class=\"host-mark\">host</span>";
  return fmt::format("<th{}{}>{}</th>", rowspan > 1 ? fmt::format(" rowspan=\"{}\"", rowspan) : "",
                     c.key || c.host_dependent ? fmt::format(" class=\"{}\"", c.key ? "label" : "host") : "", head);
}

// A value cell: a number as number() shows it, text as it is, "–" when empty.
std::string value_cell(const ResultCell& cell, bool host) {
  const bool empty = std::holds_alternative<std::monostate>(cell);
  const std::string classes = host ? " class=\"host\"" : (empty ? " class=\"none\"" : "");
  if (const auto* t = std::get_if<std::string>(&cell)) return fmt::format("<td{}>{}</td>", classes, text(*t));
  return fmt::format("<td{}>{}</td>", classes, number(cell_number(cell)));
}

}  // namespace

std::string result_table(const ResultTable& table) {
  const auto& columns = table.columns;
  const bool grouped = std::any_of(columns.begin(), columns.end(), [](const auto& c) { return !c.group.empty(); });
  std::string out = fmt::format("<div class=\"scroll\"><table class=\"measured\">\n<caption>{}</caption>\n<tr>",
                                text(table.caption));
  // With groups, two rows of heads: a group's heading over its columns, a column without a group
  // spanning both rows.
  std::string second;
  for (std::size_t c = 0; c < columns.size();) {
    if (!grouped || columns[c].group.empty()) {
      out += column_head(columns[c++], grouped ? 2 : 1);
      continue;
    }
    std::size_t end = c;
    while (end < columns.size() && columns[end].group == columns[c].group) second += column_head(columns[end++], 1);
    out += fmt::format("<th colspan=\"{}\">{}</th>", end - c, text(columns[c].group));
    c = end;
  }
  out += "</tr>\n";
  if (grouped) out += "<tr>" + second + "</tr>\n";
  for (const auto& row : table.rows) {
    out += "<tr>";
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const ResultCell cell = c < row.size() ? row[c] : ResultCell{};
      if (columns[c].key)
        out += fmt::format("<th class=\"label\">{}</th>", text(cell_text(cell)));
      else
        out += value_cell(cell, columns[c].host_dependent);
    }
    out += "</tr>\n";
  }
  out += "</table></div>\n";
  if (std::any_of(columns.begin(), columns.end(), [](const auto& c) { return c.host_dependent; }))
    out += "<p class=\"legend\"><span class=\"host-mark\">host</span> measured on the computer that made this "
           "report: it differs from run to run and from the paper's machine. The other columns are simulated: "
           "the same for a seed.</p>\n";
  return out;
}

std::string region_table(const ResultTable& regions) {
  constexpr const char* renderer = "html::region_table";
  const std::size_t density_c = regions.required_column("density", renderer), bytes_c = regions.required_column("bytes", renderer),
                    fastest_c = regions.required_column("fastest", renderer), paper_c = regions.required_column("paper", renderer),
                    agree_c = regions.required_column("agree", renderer);
  std::vector<std::size_t> all(regions.rows.size());
  for (std::size_t r = 0; r < all.size(); ++r) all[r] = r;
  const auto sizes = first_seen(regions, all, bytes_c);
  std::string out = "<div class=\"scroll\"><table class=\"regions\">\n<caption>fastest series per cell: mcsim "
                    "(paper's region below)</caption>\n<tr><th class=\"label\">density \\ bytes</th>";
  for (const auto& bytes : sizes) out += fmt::format("<th>{}</th>", text(bytes));
  out += "</tr>\n";
  for (const auto& density : first_seen(regions, all, density_c)) {
    out += fmt::format("<tr><th class=\"label\">{}</th>", text(density));
    for (const auto& bytes : sizes) {
      const auto it = std::find_if(all.begin(), all.end(), [&](std::size_t r) {
        return cell_text(regions.at(r, density_c)) == density && cell_text(regions.at(r, bytes_c)) == bytes;
      });
      if (it == all.end()) {
        out += "<td></td>";
        continue;
      }
      const std::string fastest = cell_text(regions.at(*it, fastest_c)), paper = cell_text(regions.at(*it, paper_c));
      if (paper.empty()) {
        out += fmt::format("<td class=\"none\">{}</td>", text(fastest));
        continue;
      }
      out += fmt::format("<td class=\"{}\">{}<br><span class=\"muted\">{}</span></td>",
                         cell_text(regions.at(*it, agree_c)) == "yes" ? "q1" : "q5", text(fastest), text(paper));
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

std::string parameter_table(const std::vector<MachineParameter>& parameters) {
  std::string out =
      "<div class=\"scroll\"><table class=\"parameters\">\n<tr><th class=\"label\">parameter</th><th>value</th>"
      "<th class=\"label\">unit</th><th class=\"label\">source</th><th class=\"label\">assumption</th></tr>\n";
  for (const auto& p : parameters) {
    std::string unit = p.number ? p.unit : "";
    if (p.number && !p.note.empty()) unit += (unit.empty() ? "" : " ") + p.note;
    out += fmt::format(
        "<tr><td class=\"label\">{}</td><td class=\"value\">{}</td><td class=\"label\">{}</td><td class=\"wrap\">{}</td>{}"
        "</tr>\n",
        text(p.name), text(p.number ? number_text(*p.number) : p.value), text(unit), text(p.source),
        p.assumption ? "<td class=\"label q3 mark\">assumption</td>" : "<td class=\"label\"></td>");
  }
  return out + "</table></div>\n";
}

std::string agreement_header_cells() {
  return "<th>mcsim / paper (median, range)</th><th>pairs in the paper's order</th><th>region cells as the "
         "paper's</th>";
}

std::string agreement_cells(const Agreement& a) {
  std::string out;
  const auto headline = std::find_if(a.columns.begin(), a.columns.end(),
                                     [](const RatioSpread& c) { return c.column == "all times" || c.column == "all"; });
  if (headline != a.columns.end())
    out += fmt::format("<td class=\"{}\">{} <span class=\"muted\">({} .. {}, {} cells)</span></td>",
                       ratio_class(headline->median), number(headline->median), number(headline->min),
                       number(headline->max), headline->cells);
  else
    out += "<td class=\"none\">–</td>";
  if (a.pairs > 0)
    out += fmt::format("<td class=\"{}\">{} of {}</td>",
                       share_class(static_cast<double>(a.ordered_pairs) / static_cast<double>(a.pairs)),
                       a.ordered_pairs, a.pairs);
  else
    out += "<td class=\"none\">–</td>";
  if (a.region_map && a.cells > 0)
    out += fmt::format("<td class=\"{}\">{} of {}</td>",
                       share_class(static_cast<double>(a.agreeing_cells) / static_cast<double>(a.cells)),
                       a.agreeing_cells, a.cells);
  else
    out += "<td class=\"none\">–</td>";
  return out;
}

}  // namespace mcsim::html
