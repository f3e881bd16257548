#include "decide_size.hpp"

#include <algorithm>
#include <cmath>

namespace mcsim {

std::size_t whole_messages(double lambda, std::size_t m, int n, LambdaBase base) {
  // 1e-9 guards lambda * n landing a hair above an integer (0.75 * 32 = 24 exactly).
  const double target = base == LambdaBase::nodes ? lambda * n : lambda * static_cast<double>(m);
  const auto k = base == LambdaBase::messages_floor ? static_cast<std::size_t>(std::floor(lambda * static_cast<double>(m) + 1e-9))
                                                   : static_cast<std::size_t>(std::ceil(target - 1e-9));
  return std::clamp<std::size_t>(k, 1, std::max<std::size_t>(m, 1));
}

std::uint64_t effective_size(const std::vector<std::uint64_t>& sorted_sizes, double lambda, int n, LambdaBase base) {
  return sorted_sizes[whole_messages(lambda, sorted_sizes.size(), n, base) - 1];
}

namespace {
struct Gains {
  std::vector<double> lambda;
  std::vector<double> gain;
};

Gains differential_gains(const std::vector<std::uint64_t>& sizes, int n, LambdaBase base, double startup_bytes) {
  Gains g;
  const int steps = n / 4;  // lambda from 3/4 to 1 in steps of 1/n
  const double dlambda = 1.0 / n;
  for (int k = 0; k <= steps; ++k) g.lambda.push_back(std::min(1.0, 0.75 + k * dlambda));
  for (int k = 0; k <= steps; ++k) {
    const double dm = k < steps ? static_cast<double>(effective_size(sizes, g.lambda[k + 1], n, base)) -
                                      static_cast<double>(effective_size(sizes, g.lambda[k], n, base))
                                : 0.0;
    g.gain.push_back(dlambda / g.lambda[k] * startup_bytes - dm);
  }
  return g;
}
}  // namespace

LambdaChoice choose_lambda_running_sum(const std::vector<std::uint64_t>& sorted_sizes, int n, LambdaBase base,
                                       double startup_bytes) {
  const Gains g = differential_gains(sorted_sizes, n, base, startup_bytes);
  std::size_t best = 0;
  double sum = 0, best_sum = 0;
  for (std::size_t k = 1; k < g.lambda.size(); ++k) {
    sum += g.gain[k - 1];
    if (sum > best_sum) {
      best_sum = sum;
      best = k;
    }
  }
  return {g.lambda[best], effective_size(sorted_sizes, g.lambda[best], n, base)};
}

LambdaChoice choose_lambda_best_jump(const std::vector<std::uint64_t>& sorted_sizes, int n, LambdaBase base,
                                     double startup_bytes) {
  const Gains g = differential_gains(sorted_sizes, n, base, startup_bytes);
  const auto best = static_cast<std::size_t>(std::max_element(g.gain.begin(), g.gain.end()) - g.gain.begin());
  return {g.lambda[best], effective_size(sorted_sizes, g.lambda[best], n, base)};
}

}  // namespace mcsim
