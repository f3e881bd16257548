// Workload generators: each turns a spec, a node count and a seed into a CommMatrix whose
// message sizes are in the papers' length units (multiplied by msg_unit before running).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../core/comm_matrix.hpp"
#include "../core/random.hpp"
#include "../core/workload_spec.hpp"

namespace mcsim {

struct WorkloadEntry {
  std::string name;
  std::string description;
  CommMatrix (*generate)(const WorkloadSpec&, int nodes, Rng& rng);
  // The most messages a matrix on `nodes` nodes holds, known without making it (the work estimate
  // counts these before any matrix is made: sim/scenario/work_estimate.hpp).
  double (*max_messages)(const WorkloadSpec&, int nodes);
};

const std::vector<WorkloadEntry>& workload_registry();
// Throws mcsim::Error for an unknown workload or parameters it cannot take.
CommMatrix generate_workload(const WorkloadSpec& spec, int nodes, Rng& rng);
// The entry's max_messages; throws mcsim::Error for an unknown workload.
double max_workload_messages(const WorkloadSpec& spec, int nodes);

// Ranka, Wang, Kumar 1992, Appendix D: d shifted diagonals, rows and columns shuffled,
// lengths uniform in 1..n. Entries that land on the diagonal are local copies and are dropped.
CommMatrix random_density_matrix(int nodes, int density, Rng& rng);

// Wang and Ranka 1994, sec. 6: every node sends exactly d messages and receives exactly d, to and
// from random partners (no self message, no repeated pair), each of 1 length unit. 1 <= d < nodes.
CommMatrix uniform_density_matrix(int nodes, int density, Rng& rng);

// Ranka, Wang, Kumar 1992, section 5.2, test set 2: five sets of senders, each sending 16 units in
// 1, 2, 4, 8 or 16 messages (32 nodes only).
CommMatrix skewed_matrix(int nodes, Rng& rng);

// Stand-ins for the CFD matrices of test set 3 (variant "2800" or "53961"), 32 nodes; the same
// matrix every time (see cfd_standin.cpp).
CommMatrix cfd_standin_matrix(const std::string& variant, int nodes);

// Ranka, Shankar, Alsabti 1995, sec. 7 (see bounded_traffic.cpp): every node sends `traffic` length
// units (elements) to `fan_out` nodes, the fraction `nonuniformity` of it to (1 - l) k of them;
// every node also receives `traffic` (fewer with keep < 1). Throws mcsim::Error (at `where`).
CommMatrix bounded_traffic_matrix(int nodes, int fan_out, double nonuniformity, std::uint64_t traffic, double keep,
                                  Rng& rng, const std::string& where);

// A matrix read from a CSV file (src,dst,bytes per line; '#' comments; optional header line).
CommMatrix read_matrix_csv(const std::string& path, int nodes);

}  // namespace mcsim
