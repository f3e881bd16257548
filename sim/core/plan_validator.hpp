// Checks a Plan against the matrix it claims to deliver, before anything runs.
#pragma once

#include <string>

#include "comm_matrix.hpp"
#include "plan.hpp"

namespace mcsim {

// Throws mcsim::Error ("plan of <who>, phase k: ...") unless:
//  - the plan has the matrix's node count and every message has valid, distinct endpoints;
//  - every non-zero matrix entry is delivered exactly once in total bytes (pieces of a split
//    message add up to it) and no data goes to a pair the matrix does not have;
//  - dummy messages carry 0 bytes, real ones more than 0;
//  - a phase that claims to be a partial permutation sends at most one message from, and
//    delivers at most one message to, each node.
void validate_plan(const Plan& plan, const CommMatrix& matrix, const std::string& who);

}  // namespace mcsim
