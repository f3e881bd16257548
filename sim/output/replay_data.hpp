// The data of a replay page (replay_page.hpp): one recorded run (Run::messages, routes, states,
// links and their busy times; sim/engine/activity_recorder.hpp) and where its machine's nodes and
// links are drawn (network_geometry.hpp), as one JSON object. Its size is bounded: beyond the
// limits it keeps a sample of the messages, or leaves out the shortest node states, and says so
// (ReplayData::left_out, shown on the page).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../core/link_identity.hpp"
#include "../core/run.hpp"

namespace mcsim {

struct ReplayLimits {
  std::size_t messages = 20000;    // drawn; beyond, every k-th message (in start order) is kept
  std::size_t states = 200000;     // program and interface intervals; beyond, the shortest go
  int load_bins = 600;             // link load is kept per bin of run time / load_bins
};

struct ReplayData {
  std::string json;
  std::size_t messages = 0;        // recorded
  std::size_t messages_kept = 0;   // in the page
  std::vector<std::string> left_out;  // one sentence per thing left out (empty: everything is in)
};

// `wire_bytes`: what a message of so many bytes puts on the wire (the machine's message library);
// the routes are checked against the bytes each link carried, and where they differ (the routes are
// the platform's, asked again after the run: a fat tree's random up-links drawn in another order
// than the run drew them, when ready signals used up draws) the page says so.
// Throws mcsim::Error when the run was not recorded with routes (SimulationOptions::record).
ReplayData replay_data(const Run& run, const NetworkLinks& network, const std::string& title,
                       const std::function<double(std::uint64_t)>& wire_bytes, const ReplayLimits& limits = {});

}  // namespace mcsim
