// The flow model as the machines of mcsim assume it: plain latency + bytes/bandwidth with max-min
// sharing. SimGrid's default LV08 model multiplies latency by 13.01 and bandwidth by 0.97, and
// SMPI's by its own piecewise factors (TCP calibrations that are not these machines); cross-traffic
// would load each link's reverse direction with 5% of every flow. CM02 without cross-traffic and
// TCP-gamma is plain. The executor (executor.cpp) and the SMPI platform library
// (smpi/platform_library.cpp) both run the machines on it.
#pragma once

#include <array>

namespace mcsim {

struct SimgridSetting {
  const char* key;
  const char* value;
};

inline constexpr std::array<SimgridSetting, 3> plain_flow_model{{
    {"network/model", "CM02"},
    {"network/crosstraffic", "0"},
    {"network/TCP-gamma", "0"},
}};

}  // namespace mcsim
