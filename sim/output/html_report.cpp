#include "html_report.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "agreement_csv.hpp"
#include "svg_drawing.hpp"

namespace mcsim {

namespace {

std::string text(const std::string& s) { return svg::escaped(s); }

}  // namespace

std::string paper_of(const ScenarioHeader& header) {
  const std::string& s = header.source;
  for (std::size_t i = 0; i + 4 <= s.size(); ++i)
    if (std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(i + 4),
                    [](unsigned char c) { return std::isdigit(c); }) &&
        (i + 4 == s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 4]))))
      return s.substr(0, i + 4);
  return header.id.substr(0, header.id.find('-'));
}

std::string report_index_html(const std::vector<ReportedScenario>& scenarios, const std::string& how_made) {
  std::vector<std::string> papers;
  for (const auto& s : scenarios)
    if (std::find(papers.begin(), papers.end(), paper_of(s.header)) == papers.end()) papers.push_back(paper_of(s.header));
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>mcsim: the papers' tables "
      "reproduced</title>\n<style>\n"
      "body { font-family: sans-serif; max-width: 1500px; margin: 1em auto; padding: 0 1em; color: #222; }\n"
      "pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 12px; }\n"
      "img { max-width: 100%; border: 1px solid #ddd; }\n"
      "section.scenario { border-top: 1px solid #ccc; margin-top: 1.5em; }\n"
      "ul.figures li { font-family: monospace; }\n"
      "nav a { margin-right: 1em; }\n</style>\n</head>\n<body>\n"
      "<h1>mcsim: the papers' tables and figures, reproduced</h1>\n";
  html += fmt::format("<p>{}</p>\n<nav>", text(how_made));
  for (std::size_t p = 0; p < papers.size(); ++p) html += fmt::format("<a href=\"#paper-{}\">{}</a>", p, text(papers[p]));
  html += "</nav>\n";
  for (std::size_t p = 0; p < papers.size(); ++p) {
    html += fmt::format("<h2 id=\"paper-{}\">{}</h2>\n", p, text(papers[p]));
    // The machine parameters this paper's scenarios assume (not published), once per paper.
    std::vector<std::string> assumed;
    for (const auto& s : scenarios)
      if (paper_of(s.header) == papers[p])
        for (const auto& a : s.assumptions) {
          const std::string line = fmt::format("{}: {} = {} (assumption: {})", s.machine, a.name, a.value, a.source);
          if (std::find(assumed.begin(), assumed.end(), line) == assumed.end()) assumed.push_back(line);
        }
    if (!assumed.empty()) {
      html += "<h3>Assumed machine parameters</h3>\n<ul>\n";
      for (const auto& line : assumed) html += "<li>" + text(line) + "</li>\n";
      html += "</ul>\n";
    }
    for (const auto& s : scenarios) {
      if (paper_of(s.header) != papers[p]) continue;
      html += fmt::format("<section class=\"scenario\" id=\"{}\">\n<h3>{}: {}</h3>\n<p>{}</p>\n", text(s.header.id),
                          text(s.header.id), text(s.header.title), text(s.header.source));
      const auto figures = s.agreement ? agreement_lines(*s.agreement) : std::vector<std::string>{};
      if (!figures.empty()) {
        html += "<p>Agreement with the paper:</p>\n<ul class=\"figures\">\n";
        for (const auto& f : figures) html += "<li>" + text(f) + "</li>\n";
        html += "</ul>\n";
      }
      if (!s.header.notes.empty()) {
        html += "<p>Notes (readings, known disagreements and their causes):</p>\n<ul>\n";
        for (const auto& note : s.header.notes) html += "<li>" + text(note) + "</li>\n";
        html += "</ul>\n";
      }
      html += "<p>Paper and mcsim side by side:</p>\n<pre>" + text(s.printed) + "</pre>\n";
      for (const auto& picture : s.pictures)
        html += fmt::format("<p><img src=\"{}\" alt=\"{}: {}\"></p>\n", text(picture), text(s.header.id), text(picture));
      html += "<p>Data: ";
      for (std::size_t f = 0; f < s.files.size(); ++f)
        html += fmt::format("{}<a href=\"{}\">{}</a>", f ? ", " : "", text(s.files[f]), text(s.files[f]));
      html += "</p>\n</section>\n";
    }
  }
  return html + "</body>\n</html>\n";
}

}  // namespace mcsim
