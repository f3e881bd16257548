#include "html_report.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "agreement_table.hpp"
#include "html_page.hpp"
#include "html_tables.hpp"

namespace mcsim {

using html::text;

std::string paper_of(const ScenarioHeader& header) {
  const std::string& s = header.source;
  for (std::size_t i = 0; i + 4 <= s.size(); ++i)
    if (std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(i + 4),
                    [](unsigned char c) { return std::isdigit(c); }) &&
        (i + 4 == s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 4]))))
      return s.substr(0, i + 4);
  return header.id.substr(0, header.id.find('-'));
}

std::vector<PaperPage> paper_pages(const std::vector<ScenarioHeader>& headers) {
  std::vector<PaperPage> pages;
  for (const auto& h : headers) {
    const std::string paper = paper_of(h);
    if (std::any_of(pages.begin(), pages.end(), [&](const PaperPage& p) { return p.paper == paper; })) continue;
    // A scenario id is a plain file name (check_scenario_id): its prefix is one too.
    std::string stem = h.id.substr(0, h.id.find('-'));
    std::transform(stem.begin(), stem.end(), stem.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string file = stem + ".html";
    for (int n = 2; file == "index.html" ||
                    std::any_of(pages.begin(), pages.end(), [&](const PaperPage& p) { return p.file == file; });
         ++n)
      file = fmt::format("{}-{}.html", stem, n);
    pages.push_back({paper, file});
  }
  return pages;
}

namespace {

// A table the run handed over with rows in it (a kind with no comparison hands none, or none of rows).
bool has_rows(const std::optional<ResultTable>& table) { return table && !table->rows.empty(); }

// Whether a comparison table (comparison_result_table's columns) holds some paper value.
bool has_paper_values(const ResultTable& comparison) {
  const auto paper = comparison.column("paper");
  if (!paper) return false;
  for (std::size_t r = 0; r < comparison.rows.size(); ++r)
    if (cell_number(comparison.at(r, *paper))) return true;
  return false;
}

// An anchor made of letters, digits and '-' only (a section's id comes from elsewhere; a scenario id
// is a plain file name and serves as it is).
std::string anchor(const std::string& id) {
  std::string out = id;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '-';
  return out;
}

// The lines of the agreement table: one per reproduction of the paper, each linking to its section.
std::string glance_table(const std::vector<const ReportedScenario*>& scenarios, const std::string& page) {
  std::string out = "<div class=\"scroll\"><table class=\"glance overview\">\n<tr><th class=\"label\">reproduction</th>"
                    "<th class=\"label\">what</th>" +
                    html::agreement_header_cells() + "</tr>\n";
  for (const auto* s : scenarios) {
    out += fmt::format("<tr><td class=\"label\"><a href=\"{}#{}\">{}</a></td><td class=\"wrap\">{}</td>", text(page),
                       text(s->header.id), text(s->header.id), text(s->header.title));
    const bool paper_values = has_rows(s->comparison) && has_paper_values(*s->comparison);
    out += s->agreement  ? html::agreement_cells(*s->agreement)
           : paper_values ? "<td class=\"none\" colspan=\"3\">no agreement figure (the paper's values are beside "
                            "mcsim's in its section)</td>"
                          : "<td class=\"none\" colspan=\"3\">no paper numbers to compare (mcsim's values are in its "
                            "section)</td>";
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

std::vector<const ReportedScenario*> of_paper(const std::vector<ReportedScenario>& scenarios, const std::string& paper) {
  std::vector<const ReportedScenario*> out;
  for (const auto& s : scenarios)
    if (paper_of(s.header) == paper) out.push_back(&s);
  return out;
}

std::string index_page(const std::vector<ReportedScenario>& scenarios, const std::vector<PaperPage>& pages,
                       const std::string& how_made) {
  std::string body = "<h1>mcsim: the papers' tables and figures, reproduced</h1>\n";
  body += fmt::format("<p>{}</p>\n", text(how_made));
  body += "<p>Each paper has a page: per reproduction the paper's numbers and mcsim's side by side, the pictures, "
          "the notes that explain known disagreements, the machine's parameters with their sources (assumptions "
          "marked) and the CSV files. Below, each reproduction's agreement at a glance.</p>\n";
  body += html::colour_legend();
  body += "<nav class=\"papers\">";
  for (const auto& p : pages) body += fmt::format("<a href=\"{}\">{}</a>", text(p.file), text(p.paper));
  body += "</nav>\n";
  for (const auto& p : pages) {
    body += fmt::format("<h2><a href=\"{}\">{}</a></h2>\n", text(p.file), text(p.paper));
    body += glance_table(of_paper(scenarios, p.paper), p.file);
  }
  return html::page("mcsim: the papers' tables reproduced", body);
}

std::string machine_key(const ReportedMachine& m) {
  std::string key = fmt::format("{}/{}", m.name, m.nodes);
  for (const auto& p : m.parameters) key += "\n" + p.name + "=" + p.value;
  return key;
}

// Every machine of a reproduction with its parameters; a machine shown earlier on the page (same
// name, nodes and values) folded, with a pointer to where it is open.
std::string machines_html(const ReportedScenario& s, std::vector<std::pair<std::string, std::string>>& shown) {
  std::string out;
  if (s.machines.empty()) return out;
  out += s.machines.size() == 1 ? "<h3>The machine</h3>\n"
                                 : fmt::format("<h3>The machines ({})</h3>\n", s.machines.size());
  for (const auto& m : s.machines) {
    const auto assumed = std::count_if(m.parameters.begin(), m.parameters.end(),
                                       [](const MachineParameter& p) { return p.assumption; });
    const std::string key = machine_key(m);
    const auto earlier = std::find_if(shown.begin(), shown.end(), [&](const auto& e) { return e.first == key; });
    const bool open = earlier == shown.end() && s.machines.size() == 1;
    out += fmt::format("<details{}><summary><strong>{}</strong>, {} nodes: {} ({} parameters, {} assumed){}"
                       "</summary>\n",
                       open ? " open" : "", text(m.name), m.nodes, text(m.title), m.parameters.size(), assumed,
                       earlier == shown.end()
                           ? std::string()
                           : fmt::format("; as in <a href=\"#{}\">{}</a>", text(earlier->second),
                                         text(earlier->second)));
    out += html::parameter_table(m.parameters) + "</details>\n";
    if (earlier == shown.end()) shown.emplace_back(key, s.header.id);
  }
  return out;
}

std::string reproduction_section(const ReportedScenario& s, std::vector<std::pair<std::string, std::string>>& shown) {
  std::string out = fmt::format("<section class=\"reproduction\" id=\"{}\">\n<h2>{}: {}</h2>\n", text(s.header.id),
                                text(s.header.id), text(s.header.title));
  if (!s.header.source.empty()) out += fmt::format("<p class=\"muted\">{}</p>\n", text(s.header.source));
  if (s.agreement) {
    out += "<div class=\"scroll\"><table class=\"glance\"><tr>" + html::agreement_header_cells() + "</tr>\n<tr>" +
           html::agreement_cells(*s.agreement) + "</tr></table></div>\n";
    if (const auto figures = agreement_lines(*s.agreement); figures.size() > 1) {
      out += "<details><summary>Every agreement figure</summary>\n<ul>\n";
      for (const auto& f : figures) out += "<li>" + text(f) + "</li>\n";
      out += "</ul></details>\n";
    }
  }
  if (!s.header.notes.empty()) {
    out += "<h3>Notes</h3>\n<ul class=\"notes\">\n";
    for (const auto& note : s.header.notes) out += "<li>" + text(note) + "</li>\n";
    out += "</ul>\n";
  }
  if (has_rows(s.comparison) || s.regions) {
    out += "<h3>Paper and mcsim</h3>\n";
    if (s.regions) out += html::region_table(*s.regions);
    if (has_rows(s.comparison)) out += html::comparison_tables(*s.comparison);
  }
  if (!s.measured.empty()) {
    out += "<h3>mcsim's values</h3>\n";
    for (const auto& table : s.measured) out += html::result_table(table);
  }
  if (!has_rows(s.comparison) && !s.regions && s.measured.empty())
    out += "<p class=\"muted\">This reproduction hands the report no table; its values are in its files.</p>\n";
  for (const auto& picture : s.pictures)
    out += fmt::format("<figure><img src=\"{}\" alt=\"{}: {}\"><figcaption>{}</figcaption></figure>\n",
                       text(picture), text(s.header.id), text(picture), text(picture));
  out += machines_html(s, shown);
  if (!s.files.empty()) {
    out += "<p>Data: ";
    for (std::size_t f = 0; f < s.files.size(); ++f)
      out += fmt::format("{}<a href=\"{}\">{}</a>", f ? ", " : "", text(s.files[f]), text(s.files[f]));
    out += "</p>\n";
  }
  return out + "</section>\n";
}

std::string paper_page(const std::vector<const ReportedScenario*>& scenarios, const PaperPage& page,
                       const std::vector<ReportSection>& sections, const std::string& how_made) {
  std::string body = fmt::format("<p><a href=\"index.html\">All papers</a></p>\n<h1>{}</h1>\n", text(page.paper));
  body += fmt::format("<p class=\"muted\">{}</p>\n", text(how_made));
  // The colours' legend where some table is coloured.
  if (std::any_of(scenarios.begin(), scenarios.end(),
                  [](const ReportedScenario* s) { return s->agreement || s->regions || has_rows(s->comparison); }))
    body += html::colour_legend();
  body += glance_table(scenarios, page.file);
  std::vector<const ReportSection*> extra;
  for (const auto& section : sections)
    if (section.paper == page.paper) extra.push_back(&section);
  if (!extra.empty()) {
    body += "<nav class=\"papers\">";
    for (const auto* section : extra)
      body += fmt::format("<a href=\"#{}\">{}</a>", anchor(section->id), text(section->title));
    body += "</nav>\n";
  }
  for (const auto* section : extra)
    body += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n", anchor(section->id), text(section->title),
                        section->html);
  std::vector<std::pair<std::string, std::string>> shown_machines;  // (machine, the reproduction showing it)
  for (const auto* s : scenarios) body += reproduction_section(*s, shown_machines);
  return html::page("mcsim: " + page.paper, body);
}

}  // namespace

std::vector<ReportPage> report_pages(const std::vector<ReportedScenario>& scenarios,
                                     const std::vector<PaperPage>& pages, const std::string& how_made,
                                     const std::vector<ReportSection>& sections) {
  std::vector<ReportPage> out{{"index.html", index_page(scenarios, pages, how_made)}};
  for (const auto& page : pages)
    out.push_back({page.file, paper_page(of_paper(scenarios, page.paper), page, sections, how_made)});
  return out;
}

}  // namespace mcsim
