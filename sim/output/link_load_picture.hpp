// Link load of one run, drawn as the machine's network, as its topology family lays it out
// (NetworkLinks, sim/core/link_identity.hpp; never by the machine's name): a fat tree as a tree
// (levels of switches, each wire's up and down direction side by side, the nodes' interfaces
// below), a hypercube as its dimensions (one row per dimension, one cell per node's outgoing
// channel, outlined in the dimension's colour), a mesh or torus as a grid (each directed channel
// beside its twin), a hyper-crossbar and a star as the replay draws them (sim/output/network_geometry.hpp,
// the one layout of both media); a network of no family (layout list) as a list of its busiest links. Colour: the link's utilisation, bytes / (bandwidth x run time).
#pragma once

#include <string>
#include <vector>

#include "../core/link_identity.hpp"
#include "../core/result_table.hpp"
#include "../core/run.hpp"

namespace mcsim {

// A row per link: link,bandwidth_MBps,bytes,busy_ms,held_idle_ms,utilisation,busy_fraction (the
// timeline's ID.links.csv through table_csv).
ResultTable link_load_table(const std::vector<LinkLoad>& links, double run_s);

// A few lines that say where the bytes went: per fat-tree level, the up-links the messages drew
// (how many carried bytes, least and most bytes, highest utilisation); per hypercube dimension, or
// overall for other networks, the same figures. `network`: the machine's (Platform::links()).
std::string link_load_summary(const NetworkLinks& network, const std::vector<LinkLoad>& links, double run_s);

// A self-contained SVG (deterministic) of the machine whose platform's links are `network`.
// Colours run from 0 to `scale_top` (utilisation); 0 picks the next of 0.05, 0.1, 0.2, 0.25, 0.5,
// 0.75, 1 above the busiest link (give the same value to pictures that are to be compared).
std::string link_load_svg(const NetworkLinks& network, int nodes, const std::vector<LinkLoad>& links, double run_s,
                          const std::string& title, double scale_top = 0);

}  // namespace mcsim
