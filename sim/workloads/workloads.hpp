// Workload generators: each turns a spec, a node count and a seed into a CommMatrix whose
// message sizes are in the papers' length units (multiplied by msg_unit before running).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../core/comm_matrix.hpp"
#include "../core/random.hpp"

namespace mcsim {

struct WorkloadSpec {
  std::string name;
  int density = 0;        // d: messages each node sends and receives (random-density)
  std::string file;       // matrix-file: CSV of src,dst,bytes
  std::string variant;    // a named instance of a workload family (e.g. a mesh size)
  std::string where;      // where the spec was written (scenario file and table), for errors
};

struct WorkloadEntry {
  std::string name;
  std::string description;
  CommMatrix (*generate)(const WorkloadSpec&, int nodes, Rng& rng);
};

const std::vector<WorkloadEntry>& workload_registry();
// Throws mcsim::Error for an unknown workload or parameters it cannot take.
CommMatrix generate_workload(const WorkloadSpec& spec, int nodes, Rng& rng);

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

// A matrix read from a CSV file (src,dst,bytes per line; '#' comments; optional header line).
CommMatrix read_matrix_csv(const std::string& path, int nodes);

}  // namespace mcsim
