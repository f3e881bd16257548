// The complete binary tree CBT(m) of Type I divide and conquer (Lo et al. 1992, sec. 2), for
// comparison with the binomial tree: 2^m - 1 tasks in heap order (root 0, children of j are 2j+1
// and 2j+2). In divide phase i (1..m-1) the 2^(i-1) tasks of level i-1 each split their problem
// and send volume alpha^i to both children (2^i messages).
#pragma once

#include "task_graph.hpp"

namespace mcsim {

// Throws mcsim::Error for m outside 1..24 or alpha outside (0, 1].
PhasedTaskGraph complete_binary_tree(int m, double alpha);

}  // namespace mcsim
