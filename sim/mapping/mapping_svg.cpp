#include "mapping_svg.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

namespace {
// Distinct colours for phases 1, 2, ... (repeats after 12).
constexpr const char* palette[] = {"#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
                                   "#f032e6", "#9a6324", "#469990", "#800000", "#808000", "#000075"};

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}
}  // namespace

std::string mapping_svg(const PhasedTaskGraph& graph, const MeshMapping& mapping, int root, const std::string& title) {
  const MeshShape mesh = mapping.mesh;
  if (mesh.rows > 128 || mesh.cols > 128)
    throw Error("draw mapping", fmt::format("a {} x {} mesh is too large to draw (at most 128 x 128)", mesh.rows, mesh.cols));
  if (mapping.node_of_task.size() != static_cast<std::size_t>(graph.tasks))
    throw Error("draw mapping", fmt::format("the mapping places {} tasks, {} has {}", mapping.node_of_task.size(),
                                            graph.name, graph.tasks));
  const double cell = std::clamp(960.0 / std::max(mesh.rows, mesh.cols), 12.0, 64.0);
  const double margin = 20, top = 40;
  const int phases = static_cast<int>(graph.phases.size());
  const double legend_height = 20.0 * ((phases + 5) / 6) + 10;
  const double width = 2 * margin + cell * mesh.cols, height = top + cell * mesh.rows + margin + legend_height;
  auto cx = [&](int x) { return margin + cell * (x + 0.5); };
  auto cy = [&](int y) { return top + cell * (y + 0.5); };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\" "
      "font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{:.1f}\" y=\"24\" font-size=\"16\">{}</text>\n",
      width, height, width, height, margin, escaped(title));
  // Mesh links, light grey.
  svg += "<g stroke=\"#dddddd\" stroke-width=\"1\">\n";
  for (int y = 0; y < mesh.rows; ++y)
    if (mesh.cols > 1) svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n", cx(0), cy(y), cx(mesh.cols - 1), cy(y));
  for (int x = 0; x < mesh.cols; ++x)
    if (mesh.rows > 1) svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n", cx(x), cy(0), cx(x), cy(mesh.rows - 1));
  svg += "</g>\n";
  // Tree edges: phase i shifted across its direction by an amount that grows with i.
  const double spread = cell * 0.35;
  for (int i = 1; i <= phases; ++i) {
    const double shift = phases > 1 ? spread * ((i - 1.0) / (phases - 1.0) - 0.5) : 0;
    svg += fmt::format("<g stroke=\"{}\" stroke-width=\"{:.1f}\" stroke-linecap=\"round\"><title>phase {}</title>\n",
                       palette[(i - 1) % 12], std::max(1.0, cell / 16), i);
    for (const TaskEdge& e : graph.phases[static_cast<std::size_t>(i - 1)]) {
      const MeshPoint a = mapping.point_of_task(e.sender), b = mapping.point_of_task(e.receiver);
      // XY route: along the row first, then along the column (one leg for the paper's mappings).
      const MeshPoint corner{b.x, a.y};
      for (const auto& [from, to] : {std::pair{a, corner}, std::pair{corner, b}}) {
        if (from == to) continue;
        const double dx = from.y == to.y ? 0 : shift, dy = from.y == to.y ? shift : 0;
        svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n", cx(from.x) + dx,
                           cy(from.y) + dy, cx(to.x) + dx, cy(to.y) + dy);
      }
    }
    svg += "</g>\n";
  }
  // Processors, labelled with their task.
  const double r = cell * 0.22;
  const double font = std::max(6.0, cell * 0.22);
  for (int task = 0; task < graph.tasks; ++task) {
    const MeshPoint p = mapping.point_of_task(task);
    if (task == root)
      svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"white\" stroke=\"black\"/>\n",
                         cx(p.x) - r, cy(p.y) - r, 2 * r, 2 * r);
    else
      svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"white\" stroke=\"black\"/>\n", cx(p.x),
                         cy(p.y), r);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                       cx(p.x), cy(p.y) + font * 0.35, font, task);
  }
  // Legend: one colour per phase.
  const double legend_top = top + cell * mesh.rows + margin;
  for (int i = 1; i <= phases; ++i) {
    const double x = margin + 110.0 * ((i - 1) % 6), y = legend_top + 20.0 * ((i - 1) / 6);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"3\"/>"
                       "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\">phase {}</text>\n",
                       x, y, x + 24, y, palette[(i - 1) % 12], x + 30, y + 4, i);
  }
  return svg + "</svg>\n";
}

}  // namespace mcsim
