#include "node_timeline_picture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "svg_drawing.hpp"

namespace mcsim {

namespace {

constexpr ActivityLegend kLegend[] = {
    {"program", "cpu", "#f28c1c", "start-up CPU (library send/receive time)"},
    {"program", "wait-message", "#a6cee3", "waiting for a message"},
    {"program", "wait-partner", "#6a5acd", "waiting for a partner (its ready signal)"},
    {"program", "wait-send", "#cab2d6", "waiting for its own send to finish"},
    {"program", "barrier", "#8c8c8c", "at a barrier"},
    {"program", "wait-lock", "#f49ac2", "waiting for a lock / control reply"},
    {"network", "sending", "#33a02c", "interface sending"},
    {"network", "receiving", "#1f78b4", "interface receiving"},
    {"network", "sending+receiving", "#17becf", "sending and receiving"},
    {"network", "claiming", "#e31a1c", "a message holds part of its path, waiting for the rest (or its header travels)"},
};

std::string colour_of(const std::string& lane, const std::string& activity) {
  for (const auto& l : kLegend)
    if (lane == l.lane && activity == l.activity) return l.colour;
  return "#000000";
}

// Program-noted spans (Run::spans): a colour per activity, in the order first seen.
constexpr const char* kSpanPalette[] = {"#b15928", "#6a3d9a", "#ff7f00", "#b2df8a", "#fb9a99", "#ffff99"};

double nice_step(double span) {
  if (!(span > 0)) return 1;
  const double raw = span / 8;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

struct Interval {
  double start, end;
  const std::string* activity;
};

}  // namespace

std::span<const ActivityLegend> activity_legend() { return kLegend; }

ResultTable node_states_table(const Run& run) {
  ResultTable table{"states",
                    {{.name = "node"}, {.name = "lane", .key = true}, {.name = "activity", .key = true},
                     {.name = "start_ms", .unit = "ms"}, {.name = "end_ms", .unit = "ms"}},
                    {}};
  for (const auto& s : run.states)  // times to the nanosecond, fixed decimals
    table.rows.push_back({integer_cell(s.node), text_cell(s.lane), text_cell(s.activity), fixed_cell(s.start_s * 1e3, 6),
                          fixed_cell(s.end_s * 1e3, 6)});
  return table;
}

ResultTable messages_table(const Run& run) {
  ResultTable table{"messages",
                    {{.name = "phase"}, {.name = "src"}, {.name = "dst"}, {.name = "bytes", .unit = "B"}, {.name = "dummy"},
                     {.name = "start_ms", .unit = "ms"}, {.name = "end_ms", .unit = "ms"}},
                    {}};
  for (const auto& m : run.messages)
    table.rows.push_back({integer_cell(m.phase), integer_cell(m.src), integer_cell(m.dst),
                          integer_cell(static_cast<std::int64_t>(m.bytes)), integer_cell(m.dummy ? 1 : 0),
                          fixed_cell(m.start_s * 1e3, 6), fixed_cell(m.end_s * 1e3, 6)});
  return table;
}

ResultTable node_spans_table(const Run& run) {
  ResultTable table{"spans",
                    {{.name = "node"}, {.name = "activity", .key = true}, {.name = "start_ms", .unit = "ms"},
                     {.name = "end_ms", .unit = "ms"}},
                    {}};
  for (const auto& s : run.spans)
    table.rows.push_back({integer_cell(s.node), text_cell(s.activity), fixed_cell(s.start_s * 1e3, 6),
                          fixed_cell(s.end_s * 1e3, 6)});
  return table;
}

std::string node_timeline_svg(const Run& run, const std::string& title) {
  const int n = std::max(1, run.nodes);
  constexpr int kMaxRows = 64;
  const int group = (n + kMaxRows - 1) / kMaxRows;
  const int rows = (n + group - 1) / group;
  double end_s = run.communication_time();
  for (const auto& s : run.states) end_s = std::max(end_s, s.end_s);
  for (const auto& s : run.spans) end_s = std::max(end_s, s.end_s);
  if (!(end_s > 0)) end_s = 1e-6;
  const bool spans = !run.spans.empty();
  const double left = 70, top = 50, plot_width = 1100;
  const double row_h = rows <= 32 ? 18 : (rows <= 48 ? 13 : 10);
  const double lane_h = spans ? row_h * 0.3 : row_h * 0.42;
  const double legend_top = top + rows * row_h + 40;
  std::vector<std::string> span_activities;
  for (const auto& s : run.spans)
    if (std::find(span_activities.begin(), span_activities.end(), s.activity) == span_activities.end())
      span_activities.push_back(s.activity);
  const int legend_rows = static_cast<int>((std::size(kLegend) + 1) / 2 + (span_activities.size() + 1) / 2) + 2;
  const double width = left + plot_width + 30, height = legend_top + 20.0 * legend_rows + 20;
  auto x_of = [&](double t) { return left + plot_width * t / end_s; };
  auto lane_y = [&](int row, int lane) { return top + row * row_h + 1 + lane * lane_h; };

  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" font-family=\"sans-serif\" "
      "font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"20\" y=\"20\" "
      "font-size=\"14\">{}</text>\n",
      width, height, svg::escaped(title));
  if (group > 1)
    out += fmt::format("<text x=\"20\" y=\"36\">{} nodes: each row is {} consecutive nodes; in each time slice a lane "
                       "shows the state most of them are in</text>\n",
                       n, group);
  // Rows and their labels.
  for (int r = 0; r < rows; ++r) {
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"/>\n", left,
                       top + r * row_h, plot_width, row_h - 1, r % 2 ? "#fafafa" : "#f2f2f2");
    const int first = r * group, last = std::min(n, first + group) - 1;
    if (rows <= 32 || r % 4 == 0)
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"{}\">{}</text>\n", left - 4,
                         top + r * row_h + row_h * 0.75, rows <= 32 ? 11 : 9,
                         group == 1 ? std::to_string(first) : fmt::format("{}-{}", first, last));
  }
  // Time axis.
  const double step = nice_step(end_s * 1e3);
  for (double t = 0; t <= end_s * 1e3 + 1e-12; t += step) {
    const double x = x_of(t / 1e3);
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#bbb\" stroke-width=\"0.5\"/>"
                       "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{:g}</text>\n",
                       x, top, x, top + rows * row_h, x, top + rows * row_h + 14, t);
  }
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">time (ms)</text>\n", left + plot_width / 2,
                     top + rows * row_h + 28);

  // Intervals per node and lane (0 program, 1 network, 2 program-noted spans).
  std::vector<std::array<std::vector<Interval>, 3>> by_node(static_cast<std::size_t>(n));
  std::vector<std::vector<double>> phases(static_cast<std::size_t>(n));
  for (const auto& s : run.states) {
    if (s.node < 0 || s.node >= n) continue;
    if (s.lane == "phase") {
      phases[static_cast<std::size_t>(s.node)].push_back(s.start_s);
      continue;
    }
    by_node[static_cast<std::size_t>(s.node)][s.lane == "program" ? 0 : 1].push_back({s.start_s, s.end_s, &s.activity});
  }
  for (const auto& s : run.spans)
    if (s.node >= 0 && s.node < n) by_node[static_cast<std::size_t>(s.node)][2].push_back({s.start_s, s.end_s, &s.activity});
  for (auto& lanes_of_node : by_node)
    for (auto& ivs : lanes_of_node)
      std::stable_sort(ivs.begin(), ivs.end(), [](const Interval& a, const Interval& b) { return a.start < b.start; });
  auto span_colour = [&](const std::string& activity) {
    const auto at = std::find(span_activities.begin(), span_activities.end(), activity) - span_activities.begin();
    return std::string(kSpanPalette[static_cast<std::size_t>(at) % std::size(kSpanPalette)]);
  };
  const int lanes = spans ? 3 : 2;
  static const std::string lane_names[] = {"program", "network", "span"};
  if (group == 1) {
    for (int node = 0; node < n; ++node)
      for (int lane = 0; lane < lanes; ++lane)
        for (const auto& iv : by_node[static_cast<std::size_t>(node)][static_cast<std::size_t>(lane)]) {
          const std::string colour = lane == 2 ? span_colour(*iv.activity) : colour_of(lane_names[lane], *iv.activity);
          out += fmt::format("<rect x=\"{:.2f}\" y=\"{:.1f}\" width=\"{:.2f}\" height=\"{:.1f}\" fill=\"{}\"/>\n",
                             x_of(iv.start), lane_y(node, lane), std::max(0.3, x_of(iv.end) - x_of(iv.start)), lane_h - 0.5,
                             colour);
        }
  } else {
    // Time slices of 2 px: per row and lane, the activity most of the group's nodes are in at the
    // slice's middle (idle counts too; ties go to the legend's order).
    const int slices = static_cast<int>(plot_width / 2);
    for (int r = 0; r < rows; ++r)
      for (int lane = 0; lane < lanes; ++lane) {
        std::string run_colour;
        int run_from = 0;
        auto flush = [&](int to) {
          if (!run_colour.empty())
            out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"/>\n",
                               left + 2.0 * run_from, lane_y(r, lane), 2.0 * (to - run_from), lane_h - 0.5, run_colour);
        };
        std::vector<std::size_t> cursor(static_cast<std::size_t>(group), 0);
        for (int k = 0; k <= slices; ++k) {
          std::string colour;
          if (k < slices) {
            const double t = end_s * (k + 0.5) / slices;
            std::map<std::string, int> votes;
            int idle = 0;
            for (int g = 0; g < group; ++g) {
              const int node = r * group + g;
              if (node >= n) break;
              const auto& ivs = by_node[static_cast<std::size_t>(node)][static_cast<std::size_t>(lane)];
              std::size_t& at = cursor[static_cast<std::size_t>(g)];
              while (at < ivs.size() && ivs[at].end <= t) ++at;
              if (at < ivs.size() && ivs[at].start <= t)
                ++votes[lane == 2 ? span_colour(*ivs[at].activity) : colour_of(lane_names[lane], *ivs[at].activity)];
              else
                ++idle;
            }
            int best = idle;
            for (const auto& [c, count] : votes)
              if (count > best) best = count, colour = c;
          }
          if (k == slices || colour != run_colour) {
            flush(k);
            run_colour = colour;
            run_from = k;
          }
        }
      }
  }
  // Phase ticks.
  for (int r = 0; r < rows; ++r)
    for (double t : phases[static_cast<std::size_t>(r * group)])
      out += fmt::format("<line x1=\"{:.2f}\" y1=\"{:.1f}\" x2=\"{:.2f}\" y2=\"{:.1f}\" stroke=\"black\" stroke-width=\"1\"/>\n",
                         x_of(t), top + r * row_h, x_of(t), top + r * row_h + row_h * 0.35);
  // Legend.
  double ly = legend_top;
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">upper half of a row: the node's program; lower half: its network "
                     "interface{}; white: idle; black tick: the node enters a phase</text>\n",
                     left, ly, spans ? "; thin third lane: what the program noted" : "");
  ly += 18;
  for (std::size_t i = 0; i < std::size(kLegend); ++i) {
    const double x = left + (i % 2) * 540, y = ly + 20.0 * static_cast<double>(i / 2);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"10\" fill=\"{}\"/><text x=\"{:.1f}\" "
                       "y=\"{:.1f}\">{}: {}</text>\n",
                       x, y - 9, kLegend[i].colour, x + 20, y, kLegend[i].activity, svg::escaped(kLegend[i].meaning));
  }
  ly += 20.0 * static_cast<double>((std::size(kLegend) + 1) / 2);
  for (std::size_t i = 0; i < span_activities.size(); ++i) {
    const double x = left + (i % 2) * 540, y = ly + 20.0 * static_cast<double>(i / 2);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"10\" fill=\"{}\"/><text x=\"{:.1f}\" "
                       "y=\"{:.1f}\">noted by the program: {}</text>\n",
                       x, y - 9, span_colour(span_activities[i]), x + 20, y, svg::escaped(span_activities[i]));
  }
  return out + "</svg>\n";
}

}  // namespace mcsim
