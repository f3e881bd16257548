// The paper's closed forms, as printed (Lo et al. 1992, sec. 4), kept apart from the metrics so
// that they can be checked against metrics computed from the mappings (metrics.hpp). Nothing in
// mcsim computes a metric from these; the reports set them beside the computed values.
// Lemmas 4 and 5 are for B(2k): k here is the paper's k, half the number of phases.
#pragma once

#include <optional>

namespace mcsim::lo92 {

// Lemma 3 as printed: D(E_i) = (2^ceil(i/2) - (-1)^ceil(i/2)) / 3 for phase i of M_R
// (D_w(E_i) = this times alpha^i).
double lemma3_dilation(int i);
// The sum printed before Lemma 4 ("from lemmata 2 and 3"): sum_{i=1}^{2k} lemma3_dilation(i) alpha^i.
double lemma4_printed_sum(int k, double alpha);
// Lemma 4(a): c1 2^k + c2 (-1)^(k+1) + c3 alpha^(2k), for 0 < alpha <= 1.
double lemma4a(int k, double alpha);
// Lemma 4(b): 4/3 2^k + c4, c4 = -2/3 (k odd) or -4/3 (k even), for alpha = 1.
double lemma4b(int k);

// Sec. 4.2, per phase of M_G: dilation 2^(ceil(i/2)-2) and conflict set 2^(ceil(i/2)-2) - 1 for
// i > 2; "in phases 1, 2, 3 and 4 M_G has dilation 1 and no contention" gives 1 and 0 for i <= 2.
double growing_phase_dilation(int i);
double growing_phase_conflict(int i);
// The sum printed before Lemma 5: alpha + alpha^2 + sum_{i=3}^{2k} alpha^i (2^(floor(i/2)-1) - 1).
double lemma5_printed_sum(int k, double alpha);
// The same sum with the per-phase figures (ceil(i/2)): alpha + alpha^2 + sum alpha^i (2^(ceil(i/2)-1) - 1).
double lemma5_per_phase_sum(int k, double alpha);
// Lemma 5: (a) for 0 < alpha < 1, alpha != 1/sqrt(2); (b) alpha = 1; (c) alpha = 1/2.
// nullopt where the lemma gives no number ((d): Theta(k) at 1/sqrt(2)).
std::optional<double> lemma5(int k, double alpha);
double lemma5a(int k, double alpha);
double lemma5b(int k);
double lemma5c(int k);

// Lemma 6: total time of the perfect mapping of B(n): n (alpha = 1), (1 - alpha^(n+1))/(1 - alpha) - 1.
double lemma6(int n, double alpha);

// True when alpha is (within 1e-12) the given value.
bool is_alpha(double alpha, double value);

}  // namespace mcsim::lo92
