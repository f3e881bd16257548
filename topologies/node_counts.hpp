// The node counts a machine file accepts, found by asking its family (`mcsim machine check`): the
// file's min_nodes, max_nodes and node_counts, and what its shape can lay out (a hyper-crossbar's
// X x Y x Z, a k-ary n-cube's fixed sides or powers of k), each rule evaluated at the count.
#pragma once

#include <string>
#include <vector>

#include "../sim/core/machine_file.hpp"

namespace mcsim {

// Every count from 1 to `every_up_to` that `file` can be built with, then the powers of two above
// it up to `powers_up_to` that it can (a count is tried by evaluating the file's rules for it and
// making its family; neither builds a platform).
std::vector<int> accepted_node_counts(const MachineFile& file, int every_up_to = 4096, int powers_up_to = 1 << 20);

// The counts in words, one line: "64", "every power of two from 32 to 2048", "1-65536", or
// ranges ("4-6, 8, 12-16") cut at `longest` characters with how many more there are.
std::string describe_node_counts(const std::vector<int>& counts, std::size_t longest = 80);

}  // namespace mcsim
