#include "replay_data.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "network_geometry.hpp"
#include "node_timeline_picture.hpp"
#include "replay_json.hpp"
#include "svg_drawing.hpp"

namespace mcsim {

namespace {

const char* layout_name(NetworkLayout layout) {
  switch (layout) {
    case NetworkLayout::tree: return "tree";
    case NetworkLayout::dimensions: return "dimensions";
    case NetworkLayout::grid: return "grid";
    case NetworkLayout::crossbars: return "crossbars";
    case NetworkLayout::star: return "star";
    case NetworkLayout::list: break;
  }
  return "list";
}

std::string point(const Point& p) { return json::number(p.x) + "," + json::number(p.y); }

// Per link: [box (0/1), x1, y1, x2, y2 (a box: corner and size), stroke, name, bandwidth B/s, bytes],
// a wrap-around channel then x1, y1, x2, y2 of its arrow into its destination (network_geometry.hpp),
// a box with an outline colour (a hypercube's dimension) then that colour,
// or [null, name, bandwidth B/s, bytes] for a link the layout does not draw.
std::string links_json(const Run& run, const NetworkLinks& network, const NetworkDrawing& drawing) {
  std::unordered_map<std::string, std::size_t> identity_of;
  for (std::size_t i = 0; i < network.links.size(); ++i) identity_of.emplace(link_name(network.links[i]), i);
  std::string out = "[";
  for (std::size_t i = 0; i < run.links.size(); ++i) {
    const LinkLoad& link = run.links[i];
    const auto it = identity_of.find(link.link);
    const std::optional<LinkMark>* mark = it == identity_of.end() ? nullptr : &drawing.links[it->second];
    out += i ? "," : "";
    if (!mark || !*mark) {
      out += fmt::format("[null,{},{},{}]", json::string(link.link), json::number(link.bandwidth_Bps), json::number(link.bytes));
      continue;
    }
    const LinkMark& m = **mark;
    // The entering arrow of a wrap-around link as a second fmt argument list, not `"," + std::string`:
    // that form trips GCC 12's false -Wrestrict (bug 105329).
    const std::string enter = m.enter     ? fmt::format(",{},{}", point(m.enter->first), point(m.enter->second))
                              : m.box && !m.outline.empty() ? fmt::format(",{}", json::string(m.outline))
                                                            : "";
    out += fmt::format("[{},{},{},{},{},{},{}{}]", m.box ? 1 : 0, point(m.from), point(m.to), json::number(m.stroke),
                       json::string(link.link), json::number(link.bandwidth_Bps), json::number(link.bytes), enter);
  }
  return out + "]";
}

// Per link with any bytes: [link, bin, percent, bin, percent, ...], its utilisation (bytes moved /
// (bandwidth x bin time), in whole percent) from each bin on where it changes, until the next one.
std::string load_json(const Run& run, double end_s, int bins) {
  bins = std::max(bins, 1);
  const double bin_s = end_s / bins;
  std::map<int, std::vector<double>> bytes;  // link -> per bin
  for (const LinkBusy& b : run.link_busy) {
    std::vector<double>& per_bin = bytes[b.link];
    per_bin.resize(static_cast<std::size_t>(bins), 0);
    const int first = std::clamp(static_cast<int>(b.start_s / bin_s), 0, bins - 1);
    const int last = std::clamp(static_cast<int>(b.end_s / bin_s), 0, bins - 1);
    for (int k = first; k <= last; ++k) {
      const double overlap = std::min(b.end_s, (k + 1) * bin_s) - std::max(b.start_s, k * bin_s);
      if (overlap > 0) per_bin[static_cast<std::size_t>(k)] += overlap * b.rate_Bps;
    }
  }
  std::string out = "[";
  bool first_link = true;
  for (const auto& [link, per_bin] : bytes) {
    const double capacity = run.links[static_cast<std::size_t>(link)].bandwidth_Bps * bin_s;
    if (!(capacity > 0)) continue;
    out += fmt::format("{}[{}", first_link ? "" : ",", link);
    first_link = false;
    long previous = 0;
    for (std::size_t k = 0; k < per_bin.size(); ++k) {
      const long percent = std::lround(100 * per_bin[k] / capacity);
      if (percent != previous) out += fmt::format(",{},{}", k, percent);
      previous = percent;
    }
    out += "]";
  }
  return out + "]";
}

// How many links carry other bytes by the routes than the run recorded on them.
std::size_t links_routes_miss(const Run& run, const std::function<double(std::uint64_t)>& wire_bytes) {
  std::vector<double> routed(run.links.size(), 0);
  for (std::size_t i = 0; i < run.messages.size(); ++i)
    for (int link : run.routes[i]) routed.at(static_cast<std::size_t>(link)) += wire_bytes(run.messages[i].bytes);
  std::size_t missed = 0;
  for (std::size_t k = 0; k < run.links.size(); ++k)
    missed += std::abs(routed[k] - run.links[k].bytes) > std::max(1.0, 1e-6 * run.links[k].bytes);
  return missed;
}

}  // namespace

ReplayData replay_data(const Run& run, const NetworkLinks& network, const std::string& title,
                       const std::function<double(std::uint64_t)>& wire_bytes, const ReplayLimits& limits) {
  if (run.routes.size() != run.messages.size())
    throw Error("replay", fmt::format("the run has {} messages but {} recorded routes (record it with routes)",
                                      run.messages.size(), run.routes.size()));
  ReplayData data;
  // The note begins "the run's own routes:", which tools/check-replay-in-browser.sh looks for.
  if (const std::size_t missed = links_routes_miss(run, wire_bytes))
    data.left_out.push_back(fmt::format(
        "the run's own routes: on {} of the {} links the recorded routes carry other bytes than the run recorded on "
        "them (a route drawn at random that the run did not keep is asked of the platform again after the run, and a "
        "fat tree's random up-links can then come out otherwise); which links a dot crosses may then not be the run's, "
        "the links' colours are the run's own",
        missed, run.links.size()));
  data.messages = run.messages.size();
  double end_s = run.communication_time();
  for (const auto& m : run.messages) end_s = std::max(end_s, m.end_s);
  for (const auto& s : run.states) end_s = std::max(end_s, s.end_s);
  if (!(end_s > 0)) end_s = 1e-6;
  const NetworkDrawing drawing = network_drawing(network, run.nodes);

  // Messages in start order; beyond the limit every k-th of them.
  std::vector<std::size_t> order(run.messages.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return run.messages[a].start_s < run.messages[b].start_s; });
  const std::size_t stride = limits.messages ? (order.size() + limits.messages - 1) / limits.messages : 1;
  std::string messages = "[";
  for (std::size_t k = 0; k < order.size(); k += std::max<std::size_t>(stride, 1)) {
    const MessageRecord& m = run.messages[order[k]];
    std::string route;
    for (int link : run.routes[order[k]]) {
      if (!route.empty()) route += ',';
      route += std::to_string(link);
    }
    messages += fmt::format("{}[{},{},{},{},{},{},[{}]]", data.messages_kept ? "," : "", m.src, m.dst, m.bytes, m.phase,
                            json::number(m.start_s), json::number(m.end_s), route);
    ++data.messages_kept;
  }
  messages += "]";
  if (stride > 1)
    data.left_out.push_back(fmt::format("{} messages: only every {}th (in start order) is drawn, {} in all; the in-flight "
                                        "count is of the drawn ones",
                                        data.messages, stride, data.messages_kept));

  // Node states: program and interface lanes; beyond the limit the shortest go.
  const auto legend = activity_legend();
  auto activity_index = [&](const NodeState& s) -> int {
    for (std::size_t i = 0; i < legend.size(); ++i)
      if (s.lane == legend[i].lane && s.activity == legend[i].activity) return static_cast<int>(i);
    return -1;
  };
  std::vector<const NodeState*> lanes;
  std::map<int, double> phase_starts;
  for (const auto& s : run.states) {
    if (s.lane == "phase") {
      int phase = 0;
      const auto [end, error] = std::from_chars(s.activity.data(), s.activity.data() + s.activity.size(), phase);
      if (error != std::errc() || end != s.activity.data() + s.activity.size())
        throw Error("replay", fmt::format("node {} entered a phase '{}' that is not a number", s.node, s.activity));
      const auto [it, fresh] = phase_starts.emplace(phase, s.start_s);
      if (!fresh) it->second = std::min(it->second, s.start_s);
    } else if (activity_index(s) >= 0 && s.node >= 0 && s.node < run.nodes) {
      lanes.push_back(&s);
    }
  }
  if (lanes.size() > limits.states) {
    std::vector<const NodeState*> by_length = lanes;
    std::nth_element(by_length.begin(), by_length.begin() + static_cast<std::ptrdiff_t>(lanes.size() - limits.states),
                     by_length.end(), [](auto* a, auto* b) { return a->end_s - a->start_s < b->end_s - b->start_s; });
    const double shortest_kept = (*(by_length.begin() + static_cast<std::ptrdiff_t>(lanes.size() - limits.states)))->end_s -
                                 (*(by_length.begin() + static_cast<std::ptrdiff_t>(lanes.size() - limits.states)))->start_s;
    std::erase_if(lanes, [&](auto* s) { return s->end_s - s->start_s < shortest_kept; });
    data.left_out.push_back(fmt::format("{} node states: those shorter than {:.3g} us are not drawn", run.states.size(),
                                        shortest_kept * 1e6));
  }
  std::vector<std::string> per_node(static_cast<std::size_t>(run.nodes));
  for (const NodeState* s : lanes) {
    std::string& into = per_node[static_cast<std::size_t>(s->node)];
    into += fmt::format("{}{},{},{}", into.empty() ? "" : ",", json::number(s->start_s), json::number(s->end_s),
                        activity_index(*s));
  }
  std::string states = "[";
  for (std::size_t n = 0; n < per_node.size(); ++n) states += fmt::format("{}[{}]", n ? "," : "", per_node[n]);
  states += "]";

  std::string activities = "[";
  for (std::size_t i = 0; i < legend.size(); ++i)
    activities += fmt::format("{}[{},{},{},{}]", i ? "," : "", json::string(legend[i].lane), json::string(legend[i].activity),
                              json::string(legend[i].colour), json::string(legend[i].meaning));
  activities += "]";
  std::string heat = "[";
  for (int i = 0; i <= 100; ++i) heat += fmt::format("{}{}", i ? "," : "", json::string(svg::heat_colour(i / 100.0)));
  heat += "]";
  std::string phases = "[";
  for (const auto& [phase, start] : phase_starts)
    phases += fmt::format("{}[{},{}]", phases.size() > 1 ? "," : "", phase, json::number(start));
  phases += "]";
  std::string nodes = "[";
  for (std::size_t n = 0; n < drawing.nodes.size(); ++n) nodes += fmt::format("{}[{}]", n ? "," : "", point(drawing.nodes[n]));
  nodes += "]";
  std::string labels = "[";
  for (std::size_t i = 0; i < drawing.labels.size(); ++i)
    labels += fmt::format("{}[{},{},{}]", i ? "," : "", json::string(drawing.labels[i].text), point(drawing.labels[i].at),
                          json::string(drawing.labels[i].colour));
  labels += "]";
  std::string switches = "[";
  for (std::size_t i = 0; i < drawing.switches.size(); ++i)
    switches += fmt::format("{}[{},{},{}]", i ? "," : "", point(drawing.switches[i].from), point(drawing.switches[i].to),
                            json::number(drawing.switches[i].width));
  switches += "]";
  std::string notes = "[";
  for (std::size_t i = 0; i < data.left_out.size(); ++i) {
    if (i) notes += ',';
    notes += json::string(data.left_out[i]);
  }
  notes += "]";

  data.json = fmt::format(
      "{{\"title\":{},\"end\":{},\"n\":{},\"layout\":\"{}\",\"w\":{},\"h\":{},\"nodes\":{},\"labels\":{},\"switches\":{},\"links\":{},\"bins\":{},"
      "\"load\":{},\"messages\":{},\"recorded\":{},\"states\":{},\"activities\":{},\"heat\":{},\"phases\":{},\"notes\":{}}}",
      json::string(title), json::number(end_s), run.nodes, layout_name(network.layout), json::number(drawing.width),
      json::number(drawing.height), nodes, labels, switches, links_json(run, network, drawing), std::max(limits.load_bins, 1),
      load_json(run, end_s, limits.load_bins), messages, data.messages, states, activities, heat, phases, notes);
  return data;
}

}  // namespace mcsim
