#include "workloads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

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

// Message counts without a matrix: no pair twice and no node to itself, so never more than n(n-1).
double every_pair(int nodes) { return static_cast<double>(nodes) * (nodes - 1); }
double per_node(int nodes, double each) { return std::min(every_pair(nodes), static_cast<double>(nodes) * each); }
// A matrix file's line "s,d,b" takes at least 6 bytes; its size, not its content, bounds it.
double lines_of_file(const WorkloadSpec& spec, int nodes) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(spec.file, ec);
  return std::min(every_pair(nodes), ec ? 0.0 : static_cast<double>(bytes) / 6);
}
}  // namespace

const std::vector<WorkloadEntry>& workload_registry() {
  static const std::vector<WorkloadEntry> registry = {
      {"random-density",
       "Ranka/Wang/Kumar 1992 Appendix D: every node sends and receives ~d messages, lengths 1..n units",
       &make_random_density, [](const WorkloadSpec& spec, int nodes) { return per_node(nodes, spec.density); }},
      {"uniform-density",
       "Wang/Ranka 1994 sec. 6: every node sends and receives exactly d messages, random partners, 1 unit each",
       &make_uniform_density, [](const WorkloadSpec& spec, int nodes) { return per_node(nodes, spec.density); }},
      {"skewed", "Ranka/Wang/Kumar 1992 test set 2: few senders with few large messages, many with many small",
       [](const WorkloadSpec&, int nodes, Rng& rng) { return skewed_matrix(nodes, rng); },
       [](const WorkloadSpec&, int nodes) { return per_node(nodes, 16); }},  // at most 16 messages a sender
      {"cfd-standin",
       "STAND-IN for the CFD matrices of test set 3 (variant 2800 or 53961): a 3-D mesh cut in 32, fixed",
       [](const WorkloadSpec& spec, int nodes, Rng&) { return cfd_standin_matrix(spec.variant, nodes); },
       [](const WorkloadSpec&, int nodes) { return every_pair(nodes); }},
      {"bounded-traffic",
       "Ranka/Shankar/Alsabti 1995 sec. 7: fan-out k, traffic t per node, fraction l*t to (1-l)*k destinations",
       [](const WorkloadSpec& spec, int nodes, Rng& rng) {
         return bounded_traffic_matrix(nodes, spec.fan_out, spec.nonuniformity, spec.traffic, spec.keep, rng,
                                       spec.where);
       },
       [](const WorkloadSpec& spec, int nodes) { return per_node(nodes, spec.fan_out); }},
      {"matrix-file", "a matrix read from a CSV file of src,dst,bytes (bytes are length units)", &make_from_file,
       &lines_of_file},
  };
  return registry;
}

namespace {
const WorkloadEntry& entry_of(const WorkloadSpec& spec) {
  std::vector<std::string> names;
  for (const auto& entry : workload_registry()) {
    if (entry.name == spec.name) return entry;
    names.push_back(entry.name);
  }
  throw Error(spec.where, fmt::format("unknown workload '{}' (known: {})", spec.name, fmt::join(names, ", ")));
}
}  // namespace

CommMatrix generate_workload(const WorkloadSpec& spec, int nodes, Rng& rng) {
  return entry_of(spec).generate(spec, nodes, rng);
}

double max_workload_messages(const WorkloadSpec& spec, int nodes) { return entry_of(spec).max_messages(spec, nodes); }

}  // namespace mcsim
