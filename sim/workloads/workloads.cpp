#include "workloads.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {
CommMatrix make_random_density(const WorkloadSpec& spec, int nodes, Rng& rng) {
  if (spec.density < 1)
    throw Error(spec.where, fmt::format("workload random-density needs density (d) >= 1, got {}", spec.density));
  return random_density_matrix(nodes, spec.density, rng);
}

CommMatrix make_uniform_density(const WorkloadSpec& spec, int nodes, Rng& rng) {
  if (spec.density < 1)
    throw Error(spec.where, fmt::format("workload uniform-density needs density (d) >= 1, got {}", spec.density));
  return uniform_density_matrix(nodes, spec.density, rng);
}

CommMatrix make_from_file(const WorkloadSpec& spec, int nodes, Rng&) {
  if (spec.file.empty()) throw Error(spec.where, "workload matrix-file needs file = \"path.csv\"");
  return read_matrix_csv(spec.file, nodes);
}
}  // namespace

const std::vector<WorkloadEntry>& workload_registry() {
  static const std::vector<WorkloadEntry> registry = {
      {"random-density",
       "Ranka/Wang/Kumar 1992 Appendix D: every node sends and receives ~d messages, lengths 1..n units",
       &make_random_density},
      {"uniform-density",
       "Wang/Ranka 1994 sec. 6: every node sends and receives exactly d messages, random partners, 1 unit each",
       &make_uniform_density},
      {"skewed", "Ranka/Wang/Kumar 1992 test set 2: few senders with few large messages, many with many small",
       [](const WorkloadSpec&, int nodes, Rng& rng) { return skewed_matrix(nodes, rng); }},
      {"cfd-standin",
       "STAND-IN for the CFD matrices of test set 3 (variant 2800 or 53961): a 3-D mesh cut in 32, fixed",
       [](const WorkloadSpec& spec, int nodes, Rng&) { return cfd_standin_matrix(spec.variant, nodes); }},
      {"bounded-traffic",
       "Ranka/Shankar/Alsabti 1995 sec. 7: fan-out k, traffic t per node, fraction l*t to (1-l)*k destinations",
       [](const WorkloadSpec& spec, int nodes, Rng& rng) {
         return bounded_traffic_matrix(nodes, spec.fan_out, spec.nonuniformity, spec.traffic, spec.keep, rng,
                                       spec.where);
       }},
      {"matrix-file", "a matrix read from a CSV file of src,dst,bytes (bytes are length units)", &make_from_file},
  };
  return registry;
}

CommMatrix generate_workload(const WorkloadSpec& spec, int nodes, Rng& rng) {
  std::vector<std::string> names;
  for (const auto& entry : workload_registry()) {
    if (entry.name == spec.name) return entry.generate(spec, nodes, rng);
    names.push_back(entry.name);
  }
  throw Error(spec.where, fmt::format("unknown workload '{}' (known: {})", spec.name, fmt::join(names, ", ")));
}

}  // namespace mcsim
