// The binomial tree B(n) as the task graph of Type II divide and conquer (Lo et al. 1992, sec. 2,
// Definition 1, Lemma 1), with the post-order labels of Figure 1: children in decreasing order of
// size, so the largest child's subtree B(n-1) has the labels 0 .. 2^(n-1) - 1 and the root is
// 2^n - 1. The subtree of label b is B(t), t = the number of trailing one bits of b.
#pragma once

#include "task_graph.hpp"

namespace mcsim {

// The largest n accepted (2^24 tasks).
inline constexpr int max_binomial_order = 24;

int trailing_ones(int label);
// The parent of label b in B(n): b with its lowest zero bit set (-1 for the root 2^n - 1).
int binomial_parent(int label, int n);
// The divide phase in which label b receives its problem: n - trailing_ones(b) (0 for the root).
int binomial_phase(int label, int n);

// Divide stage of B(n): phase i (1..n) has 2^(i-1) senders, each sending volume alpha^i to the
// child it activates (sec. 2: "In phase i, there are 2^(i-1) active nodes, each sending a message
// of volume alpha^i to a child"; the root's own problem, from the host, has volume 1 = alpha^0).
// Edges of a phase are listed by increasing receiver label. Throws mcsim::Error for n outside
// 0..max_binomial_order or alpha outside (0, 1].
PhasedTaskGraph binomial_tree(int n, double alpha);

}  // namespace mcsim
