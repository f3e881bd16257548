#include "link_load_picture.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "../core/machine_file_reader.hpp"
#include "../../topologies/fat_tree_family.hpp"
#include "../../topologies/machines.hpp"
#include "csv_cells.hpp"
#include "svg_drawing.hpp"

namespace mcsim {

namespace {

double utilisation(const LinkLoad& link, double run_s) {
  return run_s > 0 && link.bandwidth_Bps > 0 ? link.bytes / (link.bandwidth_Bps * run_s) : 0;
}

// The colour scale of a picture: 0 to svg::scale_top of its busiest link.
double utilisation_top(const std::vector<LinkLoad>& links, double run_s) {
  double highest = 0;
  for (const auto& link : links) highest = std::max(highest, utilisation(link, run_s));
  return svg::scale_top(highest);
}

// A fat-tree wire direction, read back from its link's name (topologies/fat_tree_platform.cpp).
struct Wire {
  int level = 0;
  std::size_t group = 0, copy = 0;
  int port = 0;
  bool up = true;
};
std::optional<Wire> wire_of(const std::string& name) {
  Wire w;
  unsigned long g = 0, c = 0;
  char direction[8] = {};
  if (std::sscanf(name.c_str(), "wire-L%d-g%lu-c%lu-p%d-%7s", &w.level, &g, &c, &w.port, direction) != 5)
    return std::nullopt;
  w.group = g, w.copy = c, w.up = std::string(direction) == "up";
  return w;
}

// A direct network's channel, read back from its link's name (channel_link_name, sim/core/topology.hpp).
std::optional<std::pair<int, int>> channel_of(const std::string& name) {
  int from = 0, to = 0;
  if (std::sscanf(name.c_str(), "channel-%d-%d", &from, &to) != 2) return std::nullopt;
  return std::pair{from, to};
}

// A node's interface link (cmmd-7, cmmd-7-out, cmmd-7-in).
std::optional<int> interface_of(const std::string& name) {
  int node = 0;
  if (std::sscanf(name.c_str(), "cmmd-%d", &node) != 1) return std::nullopt;
  return node;
}

int dimension_of(int a, int b) {
  int d = 0;
  for (int x = a ^ b; x > 1; x >>= 1) ++d;
  return d;
}

std::string header(double width, double height, const std::string& title) {
  return fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
                     "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
                     "fill=\"white\"/>\n<text x=\"20\" y=\"22\" font-size=\"14\">{}</text>\n",
                     width, height, svg::escaped(title));
}

std::string fat_tree_svg(int nodes, const std::vector<LinkLoad>& links, double run_s, const std::string& title,
                         double top_u) {
  // The bundled CM-5's fat tree for `nodes` nodes, as its machine file gives it.
  MachineFile cm5 = read_machine({"cm5", nodes, {}});
  resolve_for_nodes(cm5, nodes);
  const FatTree tree = FatTree::from_shape(cm5.under("topology.shape."), nodes);
  const FatTreeShape& shape = tree.shape();
  const double plot_width = std::clamp(28.0 * nodes, 800.0, 1800.0);
  const double left = 60, top = 60, level_gap = 110;
  const double width = plot_width + 2 * left, height = top + level_gap * shape.levels() + 130;
  auto x_of = [&](int level, std::size_t group, std::size_t copy) {
    const std::size_t index = group * shape.copies(level) + copy;
    return left + (static_cast<double>(index) + 0.5) * plot_width / static_cast<double>(shape.elements(level));
  };
  auto y_of = [&](int level) { return top + level_gap * (shape.levels() - level); };
  const double offset = std::min(1.5, plot_width / static_cast<double>(nodes) / 6);
  const double stroke = std::clamp(plot_width / static_cast<double>(shape.elements(1)) / 5, 0.6, 2.5);
  std::string out = header(width, height, title);
  for (int level = 1; level <= shape.levels(); ++level)
    out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\">level {}</text>\n", y_of(level) + 4, level);
  out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\">nodes</text>\n", y_of(0) + 4);
  // Wires: up direction left of the line's centre, down direction right of it.
  for (const auto& link : links) {
    const auto wire = wire_of(link.link);
    if (!wire || wire->level < 1 || wire->level > shape.levels()) continue;
    const int parents = shape.parents(wire->level);
    const double x0 = x_of(wire->level - 1, wire->group, wire->copy);
    const double x1 = x_of(wire->level, wire->group / static_cast<std::size_t>(shape.arity()),
                           wire->copy * static_cast<std::size_t>(parents) + static_cast<std::size_t>(wire->port));
    const double dx = wire->up ? -offset : offset;
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                       "stroke-width=\"{:.1f}\"><title>{}: {:.0f} bytes, utilisation {:.3f}</title></line>\n",
                       x0 + dx, y_of(wire->level - 1), x1 + dx, y_of(wire->level),
                       svg::heat_colour(utilisation(link, run_s) / top_u),
                       stroke, link.link, link.bytes, utilisation(link, run_s));
  }
  for (int level = 1; level <= shape.levels(); ++level)
    for (std::size_t g = 0; g < shape.groups(level); ++g)
      for (std::size_t c = 0; c < shape.copies(level); ++c)
        out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"#333\"/>\n", x_of(level, g, c), y_of(level));
  // Node interfaces: one box per node (two halves, out and in, when the interface is duplex).
  const double box = std::clamp(plot_width / nodes * 0.7, 3.0, 16.0);
  for (const auto& link : links) {
    const auto node = interface_of(link.link);
    if (!node || *node >= nodes) continue;
    const bool in = link.link.ends_with("-in"), out_half = link.link.ends_with("-out");
    const double x = x_of(0, static_cast<std::size_t>(*node), 0) - box / 2 + (in ? box / 2 : 0);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" stroke=\"#333\" "
                       "stroke-width=\"0.5\"><title>{}: {:.0f} bytes, utilisation {:.3f}</title></rect>\n",
                       x, y_of(0), (in || out_half) ? box / 2 : box, box,
                       svg::heat_colour(utilisation(link, run_s) / top_u),
                       link.link, link.bytes, utilisation(link, run_s));
  }
  if (nodes <= 64)
    for (int i = 0; i < nodes; ++i)
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"9\" text-anchor=\"middle\">{}</text>\n",
                         x_of(0, static_cast<std::size_t>(i), 0), y_of(0) + box + 11, i);
  const double legend_y = y_of(0) + box + 30;
  out += svg::heat_legend(left, legend_y, "utilisation = bytes / (bandwidth x run time)", top_u);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">each wire: its up direction drawn on the left, "
                     "down on the right; dots: switches; boxes: the nodes' CMMD interfaces (hover for figures)</text>\n",
                     left, legend_y + 44);
  return out + "</svg>\n";
}

std::string hypercube_svg(int nodes, const std::vector<LinkLoad>& links, double run_s, const std::string& title,
                         double top_u) {
  int dims = 0;
  while ((1 << dims) < nodes) ++dims;
  const double cell_w = std::clamp(1100.0 / nodes, 3.0, 18.0), cell_h = 16, left = 90, top = 56;
  const double panel = dims * cell_h + 40;
  const double width = left + cell_w * nodes + 40, height = top + 2 * panel + 70;
  std::string out = header(width, height, title);
  double max_held = 0;
  for (const auto& link : links) max_held = std::max(max_held, run_s > 0 ? link.held_idle_s / run_s : 0);
  const double tops[] = {top_u, svg::scale_top(max_held)};
  const char* panels[] = {"utilisation: bytes / (bandwidth x run time)",
                          "claimed without moving bytes: held-idle time / run time"};
  for (int p = 0; p < 2; ++p) {
    const double y0 = top + p * panel;
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\">{} (colour scale 0 to {:g})</text>\n", left,
                       y0 - 6, panels[p], tops[p]);
    for (int d = 0; d < dims; ++d)
      out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\">dim {}</text>\n", y0 + d * cell_h + 12, d);
    for (const auto& link : links) {
      const auto ends = channel_of(link.link);
      if (!ends || ends->first >= nodes) continue;
      const int d = dimension_of(ends->first, ends->second);
      const double value = p == 0 ? utilisation(link, run_s) : (run_s > 0 ? link.held_idle_s / run_s : 0);
      out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\">"
                         "<title>{}: {:.0f} bytes, utilisation {:.3f}, held idle {:.3f} ms</title></rect>\n",
                         left + ends->first * cell_w, y0 + d * cell_h, cell_w, cell_h - 1, svg::heat_colour(value / tops[p]),
                         link.link, link.bytes, utilisation(link, run_s), link.held_idle_s * 1e3);
    }
  }
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">column: the sending node (0 .. {}); row: the "
                     "dimension its channel crosses (to node xor 2^dim)</text>\n",
                     left, top + 2 * panel - 14, nodes - 1);
  out += svg::heat_legend(left, top + 2 * panel, "fraction of the run (scale top: see each panel)");
  return out + "</svg>\n";
}

std::string mesh_svg(int nodes, const std::vector<LinkLoad>& links, double run_s, const std::string& title,
                         double top_u) {
  // Columns: the smallest node distance above 1 between channel ends (a y channel); a single row
  // has none.
  int cols = nodes;
  for (const auto& link : links)
    if (const auto ends = channel_of(link.link)) {
      const int gap = std::abs(ends->first - ends->second);
      if (gap > 1) cols = std::min(cols, gap);
    }
  const int rows = (nodes + cols - 1) / cols;
  const double cell = std::clamp(900.0 / std::max(rows, cols), 14.0, 80.0), left = 40, top = 50;
  const double width = left * 2 + cell * cols, height = top + cell * rows + 80;
  auto cx = [&](int node) { return left + cell * (node % cols + 0.5); };
  auto cy = [&](int node) { return top + cell * (node / cols + 0.5); };
  std::string out = header(width, height, title);
  const double side = cell * 0.12, stroke = std::max(1.0, cell / 14);
  for (const auto& link : links) {
    const auto ends = channel_of(link.link);
    if (!ends) continue;
    const auto [a, b] = *ends;
    // Each direction drawn beside its twin: to the right of the direction of travel.
    const double dx = cx(b) - cx(a), dy = cy(b) - cy(a);
    const double length = std::max(1e-9, std::hypot(dx, dy));
    const double nx = -dy / length * side, ny = dx / length * side;
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"{:.1f}\">"
                       "<title>{}: {:.0f} bytes, utilisation {:.3f}, held idle {:.3f} ms</title></line>\n",
                       cx(a) + nx + dx * 0.15, cy(a) + ny + dy * 0.15, cx(b) + nx - dx * 0.15, cy(b) + ny - dy * 0.15,
                       svg::heat_colour(utilisation(link, run_s) / top_u), stroke, link.link, link.bytes,
                       utilisation(link, run_s), link.held_idle_s * 1e3);
  }
  for (int n = 0; n < nodes; ++n)
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"#333\"/>\n", cx(n), cy(n), cell * 0.08);
  out += svg::heat_legend(left, top + cell * rows + 16, "utilisation = bytes / (bandwidth x run time); each channel "
                                                         "drawn to the right of its direction", top_u);
  return out + "</svg>\n";
}

std::string link_list_svg(const std::vector<LinkLoad>& links, double run_s, const std::string& title, double top_u) {
  std::vector<const LinkLoad*> busiest;
  for (const auto& link : links) busiest.push_back(&link);
  std::stable_sort(busiest.begin(), busiest.end(), [](auto* a, auto* b) { return a->bytes > b->bytes; });
  if (busiest.size() > 48) busiest.resize(48);
  const double row = 16, left = 200, top = 50, bar = 600;
  std::string out = header(left + bar + 60, top + row * static_cast<double>(busiest.size()) + 70, title);
  for (std::size_t i = 0; i < busiest.size(); ++i) {
    const double u = utilisation(*busiest[i], run_s);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{}</text>"
                       "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"/>\n",
                       left - 6, top + row * static_cast<double>(i) + 11, svg::escaped(busiest[i]->link), left,
                       top + row * static_cast<double>(i), std::max(1.0, bar * std::min(u / top_u, 1.0)), row - 2,
                       svg::heat_colour(u / top_u));
  }
  out += svg::heat_legend(left, top + row * static_cast<double>(busiest.size()) + 16,
                          "the busiest links; bar length and colour: utilisation", top_u);
  return out + "</svg>\n";
}

struct Figures {
  int links = 0, used = 0;
  double least = 0, most = 0, highest = 0, total = 0;
  void add(const LinkLoad& link, double run_s) {
    least = links == 0 ? link.bytes : std::min(least, link.bytes);
    ++links;
    if (link.bytes > 0) ++used;
    most = std::max(most, link.bytes);
    total += link.bytes;
    highest = std::max(highest, utilisation(link, run_s));
  }
  std::string line(const std::string& what) const {
    return fmt::format("{}: {} links, {} used; bytes least {:.0f}, mean {:.0f}, most {:.0f}; highest "
                       "utilisation {:.3f}\n",
                       what, links, used, least, links ? total / links : 0.0, most, highest);
  }
};

}  // namespace

std::string link_load_csv(const std::vector<LinkLoad>& links, double run_s) {
  std::string csv = "link,bandwidth_MBps,bytes,busy_ms,held_idle_ms,utilisation,busy_fraction\n";
  for (const auto& link : links)
    csv += fmt::format("{},{:.6g},{:.0f},{:.6f},{:.6f},{:.6f},{:.6f}\n", csv_field(link.link), link.bandwidth_Bps / 1e6, link.bytes,
                       link.busy_s * 1e3, link.held_idle_s * 1e3, utilisation(link, run_s),
                       run_s > 0 ? link.busy_s / run_s : 0.0);
  return csv;
}

std::string link_load_summary(const std::string& machine, const std::vector<LinkLoad>& links, double run_s) {
  std::map<std::string, Figures> groups;
  for (const auto& link : links) {
    if (machine == "cm5") {
      if (const auto wire = wire_of(link.link))
        groups[fmt::format("level {} {}-links", wire->level, wire->up ? "up" : "down")].add(link, run_s);
      else if (interface_of(link.link))
        groups["node interfaces"].add(link, run_s);
    } else if (machine == "ipsc860") {
      if (const auto ends = channel_of(link.link))
        groups[fmt::format("dimension {}", dimension_of(ends->first, ends->second))].add(link, run_s);
    } else {
      groups["links"].add(link, run_s);
    }
  }
  std::string out;
  for (const auto& [what, figures] : groups) out += figures.line(what);
  return out;
}

std::string link_load_svg(const std::string& machine, int nodes, const std::vector<LinkLoad>& links, double run_s,
                          const std::string& title, double scale_top) {
  const double top = scale_top > 0 ? scale_top : utilisation_top(links, run_s);
  if (machine == "cm5") return fat_tree_svg(nodes, links, run_s, title, top);
  if (machine == "ipsc860") return hypercube_svg(nodes, links, run_s, title, top);
  if (machine == "mesh") return mesh_svg(nodes, links, run_s, title, top);
  return link_list_svg(links, run_s, title, top);
}

}  // namespace mcsim
