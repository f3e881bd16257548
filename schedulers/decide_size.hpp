// Decide_Size() of CGMH (Ranka, Wang, Kumar 1992, sec. 3.2 step 3 and sec. 4): given the sizes of
// the messages of one permutation, choose lambda and from it M_eff, the most a message may carry
// in this permutation; larger messages send M_eff bytes and keep the rest for later.
#pragma once

#include <cstdint>
#include <vector>

namespace mcsim {

// How lambda = k/n is read when a permutation has m < n messages.
enum class LambdaBase {
  // lambda = k/n with k the number of messages sent whole (the paper's definition, sec. 1 and
  // eq. 1): min(m, ceil(lambda n)) messages go whole, the larger rest is cut. The reading used.
  nodes,
  // k counted against the m messages present: ceil(lambda m) go whole. The second reading.
  messages,
  // as `messages` but floor(lambda m) (at least 1): some message is cut whenever lambda < 1. The third.
  messages_floor,
};

// Messages sent whole (at least 1) out of m at lambda, on n nodes.
std::size_t whole_messages(double lambda, std::size_t m, int n, LambdaBase base);

// M_eff for `sorted_sizes` (ascending, not empty): the size of the largest message sent whole.
std::uint64_t effective_size(const std::vector<std::uint64_t>& sorted_sizes, double lambda, int n, LambdaBase base);

struct LambdaChoice {
  double lambda = 1;
  std::uint64_t m_eff = 0;
};

// The differential approach (sec. 4.3 and 5.1 items 3-4): lambda_k = 3/4 + k/n, k = 0..n/4,
// Gain_k = (dlambda / lambda_k)(tau / phi) - dM_k with dM_k = M_eff(lambda_(k+1)) - M_eff(lambda_k)
// (dM = 0 past lambda = 1). tau / phi is the start-up time expressed in bytes.
// MS picks lambda_k maximising Gain_0 + ... + Gain_(k-1) (k = 0: an empty sum); BJ picks lambda_k
// with the single largest Gain_k (the first on ties).
LambdaChoice choose_lambda_running_sum(const std::vector<std::uint64_t>& sorted_sizes, int n, LambdaBase base,
                                       double startup_bytes);
LambdaChoice choose_lambda_best_jump(const std::vector<std::uint64_t>& sorted_sizes, int n, LambdaBase base,
                                     double startup_bytes);

}  // namespace mcsim
