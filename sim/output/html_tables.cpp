#include "html_tables.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "html_page.hpp"

namespace mcsim::html {

namespace {

// Values in the order they first appear.
template <class Get>
std::vector<std::string> first_seen(const std::vector<const ComparisonRow*>& rows, Get get) {
  std::vector<std::string> out;
  for (const auto* r : rows)
    if (std::find(out.begin(), out.end(), get(*r)) == out.end()) out.push_back(get(*r));
  return out;
}

std::string ratio_cell(const ComparisonRow& r) {
  const auto ratio = r.ratio();
  if (!ratio) return "<td class=\"none\">–</td>";
  return fmt::format("<td class=\"{}\">{}</td>", ratio_class(*ratio), number(*ratio));
}

// The cells of one row: paper, mcsim, ratio; or mcsim alone.
std::string value_cells(const ComparisonRow* r, bool with_paper) {
  if (!r) return with_paper ? "<td></td><td></td><td></td>" : "<td></td>";
  if (!with_paper) return fmt::format("<td>{}</td>", number(r->mcsim));
  return fmt::format("<td>{}</td><td>{}</td>{}", number(r->paper), number(r->mcsim), ratio_cell(*r));
}

std::string one_kind(const std::string& kind, const std::vector<const ComparisonRow*>& rows) {
  const bool with_paper = std::any_of(rows.begin(), rows.end(), [](const auto* r) { return r->paper.has_value(); });
  const bool has_x = std::any_of(rows.begin(), rows.end(), [](const auto* r) { return !r->x.empty(); });
  const std::string heads = with_paper ? "<th>paper</th><th>mcsim</th><th>ratio</th>" : "<th>mcsim</th>";
  std::string out = fmt::format("<div class=\"scroll\"><table class=\"comparison\">\n<caption>{}{}</caption>\n",
                                text(kind), with_paper ? "" : " (mcsim only: the paper gives no value)");
  if (!has_x) {
    out += "<tr><th class=\"label\">series</th>" + heads + "</tr>\n";
    for (const auto* r : rows)
      out += fmt::format("<tr><th class=\"label\">{}</th>{}</tr>\n", text(r->series), value_cells(r, with_paper));
    return out + "</table></div>\n";
  }
  const auto series = first_seen(rows, [](const ComparisonRow& r) { return r.series; });
  const auto xs = first_seen(rows, [](const ComparisonRow& r) { return r.x; });
  const int span = with_paper ? 3 : 1;
  out += "<tr><th class=\"label\" rowspan=\"2\">x</th>";
  for (const auto& s : series) out += fmt::format("<th colspan=\"{}\">{}</th>", span, text(s));
  out += "</tr>\n<tr>";
  for (std::size_t k = 0; k < series.size(); ++k) out += heads;
  out += "</tr>\n";
  for (const auto& x : xs) {
    out += fmt::format("<tr><th class=\"label\">{}</th>", text(x));
    for (const auto& s : series) {
      const auto it = std::find_if(rows.begin(), rows.end(), [&](const auto* r) { return r->x == x && r->series == s; });
      out += value_cells(it == rows.end() ? nullptr : *it, with_paper);
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

}  // namespace

std::string comparison_tables(const std::vector<ComparisonRow>& rows) {
  std::vector<const ComparisonRow*> all;
  for (const auto& r : rows) all.push_back(&r);
  std::string out;
  for (const auto& kind : first_seen(all, [](const ComparisonRow& r) { return r.row; })) {
    std::vector<const ComparisonRow*> of_kind;
    for (const auto* r : all)
      if (r->row == kind) of_kind.push_back(r);
    out += one_kind(kind, of_kind);
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

std::string region_table(const RegionMap& map) {
  std::string out = "<div class=\"scroll\"><table class=\"regions\">\n<caption>fastest series per cell: mcsim "
                    "(paper's region below)</caption>\n<tr><th class=\"label\">density \\ bytes</th>";
  for (const auto bytes : map.sizes) out += fmt::format("<th>{}</th>", bytes);
  out += "</tr>\n";
  for (const int density : map.densities) {
    out += fmt::format("<tr><th class=\"label\">{}</th>", density);
    for (const auto bytes : map.sizes) {
      const auto it = std::find_if(map.cells.begin(), map.cells.end(),
                                   [&](const RegionCell& c) { return c.density == density && c.bytes == bytes; });
      if (it == map.cells.end()) {
        out += "<td></td>";
        continue;
      }
      if (!it->paper) {
        out += fmt::format("<td class=\"none\">{}</td>", text(it->fastest_label));
        continue;
      }
      out += fmt::format("<td class=\"{}\">{}<br><span class=\"muted\">{}</span></td>", it->agrees() ? "q1" : "q5",
                         text(it->fastest_label), text(*it->paper));
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
