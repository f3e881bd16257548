// Whether a command may replace a file an earlier run left at one of its outputs: one rule, kept
// with the writer's others in output_file.cpp. A command that takes it (`mcsim sweep`) refuses,
// before anything runs, to replace a regular file already at an output unless given `allow` (its
// --force): the guide's two what-if sweeps both wrote results/sweep.csv, and the second silently
// replaced the first (issue 49). Devices and FIFOs are written through, never replaced: not refused.
#pragma once

#include <string>
#include <vector>

namespace mcsim {

// Throws mcsim::Error "<path>: is already there (...); give <allow> to replace it, or -o another
// name" for the first of `paths` that names a regular file (or a link to one).
void refuse_replacing(const std::vector<std::string>& paths, const std::string& allow);

}  // namespace mcsim
