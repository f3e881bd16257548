// The frame every page of `mcsim report` shares: one style sheet (in one place, written into each
// page so a page opened alone still reads well), the page's head and foot, text escaping, and the
// colour scale of the ratio cells with the legend that says what it means. Light and dark follow
// the browser's setting (prefers-color-scheme); nothing is loaded from a network; no script.
#pragma once

#include <optional>
#include <string>

namespace mcsim::html {

// Text from input, safe inside an element or a quoted attribute (control characters shown
// escaped, then the HTML specials).
std::string text(const std::string& s);

// The style sheet of every report page.
const std::string& style_sheet();

// A whole page: doctype, head (charset, viewport for phones, title, the style sheet) and `body`
// inside <main>.
std::string page(const std::string& title, const std::string& body);

// How far a ratio mcsim / paper is from 1, as a CSS class of the colour scale: "q1" within 10 %
// (max(r, 1/r) <= 1.1), "q2" within 25 %, "q3" within 50 %, "q4" within a factor of 2, "q5"
// beyond (or a ratio that is not positive).
std::string ratio_class(double ratio);
// A share of agreeing items (pairs ordered as in the paper, region cells): "q1" from 95 %, "q2"
// from 85 %, "q3" from 70 %, "q4" from 50 %, "q5" below.
std::string share_class(double share);
// The legend of both scales.
std::string colour_legend();

// A number as the tables show it: up to 4 significant digits, no exponent for ordinary sizes.
std::string number(double value);
std::string number(const std::optional<double>& value);  // "–" when absent

}  // namespace mcsim::html
