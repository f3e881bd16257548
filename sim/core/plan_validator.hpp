// Checks a Plan against the matrix it claims to deliver, before anything runs.
#pragma once

#include <string>
#include <vector>

#include "comm_matrix.hpp"
#include "plan.hpp"
#include "scheduling_hints.hpp"

namespace mcsim {

// Throws mcsim::Error ("plan of <who>, phase k: ...") unless:
//  - the plan has the matrix's node count and every message has valid, distinct endpoints;
//  - every non-zero matrix entry is delivered exactly once in total bytes (pieces of a split
//    message add up to it) and no data goes to a pair the matrix does not have;
//  - dummy messages carry 0 bytes, real ones more than 0;
//  - a phase that claims to be a partial permutation sends at most one message from, and
//    delivers at most one message to, each node.
void validate_plan(const Plan& plan, const CommMatrix& matrix, const std::string& who);

// Throws mcsim::Error ("<where>: ...") if two messages of the phase claim the same directed link of
// the family's routes (the links the transports claim; any VC of a link counts, since the VCs
// share its bandwidth), or a route does not run from its message's source to its destination.
// Checks whatever the phase claims (used on LP, which does not claim it).
void check_link_contention_free(const Phase& phase, const TopologyFamily& routes, const std::string& where);

// Runs check_link_contention_free on every phase that claims link_contention_free, naming the
// phase ("plan of <who>, phase k: ..."). Throws if some phase claims it and `routes` is null.
void validate_link_contention_free(const Plan& plan, const TopologyFamily* routes, const std::string& who);

}  // namespace mcsim
