// A schedule drawn as Guo and Pan 2005 draw it in Fig. 1(d)/(e): one bar per sending processor,
// one box per message unit numbered with its target, steps separated by vertical lines, blank
// (hatched) boxes where a processor waits for the step to end.
#pragma once

#include <string>

#include "communication_table.hpp"
#include "schedules.hpp"

namespace mcsim::redistribution {

// A self-contained SVG document (deterministic: the same schedule gives the same bytes).
std::string timeline_svg(const CommunicationSchedule& schedule, const CommunicationTable& m, const std::string& title);

}  // namespace mcsim::redistribution
