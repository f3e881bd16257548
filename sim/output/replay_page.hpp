// A replay of one recorded run as one self-contained HTML page (plain JavaScript and CSS inline, no
// network, no build step): the machine drawn as the link-load picture draws it, each message a dot
// travelling along its route from its send call to its arrival, each link coloured by its
// utilisation in a window of time before the cursor, the nodes' program and interface lanes below
// (as `mcsim timeline` draws them) with the cursor; a time slider, play and pause, speed, steps to
// the next event or phase, and a click on a node or link says what it does at that time.
//
// For checks (tools/check-replay-in-browser.sh) the page reads "#t=<ms>" from its address, and
// writes into its DOM the time it took to set up (#load-ms), the messages in flight at the cursor
// (#in-flight) and, with "&check" in the address, a checksum of the network drawing (#canvas-sum).
#pragma once

#include <string>

#include "replay_data.hpp"

namespace mcsim {

std::string replay_page(const ReplayData& data, const std::string& title);

}  // namespace mcsim
