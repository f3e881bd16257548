#include "html_page.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "claims_html.hpp"
#include "svg_drawing.hpp"

namespace mcsim::html {

std::string text(const std::string& s) { return svg::escaped(s); }

const std::string& style_sheet() {
  // Colours are variables so that the dark scheme changes them in one place. The ratio scale runs
  // from green (close to the paper) through yellow and orange to red; each step keeps the text
  // readable on it in both schemes.
  static const std::string css = R"(:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1d1d22; --muted: #5d5d68; --line: #d3d3db; --head: #f1f1f5; --link: #0b57d0;
  --q1: #c8ebcf; --q2: #e3f1bf; --q3: #fbe6ad; --q4: #f8cca3; --q5: #f1a9a2; --none: transparent;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #16171a; --fg: #e5e5ea; --muted: #a3a3ae; --line: #3b3c43; --head: #23242a; --link: #8ab4f8;
    --q1: #1e4a29; --q2: #394718; --q3: #574614; --q4: #623518; --q5: #6c2422;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 80rem; margin: 0 auto; padding: 0.75rem 1rem 3rem; overflow-wrap: anywhere; }
a { color: var(--link); }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.6rem 0; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; padding-top: 0.5rem; border-top: 2px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.4rem 0 0.4rem; }
h4 { font-size: 1rem; margin: 1rem 0 0.3rem; }
p, li { max-width: 60rem; }
.muted { color: var(--muted); }
nav.papers { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; margin: 0.5rem 0 1rem; }
.scroll { overflow-x: auto; max-width: 100%; margin: 0.4rem 0 0.8rem; }
table { border-collapse: collapse; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
/* A caption as wide as its text (up to the screen), not squeezed to a narrow table's width. */
caption { width: max-content; max-width: calc(100vw - 2.5rem); text-align: left; font-weight: 600; padding: 0.2rem 0;
  caption-side: top; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.45rem; text-align: right; white-space: nowrap;
  overflow-wrap: normal; }
th { background: var(--head); font-weight: 600; }
th[colspan] { text-align: center; }
th.label, td.label { text-align: left; }
td.wrap { white-space: normal; min-width: 14rem; max-width: 36rem; text-align: left; overflow-wrap: anywhere; }
td.value { white-space: normal; min-width: 4rem; max-width: 18rem; overflow-wrap: anywhere; }
td.q1 { background: var(--q1); } td.q2 { background: var(--q2); } td.q3 { background: var(--q3); }
td.q4 { background: var(--q4); } td.q5 { background: var(--q5); }
td.none { color: var(--muted); }
span.swatch { display: inline-block; padding: 0 0.45rem; margin: 0.1rem 0.2rem 0.1rem 0; border: 1px solid var(--line);
  border-radius: 3px; white-space: nowrap; }
span.q1 { background: var(--q1); } span.q2 { background: var(--q2); } span.q3 { background: var(--q3); }
span.q4 { background: var(--q4); } span.q5 { background: var(--q5); }
.legend { font-size: 0.88rem; margin: 0.5rem 0 1rem; }
.mark { font-weight: 600; }
figure { margin: 0.8rem 0; max-width: 100%; }
figure img { display: block; max-width: 100%; height: auto; background: #ffffff; border: 1px solid var(--line); }
figcaption { font-size: 0.85rem; color: var(--muted); }
th .unit { font-weight: normal; color: var(--muted); }
.host-mark { font-size: 0.72rem; font-weight: 600; padding: 0 0.25rem; border: 1px solid var(--muted);
  border-radius: 0.2rem; color: var(--muted); white-space: nowrap; }
td.host { font-style: italic; }
details { margin: 0.5rem 0; }
summary { cursor: pointer; }
section.reproduction { margin-top: 1.5rem; }
/* On a phone the papers' overview tables become a card per reproduction, so that the agreement
   (the reason to read them) is on screen rather than to the right of the titles. */
@media (max-width: 40rem) {
  table.overview tr:first-child { display: none; }
  table.overview, table.overview tbody, table.overview tr, table.overview td { display: block; }
  table.overview tr { border: 1px solid var(--line); margin-bottom: 0.5rem; }
  table.overview td { border: 0; border-top: 1px solid var(--line); text-align: left; white-space: normal;
    min-width: 0; max-width: none; }
  table.overview td:first-child { border-top: 0; }
  table.overview td:nth-child(3)::before { content: "mcsim / paper (median, range): "; font-weight: 600; }
  table.overview td:nth-child(4)::before { content: "pairs in the paper's order: "; font-weight: 600; }
  table.overview td:nth-child(5)::before { content: "region cells as the paper's: "; font-weight: 600; }
  table.overview td[colspan]::before { content: none; }
}
)" + claims_css();
  return css;
}

std::string page(const std::string& title, const std::string& body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>\n{}</style>\n</head>\n<body>\n<main>\n{}</main>\n</body>\n</html>\n",
      text(title), style_sheet(), body);
}

namespace {

std::string scale_class(double badness, const double (&steps)[4]) {
  for (int i = 0; i < 4; ++i)
    if (badness <= steps[i]) return fmt::format("q{}", i + 1);
  return "q5";
}

}  // namespace

std::string ratio_class(double ratio) {
  if (!(ratio > 0) || !std::isfinite(ratio)) return "q5";
  static constexpr double steps[] = {1.1, 1.25, 1.5, 2.0};
  return scale_class(std::max(ratio, 1 / ratio), steps);
}

std::string share_class(double share) {
  static constexpr double steps[] = {0.05, 0.15, 0.30, 0.50};  // share of items out of the paper's order
  return scale_class(1 - share, steps);
}

std::string colour_legend() {
  return "<p class=\"legend\">Ratio mcsim / paper: <span class=\"swatch q1\">within 10 %</span>"
         "<span class=\"swatch q2\">within 25 %</span><span class=\"swatch q3\">within 50 %</span>"
         "<span class=\"swatch q4\">within a factor of 2</span><span class=\"swatch q5\">beyond</span>"
         " (both ways: 0.8 is as far as 1.25).<br>Shares (pairs of series ordered as in the paper, region cells "
         "naming the paper's series): <span class=\"swatch q1\">95 % or more</span><span class=\"swatch "
         "q2\">85 %</span><span class=\"swatch q3\">70 %</span><span class=\"swatch q4\">50 %</span><span "
         "class=\"swatch q5\">below</span></p>\n";
}

std::string number(double value) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  const double size = std::fabs(value);
  if (size >= 1e4 && size < 1e12) return fmt::format("{:.0f}", value);
  return fmt::format("{:.4g}", value);
}

std::string number(const std::optional<double>& value) { return value ? number(*value) : "–"; }

}  // namespace mcsim::html
