// Small pieces the hand-drawn SVG pictures of runs share (link load, node timelines): text escaping
// and the load colour scale.
#pragma once

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "../core/shown_text.hpp"

namespace mcsim::svg {

// Text for an SVG or HTML page: control characters shown escaped (shown(): a raw ESC would act when
// the file is shown with cat, and is not allowed in XML), then the XML specials.
inline std::string escaped(const std::string& text) {
  std::string out;
  for (char c : shown(text)) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// A load in [0, 1] as a colour: light grey (0, unused), then yellow, orange, red, dark red (1).
inline std::string heat_colour(double load) {
  if (!(load > 0)) return "#e8e8e8";
  struct Stop {
    double at;
    int r, g, b;
  };
  static constexpr Stop stops[] = {{0.0, 255, 255, 204}, {0.25, 254, 217, 118}, {0.5, 253, 141, 60},
                                   {0.75, 227, 26, 28},  {1.0, 128, 0, 38}};
  load = std::min(load, 1.0);
  for (std::size_t i = 1; i < std::size(stops); ++i)
    if (load <= stops[i].at) {
      const Stop& a = stops[i - 1];
      const Stop& b = stops[i];
      const double f = (load - a.at) / (b.at - a.at);
      return fmt::format("#{:02x}{:02x}{:02x}", static_cast<int>(a.r + f * (b.r - a.r)),
                         static_cast<int>(a.g + f * (b.g - a.g)), static_cast<int>(a.b + f * (b.b - a.b)));
    }
  return "#800026";
}

// The top of a colour scale for values up to `highest`: the next of 0.05, 0.1, 0.2, 0.25, 0.5,
// 0.75, 1 (so pictures of a quiet run are not all pale, and the legend says where the scale ends).
inline double scale_top(double highest) {
  for (double top : {0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0})
    if (highest <= top) return top;
  return highest;
}

// A horizontal legend of the heat scale at (x, y) from 0 to `top`, `label` after it.
inline std::string heat_legend(double x, double y, const std::string& label, double top = 1) {
  std::string out;
  for (int i = 0; i <= 10; ++i)
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"16\" height=\"10\" fill=\"{}\"/>", x + 16 * i, y,
                       heat_colour(i / 10.0));
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\">0</text>", x, y + 22);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\">{:g}</text>", x + 16 * 10, y + 22, top);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{}</text>\n", x + 16 * 11 + 8, y + 9,
                     escaped(label));
  return out;
}

}  // namespace mcsim::svg
