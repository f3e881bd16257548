#include "timeline_svg.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mcsim::redistribution {

std::string timeline_svg(const CommunicationSchedule& schedule, const CommunicationTable& m, const std::string& title) {
  constexpr int box = 24, left = 48, top = 40, row_gap = 8;
  // Each step is as wide as its busiest sender's units or receiver's units (the unit cost).
  std::vector<std::int64_t> widths;
  for (const auto& step : schedule.steps) {
    CommunicationSchedule one{schedule.name, schedule.p, schedule.q, {step}, schedule.synchronised_steps};
    widths.push_back(unit_cost(one, m));
  }
  std::int64_t total = 0;
  for (auto w : widths) total += w;
  const std::int64_t width = std::max<std::int64_t>(left + total * box + 24, 720);
  const int height = top + schedule.p * (box + row_gap) + 40;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"20\">{} ({} units)</text>\n",
      width, height, left, title, total);
  static const char* colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                                  "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};
  std::int64_t step_start = 0;
  for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
    for (int i = 0; i < schedule.p; ++i) {
      const int y = top + i * (box + row_gap);
      std::int64_t at = step_start;
      for (int j : schedule.steps[k][static_cast<std::size_t>(i)])
        for (std::int64_t u = 0; u < m(i, j); ++u, ++at) {
          const std::int64_t x = left + at * box;
          svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"black\"/>"
                             "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                             x, y, box, box, colours[j % 12], x + box / 2, y + box * 2 / 3, j);
        }
      const std::int64_t end = step_start + widths[k];
      if (at < end)
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#eeeeee\" stroke=\"#999\" stroke-dasharray=\"3,3\"/>\n",
                           left + at * box, y, (end - at) * box, box);
    }
    step_start += widths[k];
    const std::int64_t x = left + step_start * box;
    svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"2\"/>\n", x, top - 6,
                       x, top + schedule.p * (box + row_gap));
  }
  for (int i = 0; i < schedule.p; ++i)
    svg += fmt::format("<text x=\"8\" y=\"{}\">P{}</text>\n", top + i * (box + row_gap) + box * 2 / 3, i);
  svg += fmt::format("<text x=\"{}\" y=\"{}\">box: one message unit, numbered with its target Q_j; grey dashed: idle; "
                     "vertical lines: step ends</text>\n</svg>\n",
                     left, height - 12);
  return svg;
}

}  // namespace mcsim::redistribution
