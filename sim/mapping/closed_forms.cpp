#include "closed_forms.hpp"

#include <cmath>

namespace mcsim::lo92 {

namespace {
int ceil_half(int i) { return (i + 1) / 2; }
int floor_half(int i) { return i / 2; }
}  // namespace

bool is_alpha(double alpha, double value) { return std::abs(alpha - value) < 1e-12; }

double lemma3_dilation(int i) {
  const int h = ceil_half(i);
  return (std::pow(2.0, h) - (h % 2 == 0 ? 1.0 : -1.0)) / 3.0;
}

double lemma4_printed_sum(int k, double alpha) {
  double sum = 0;
  for (int i = 1; i <= 2 * k; ++i) sum += lemma3_dilation(i) * std::pow(alpha, i);
  return sum;
}

double lemma4a(int k, double alpha) {
  const double a = alpha, a2 = alpha * alpha;
  const double c1 = 2 * a * (1 + a) / (3 * (2 - a2));
  const double c2 = a * (1 + a) / (3 * (1 + a2));
  const double c3 = a * a2 * (1 + a) / ((1 + a2) * (a2 - 2));
  return c1 * std::pow(2.0, k) + c2 * (k % 2 == 0 ? -1.0 : 1.0) + c3 * std::pow(a, 2 * k);
}

double lemma4b(int k) { return 4.0 / 3.0 * std::pow(2.0, k) + (k % 2 == 1 ? -2.0 / 3.0 : -4.0 / 3.0); }

double growing_phase_dilation(int i) { return i <= 2 ? 1.0 : std::pow(2.0, ceil_half(i) - 2); }
double growing_phase_conflict(int i) { return i <= 2 ? 0.0 : std::pow(2.0, ceil_half(i) - 2) - 1; }

double lemma5_printed_sum(int k, double alpha) {
  double sum = alpha + alpha * alpha;
  for (int i = 3; i <= 2 * k; ++i) sum += std::pow(alpha, i) * (std::pow(2.0, floor_half(i) - 1) - 1);
  return sum;
}

double lemma5_per_phase_sum(int k, double alpha) {
  double sum = alpha + alpha * alpha;
  for (int i = 3; i <= 2 * k; ++i) sum += std::pow(alpha, i) * (std::pow(2.0, ceil_half(i) - 1) - 1);
  return sum;
}

double lemma5a(int k, double alpha) {
  const double a = alpha, a2 = alpha * alpha;
  const double c5 = a * (1 + a) / (2 * a2 - 1);
  const double c6 = 2 * a * a2 * (1 + a) / (1 - 2 * a2) + 1 / (a - 1) + 1 + 2 * a + 2 * a2;
  const double c7 = a / (1 - a);
  return c5 * std::pow(2 * a2, k) + c6 + c7 * std::pow(a, 2 * k);
}

double lemma5b(int k) { return std::pow(2.0, k + 1) - 2.0 * k - 2; }

double lemma5c(int k) { return 1.25 - (3 / std::pow(2.0, k + 1) - 1 / std::pow(2.0, 2 * k)); }

std::optional<double> lemma5(int k, double alpha) {
  if (is_alpha(alpha, 1)) return lemma5b(k);
  if (is_alpha(alpha, 0.5)) return lemma5c(k);
  if (is_alpha(alpha, 1 / std::sqrt(2.0))) return std::nullopt;
  return lemma5a(k, alpha);
}

double lemma6(int n, double alpha) {
  if (is_alpha(alpha, 1)) return n;
  return (1 - std::pow(alpha, n + 1)) / (1 - alpha) - 1;
}

}  // namespace mcsim::lo92
