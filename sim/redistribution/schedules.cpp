#include "schedules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "../core/error.hpp"

namespace mcsim::redistribution {

namespace {
CommunicationSchedule empty_schedule(std::string name, const CommunicationTable& m, std::size_t steps) {
  CommunicationSchedule s;
  s.name = std::move(name);
  s.p = m.p();
  s.q = m.q();
  s.steps.assign(steps, std::vector<std::vector<int>>(static_cast<std::size_t>(m.p())));
  return s;
}
}  // namespace

CommunicationSchedule general_schedule(const CommunicationTable& m) {
  CommunicationSchedule s = empty_schedule("general", m, 1);
  s.synchronised_steps = false;
  for (int i = 0; i < m.p(); ++i)
    for (int j = 0; j < m.q(); ++j)
      if (j != i && m(i, j) != 0) s.steps[0][static_cast<std::size_t>(i)].push_back(j);
  return s;
}

CommunicationSchedule contention_free_schedule(const CommunicationTable& m) {
  CommunicationSchedule s = empty_schedule("contention-free", m, static_cast<std::size_t>(m.q()));
  for (int k = 0; k < m.q(); ++k)
    for (int i = 0; i < m.p(); ++i) {
      const int j = (i + k) % m.q();
      if (m(i, j) != 0) s.steps[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)].push_back(j);
    }
  return s;
}

bool algorithm1_applies(const Redistribution& r) {
  const Redistribution u = r.reduced();
  return std::gcd(u.x, static_cast<std::int64_t>(u.q)) == 1 && std::gcd(u.y, static_cast<std::int64_t>(u.p)) == 1;
}

CommunicationSchedule algorithm1_schedule(const Redistribution& r, const CommunicationTable& m) {
  const Redistribution u = r.reduced();
  if (std::gcd(u.y, static_cast<std::int64_t>(u.p)) != 1)
    throw Error("Algorithm 1", fmt::format("{}: gcd(y, p) = {} after reduction, so (y k) mod p does not reach every "
                                           "source processor; use Algorithm 2",
                                           r.name(), std::gcd(u.y, static_cast<std::int64_t>(u.p))));
  // Step 1: P_0's vector, its targets in increasing order.
  std::vector<int> cs0;
  for (int j = 0; j < m.q(); ++j)
    if (m(0, j) != 0) cs0.push_back(j);
  CommunicationSchedule s = empty_schedule("algorithm1", m, cs0.size());
  // Step 2: P_i = P_((0 + y k) mod p) sends to (j_l + x k) mod q.
  for (int k = 0; k < m.p(); ++k) {
    const auto i = static_cast<std::size_t>((u.y * k) % m.p());
    for (std::size_t l = 0; l < cs0.size(); ++l)
      s.steps[l][i].push_back(static_cast<int>((cs0[l] + u.x * k) % m.q()));
  }
  return s;
}

std::pair<int, int> block_shape(const Redistribution& r) {
  const Redistribution u = r.reduced();
  return {static_cast<int>(std::gcd(u.y, static_cast<std::int64_t>(u.p))),
          static_cast<int>(std::gcd(u.x, static_cast<std::int64_t>(u.q)))};
}

bool has_identical_blocks(const Redistribution& r, const CommunicationTable& m) {
  const auto [s, t] = block_shape(r);
  return has_identical_blocks(m, s, t);
}

bool has_identical_blocks(const CommunicationTable& m, int s, int t) {
  if (m.p() % s != 0 || m.q() % t != 0) return false;
  for (int i = 0; i < m.p(); ++i)
    for (int j = 0; j < m.q(); ++j)
      if (m(i, j) != m(i % s, j % t)) return false;
  return true;
}

std::pair<int, int> algorithm2_block_shape(const Redistribution& r, const CommunicationTable& m) {
  if (has_identical_blocks(r, m)) return block_shape(r);
  auto smallest_period = [](int n, auto&& repeats) {
    for (int d = 1; d < n; ++d)
      if (n % d == 0 && repeats(d)) return d;
    return n;
  };
  const int s = smallest_period(m.p(), [&](int d) { return has_identical_blocks(m, d, m.q()); });
  const int t = smallest_period(m.q(), [&](int d) { return has_identical_blocks(m, m.p(), d); });
  return {s, t};
}

namespace {
// Algorithm 2, steps 1-9: the targets of every sender in the first large step, in small-step order.
std::vector<std::vector<int>> algorithm2_first_large_step(const Redistribution& r, const CommunicationTable& m) {
  const auto [s, t] = algorithm2_block_shape(r, m);
  const int block_rows = m.p() / s, block_columns = m.q() / t;
  // kappa_i = K_i t / q: the non-zero entries of P_i's row in one block.
  std::vector<int> kappa(static_cast<std::size_t>(m.p()));
  int most = 0;
  for (int i = 0; i < m.p(); ++i) {
    kappa[static_cast<std::size_t>(i)] = m.messages_of(i) * t / m.q();
    most = std::max(most, kappa[static_cast<std::size_t>(i)]);
  }
  // Step 2.2: the message sizes of a block, largest first.
  std::vector<std::int64_t> sizes;
  for (int a = 0; a < s; ++a)
    for (int b = 0; b < t; ++b)
      if (m(a, b) != 0) sizes.push_back(m(a, b));
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());

  std::vector<std::vector<int>> first(static_cast<std::size_t>(m.p()));
  std::vector<int> block_of(static_cast<std::size_t>(m.p()), -1);  // the block column P_i uses
  for (int k = 0; k < most; ++k) {
    // S_1 and S_2 of step 2.3: senders and receivers taken in this small step.
    std::vector<bool> sender_taken(static_cast<std::size_t>(m.p())), receiver_taken(static_cast<std::size_t>(m.q()));
    auto wants = [&](int i, int c, int j) {
      const auto ii = static_cast<std::size_t>(i);
      if (static_cast<int>(first[ii].size()) != k || k >= kappa[ii]) return false;
      if (block_of[ii] != -1 && block_of[ii] != c) return false;
      return std::find(first[ii].begin(), first[ii].end(), j) == first[ii].end();
    };
    auto take = [&](int i, int c, int j) {
      first[static_cast<std::size_t>(i)].push_back(j);
      block_of[static_cast<std::size_t>(i)] = c;
      sender_taken[static_cast<std::size_t>(i)] = true;
      receiver_taken[static_cast<std::size_t>(j)] = true;
    };
    // Step 5: for each size, largest first, each block row h, along the block diagonals n
    // (block column (n + h) mod q/t), every entry of that size whose sender and receiver are free.
    for (std::int64_t size : sizes)
      for (int h = 0; h < block_rows; ++h)
        for (int n = 0; n < block_columns; ++n) {
          const int c = (n + h) % block_columns;
          for (int a = 0; a < s; ++a)
            for (int b = 0; b < t; ++b) {
              if (m(a, b) != size) continue;
              const int i = h * s + a, j = c * t + b;
              if (!sender_taken[static_cast<std::size_t>(i)] && !receiver_taken[static_cast<std::size_t>(j)] &&
                  wants(i, c, j))
                take(i, c, j);
            }
        }
    // A sender left without a free receiver still sends in this small step (its largest remaining
    // message in its block; on its diagonal if it has no block yet): contention rather than a lost
    // message. Example 2 never needs this.
    for (int i = 0; i < m.p(); ++i) {
      const auto ii = static_cast<std::size_t>(i);
      if (static_cast<int>(first[ii].size()) != k || k >= kappa[ii]) continue;
      const int h = i / s, a = i % s;
      const int c = block_of[ii] != -1 ? block_of[ii] : h % block_columns;
      int best = -1;
      for (int b = 0; b < t; ++b) {
        const int j = c * t + b;
        if (m(a, b) != 0 && wants(i, c, j) && (best < 0 || m(a, b) > m(a, best - c * t))) best = j;
      }
      if (best >= 0) take(i, c, best);
    }
  }
  return first;
}

std::vector<int> shifted(const std::vector<int>& targets, int by, int q) {
  std::vector<int> out;
  for (int j : targets) out.push_back((j + by) % q);
  return out;
}
}  // namespace

CommunicationSchedule algorithm2_schedule(const Redistribution& r, const CommunicationTable& m) {
  const auto first = algorithm2_first_large_step(r, m);
  const int t = algorithm2_block_shape(r, m).second;
  CommunicationSchedule s = empty_schedule("algorithm2", m, static_cast<std::size_t>(m.q() / t));
  // Step 10: large step n is the first shifted by t n (mod q).
  for (std::size_t n = 0; n < s.steps.size(); ++n)
    for (int i = 0; i < m.p(); ++i)
      s.steps[n][static_cast<std::size_t>(i)] = shifted(first[static_cast<std::size_t>(i)], t * static_cast<int>(n), m.q());
  return s;
}

CommunicationSchedule algorithm2_stepwise_schedule(const Redistribution& r, const CommunicationTable& m) {
  const CommunicationSchedule large = algorithm2_schedule(r, m);
  CommunicationSchedule s = empty_schedule("algorithm2-stepwise", m, 0);
  for (const auto& step : large.steps) {
    std::size_t most = 0;
    for (const auto& targets : step) most = std::max(most, targets.size());
    for (std::size_t k = 0; k < most; ++k) {
      std::vector<std::vector<int>> small(step.size());
      for (std::size_t i = 0; i < step.size(); ++i)
        if (k < step[i].size()) small[i].push_back(step[i][k]);
      s.steps.push_back(std::move(small));
    }
  }
  return s;
}

std::vector<std::string> schedule_names() {
  return {"general", "contention-free", "align-message", "algorithm1", "algorithm2", "algorithm2-stepwise"};
}

CommunicationSchedule schedule_by_name(const std::string& name, const Redistribution& r, const CommunicationTable& m,
                                       const std::string& where) {
  CommunicationSchedule s;
  if (name == "general")
    s = general_schedule(m);
  else if (name == "contention-free")
    s = contention_free_schedule(m);
  else if (name == "algorithm1")
    s = algorithm1_schedule(r, m);
  else if (name == "algorithm2")
    s = algorithm2_schedule(r, m);
  else if (name == "algorithm2-stepwise")
    s = algorithm2_stepwise_schedule(r, m);
  else if (name == "align-message")
    s = algorithm1_applies(r) ? algorithm1_schedule(r, m) : algorithm2_schedule(r, m);
  else
    throw Error(where, fmt::format("unknown schedule '{}' (known: {})", name, fmt::join(schedule_names(), ", ")));
  return s;
}

std::int64_t unit_cost(const CommunicationSchedule& schedule, const CommunicationTable& m) {
  std::int64_t total = 0;
  for (const auto& step : schedule.steps) {
    std::vector<std::int64_t> sent(static_cast<std::size_t>(m.p())), received(static_cast<std::size_t>(m.q()));
    for (int i = 0; i < m.p(); ++i)
      for (int j : step[static_cast<std::size_t>(i)]) {
        sent[static_cast<std::size_t>(i)] += m(i, j);
        received[static_cast<std::size_t>(j)] += m(i, j);
      }
    total += std::max(*std::max_element(sent.begin(), sent.end()), *std::max_element(received.begin(), received.end()));
  }
  return total;
}

std::string delivery_problem(const CommunicationSchedule& schedule, const CommunicationTable& m) {
  std::vector<int> times(static_cast<std::size_t>(m.p()) * m.q(), 0);
  for (const auto& step : schedule.steps)
    for (int i = 0; i < m.p(); ++i)
      for (int j : step[static_cast<std::size_t>(i)]) {
        if (j < 0 || j >= m.q()) return fmt::format("P{} sends to Q{}, not a target processor", i, j);
        if (m(i, j) == 0) return fmt::format("P{} sends to Q{}, which gets nothing from it", i, j);
        ++times[static_cast<std::size_t>(i) * m.q() + j];
      }
  const bool local_copies_sent = schedule.synchronised_steps;  // the general routine copies locally
  for (int i = 0; i < m.p(); ++i)
    for (int j = 0; j < m.q(); ++j) {
      const int expected = m(i, j) == 0 || (!local_copies_sent && i == j) ? 0 : 1;
      const int got = times[static_cast<std::size_t>(i) * m.q() + j];
      if (got != expected) return fmt::format("P{} -> Q{} sent {} times, expected {}", i, j, got, expected);
    }
  return "";
}

bool steps_are_permutations(const CommunicationSchedule& schedule) {
  for (const auto& step : schedule.steps) {
    std::size_t most = 0;
    for (const auto& targets : step) most = std::max(most, targets.size());
    for (std::size_t k = 0; k < most; ++k) {
      std::set<int> seen;
      for (const auto& targets : step)
        if (k < targets.size() && !seen.insert(targets[k]).second) return false;
    }
  }
  return true;
}

bool steps_have_equal_lengths(const CommunicationSchedule& schedule, const CommunicationTable& m) {
  for (const auto& step : schedule.steps) {
    std::size_t most = 0;
    for (const auto& targets : step) most = std::max(most, targets.size());
    for (std::size_t k = 0; k < most; ++k) {
      std::set<std::int64_t> lengths;
      for (std::size_t i = 0; i < step.size(); ++i)
        if (k < step[i].size()) lengths.insert(m(static_cast<int>(i), step[i][k]));
      if (lengths.size() > 1) return false;
    }
  }
  return true;
}

}  // namespace mcsim::redistribution
