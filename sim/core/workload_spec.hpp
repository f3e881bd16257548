// What a scenario asks of a workload generator (sim/workloads/): its name and parameters. A plain
// value, so that the scenario values below the workloads (scenario_spec.hpp) can hold one.
#pragma once

#include <cstdint>
#include <string>

namespace mcsim {

struct WorkloadSpec {
  std::string name;
  int density = 0;        // d: messages each node sends and receives (random-density)
  std::string file;       // matrix-file: CSV of src,dst,bytes
  std::string variant;    // a named instance of a workload family (e.g. a mesh size)
  std::string where;      // where the spec was written (scenario file and table), for errors
  // bounded-traffic (Ranka, Shankar, Alsabti 1995, sec. 7): fan-out k, non-uniformity l, traffic t
  // per node in elements, and the probability of keeping each message (1: equal traffic)
  int fan_out = 0;
  double nonuniformity = 0;
  std::uint64_t traffic = 0;
  double keep = 1;
};

}  // namespace mcsim
