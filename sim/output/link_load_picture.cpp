#include "link_load_picture.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "network_geometry.hpp"
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

// The identity of each recorded link, by the SimGrid name the recording gives it (link_name).
class Identities {
 public:
  explicit Identities(const NetworkLinks& network) {
    for (const auto& link : network.links) by_name_.emplace(link_name(link), &link);
  }
  // The identity of `load`'s link if it has `role`, else nullptr.
  const LinkIdentity* of(const LinkLoad& load, LinkRole role) const {
    const auto it = by_name_.find(load.link);
    return it != by_name_.end() && it->second->role == role ? it->second : nullptr;
  }

 private:
  std::unordered_map<std::string, const LinkIdentity*> by_name_;
};

std::string header(double width, double height, const std::string& title) {
  return fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
                     "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
                     "fill=\"white\"/>\n<text x=\"20\" y=\"22\" font-size=\"14\">{}</text>\n",
                     width, height, svg::escaped(title));
}

std::string fat_tree_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                         const std::string& title, double top_u) {
  // The machine's own fat tree, as its platform's wires give it.
  const Identities identities(network);
  const FatTreeGeometry g(network, nodes);
  const int levels = g.levels;
  const double left = g.left, width = g.width, height = g.height, box = g.box;
  auto x_of = [&](const LinkEnd& end) { return g.x_of(end); };
  auto y_of = [&](int level) { return g.y_of(level); };
  std::string out = header(width, height, title);
  for (int level = 1; level <= levels; ++level)
    out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\">level {}</text>\n", y_of(level) + 4, level);
  out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\">nodes</text>\n", y_of(0) + 4);
  // Wires: up direction left of the line's centre, down direction right of it.
  for (const auto& link : links) {
    const LinkIdentity* wire = identities.of(link, LinkRole::fat_tree_wire);
    if (!wire) continue;
    const LinkMark mark = g.wire(*wire);
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                       "stroke-width=\"{:.1f}\"><title>{}: {:.0f} bytes, utilisation {:.3f}</title></line>\n",
                       mark.from.x, mark.from.y, mark.to.x, mark.to.y, svg::heat_colour(utilisation(link, run_s) / top_u),
                       mark.stroke, link.link, link.bytes, utilisation(link, run_s));
  }
  for (int level = 1; level <= levels; ++level)
    for (std::size_t i = 0; i < g.elements[static_cast<std::size_t>(level)]; ++i)
      out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2.5\" fill=\"#333\"/>\n",
                         x_of({level, static_cast<int>(i)}), y_of(level));
  // Node interfaces: one box per node (two halves, out and in, when the interface is duplex).
  for (const auto& link : links) {
    const LinkIdentity* interface = identities.of(link, LinkRole::node_interface);
    if (!interface || interface->from.index >= nodes) continue;
    const LinkMark mark = g.interface(*interface);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" stroke=\"#333\" "
                       "stroke-width=\"0.5\"><title>{}: {:.0f} bytes, utilisation {:.3f}</title></rect>\n",
                       mark.from.x, mark.from.y, mark.to.x, mark.to.y,
                       svg::heat_colour(utilisation(link, run_s) / top_u),
                       link.link, link.bytes, utilisation(link, run_s));
  }
  if (nodes <= 64)
    for (int i = 0; i < nodes; ++i)
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"9\" text-anchor=\"middle\">{}</text>\n",
                         x_of({0, i}), y_of(0) + box + 11, i);
  const double legend_y = y_of(0) + box + 30;
  out += svg::heat_legend(left, legend_y, "utilisation = bytes / (bandwidth x run time)", top_u);
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">each wire: its up direction drawn on the left, "
                     "down on the right; dots: switches; boxes: the nodes' CMMD interfaces (hover for figures)</text>\n",
                     left, legend_y + 44);
  return out + "</svg>\n";
}

std::string hypercube_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                          const std::string& title, double top_u) {
  const Identities identities(network);
  const HypercubeGeometry g(nodes);
  const int dims = g.dims;
  const double cell_h = g.cell_h, left = g.left, top = g.top, panel = g.panel_height, width = g.width, height = g.height;
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
      out += fmt::format("<text x=\"6\" y=\"{:.1f}\" font-size=\"11\" fill=\"{}\">dim {}</text>\n", y0 + d * cell_h + 12,
                         dimension_colour(d), d);
    for (const auto& link : links) {
      const LinkIdentity* channel = identities.of(link, LinkRole::network_channel);
      if (!channel || channel->from.index >= nodes || channel->dimension < 0) continue;
      const LinkMark cell = g.channel(*channel, p);
      const double value = p == 0 ? utilisation(link, run_s) : (run_s > 0 ? link.held_idle_s / run_s : 0);
      // Outlined in its dimension's colour (as the replay draws it): which bit a row's channels flip.
      out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" stroke=\"{}\" "
                         "stroke-width=\"1\"><title>{}: {:.0f} bytes, utilisation {:.3f}, held idle {:.3f} ms</title></rect>\n",
                         cell.from.x, cell.from.y, cell.to.x, cell.to.y, svg::heat_colour(value / tops[p]), cell.outline,
                         link.link, link.bytes, utilisation(link, run_s), link.held_idle_s * 1e3);
    }
  }
  out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">column: the sending node (0 .. {}); row: the "
                     "dimension its channel crosses (to node xor 2^dim)</text>\n",
                     left, top + 2 * panel - 14, nodes - 1);
  out += svg::heat_legend(left, top + 2 * panel, "fraction of the run (scale top: see each panel)");
  return out + "</svg>\n";
}

std::string mesh_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                     const std::string& title, double top_u) {
  const Identities identities(network);
  const MeshGeometry g(network, nodes);
  std::string out = header(g.width, g.height, title);
  for (const auto& link : links) {
    const LinkIdentity* channel = identities.of(link, LinkRole::network_channel);
    if (!channel) continue;
    const LinkMark mark = g.channel(*channel);
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"{:.1f}\">"
                       "<title>{}: {:.0f} bytes, utilisation {:.3f}, held idle {:.3f} ms</title></line>\n",
                       mark.from.x, mark.from.y, mark.to.x, mark.to.y, svg::heat_colour(utilisation(link, run_s) / top_u),
                       mark.stroke, link.link, link.bytes,
                       utilisation(link, run_s), link.held_idle_s * 1e3);
    if (mark.enter)  // a wrap-around channel's arrow into its destination, in the same colour
      out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"{:.1f}\"/>\n",
                         mark.enter->first.x, mark.enter->first.y, mark.enter->second.x, mark.enter->second.y,
                         svg::heat_colour(utilisation(link, run_s) / top_u), mark.stroke);
  }
  for (int n = 0; n < nodes; ++n)
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"#333\"/>\n", g.node(n).x, g.node(n).y,
                       g.cell * 0.08);
  out += svg::heat_legend(g.left, g.height - 64, "utilisation = bytes / (bandwidth x run time); each channel "
                                                         "drawn to the right of its direction", top_u);
  return out + "</svg>\n";
}

// A network as the replay draws it (network_drawing: a hyper-crossbar's nodes with a bar per crossbar
// and each link a stub into or out of it, a star's spokes round its switch's box), each link in its
// load's colour: the same layout in both media, not a second copy.
std::string drawn_network_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                              const std::string& title, double top_u) {
  const NetworkDrawing drawing = network_drawing(network, nodes);
  std::unordered_map<std::string, std::size_t> index;  // a recorded link's place in network.links
  for (std::size_t i = 0; i < network.links.size(); ++i) index.emplace(link_name(network.links[i]), i);
  const double legend_room = 70;
  std::string out = header(drawing.width, drawing.height + legend_room, title);
  for (const auto& bar : drawing.switches)
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#bbb\" "
                       "stroke-width=\"{:.1f}\"/>\n",
                       bar.from.x, bar.from.y, bar.to.x, bar.to.y, bar.width);
  for (const auto& link : links) {
    const auto at = index.find(link.link);
    if (at == index.end() || !drawing.links[at->second]) continue;
    const LinkMark& mark = *drawing.links[at->second];
    const std::string colour = svg::heat_colour(utilisation(link, run_s) / top_u);
    const std::string tip = fmt::format("<title>{}: {:.0f} bytes, utilisation {:.3f}, held idle {:.3f} ms</title>",
                                        svg::escaped(link.link), link.bytes, utilisation(link, run_s), link.held_idle_s * 1e3);
    if (mark.box)
      out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" stroke=\"{}\">{}"
                         "</rect>\n",
                         mark.from.x, mark.from.y, mark.to.x, mark.to.y, colour,
                         mark.outline.empty() ? "none" : mark.outline, tip);
    else
      out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                         "stroke-width=\"{:.1f}\">{}</line>\n",
                         mark.from.x, mark.from.y, mark.to.x, mark.to.y, colour, mark.stroke, tip);
    if (mark.enter)
      out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
                         "stroke-width=\"{:.1f}\"/>\n",
                         mark.enter->first.x, mark.enter->first.y, mark.enter->second.x, mark.enter->second.y, colour,
                         mark.stroke);
  }
  const double r = nodes <= 64 ? 3 : 1.5;
  for (const Point& p : drawing.nodes)
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"#333\"/>\n", p.x, p.y, r);
  for (const auto& label : drawing.labels)
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\"{}>{}</text>\n", label.at.x,
                       label.at.y, label.colour.empty() ? "" : fmt::format(" fill=\"{}\"", label.colour),
                       svg::escaped(label.text));
  out += svg::heat_legend(20, drawing.height + 16, "utilisation = bytes / (bandwidth x run time); hover a link for its "
                                                   "figures", top_u);
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

ResultTable link_load_table(const std::vector<LinkLoad>& links, double run_s) {
  ResultTable table{"links",
                    {{.name = "link", .key = true}, {.name = "bandwidth_MBps", .unit = "MB/s"}, {.name = "bytes", .unit = "B"},
                     {.name = "busy_ms", .unit = "ms"}, {.name = "held_idle_ms", .unit = "ms"}, {.name = "utilisation"},
                     {.name = "busy_fraction"}},
                    {}};
  // Times to the nanosecond, fractions to 1e-6, bytes whole: fixed decimals, as the file always gave them.
  for (const auto& link : links)
    table.rows.push_back({text_cell(link.link), number_cell(link.bandwidth_Bps / 1e6), fixed_cell(link.bytes, 0),
                          fixed_cell(link.busy_s * 1e3, 6), fixed_cell(link.held_idle_s * 1e3, 6),
                          fixed_cell(utilisation(link, run_s), 6), fixed_cell(run_s > 0 ? link.busy_s / run_s : 0.0, 6)});
  return table;
}

std::string link_load_summary(const NetworkLinks& network, const std::vector<LinkLoad>& links, double run_s) {
  const Identities identities(network);
  std::map<std::string, Figures> groups;
  for (const auto& link : links) {
    if (network.layout == NetworkLayout::tree) {
      if (const LinkIdentity* wire = identities.of(link, LinkRole::fat_tree_wire))
        groups[fmt::format("level {} {}-links", wire->level, wire->up ? "up" : "down")].add(link, run_s);
      else if (identities.of(link, LinkRole::node_interface))
        groups["node interfaces"].add(link, run_s);
    } else if (network.layout == NetworkLayout::dimensions) {
      if (const LinkIdentity* channel = identities.of(link, LinkRole::network_channel))
        groups[fmt::format("dimension {}", channel->dimension)].add(link, run_s);
    } else {
      groups["links"].add(link, run_s);
    }
  }
  std::string out;
  for (const auto& [what, figures] : groups) out += figures.line(what);
  return out;
}

std::string link_load_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                          const std::string& title, double scale_top) {
  const double top = scale_top > 0 ? scale_top : utilisation_top(links, run_s);
  switch (network.layout) {
    case NetworkLayout::tree: return fat_tree_svg(network, nodes, links, run_s, title, top);
    case NetworkLayout::dimensions: return hypercube_svg(network, nodes, links, run_s, title, top);
    case NetworkLayout::grid: return mesh_svg(network, nodes, links, run_s, title, top);
    case NetworkLayout::crossbars:
    case NetworkLayout::star: return drawn_network_svg(network, nodes, links, run_s, title, top);
    case NetworkLayout::list: break;  // no layout of its own: its busiest links, as a list
  }
  return link_list_svg(links, run_s, title, top);
}

}  // namespace mcsim
