// The workload generator of Ranka, Shankar, Alsabti 1995, sec. 7: every node sends to k nodes (the
// fan-out) and the traffic it sends and receives is t elements; of the k destinations of a node,
// (1 - l) k share the fraction l t of its traffic and the other l k share the rest, (1 - l) t.
//
// Construction (ours; the paper does not say how it drew its matrices): k distinct shifts s, each a
// permutation i -> (i + s) mod p, so that every row AND every column gets exactly one message of
// each shift: row and column sums are all t (the equal-traffic case of the paper's Figure 1).
// The l k "heavy" shifts carry (1 - l) t split evenly, the (1 - l) k "light" ones l t; the
// remainders of the integer division go one element each to the first shifts drawn. Node numbers
// are then relabelled by one random permutation. Heavy shifts are never 0 (a node does not send
// most of its traffic to itself); when k = p one light shift is 0, a local copy that is not
// communicated (dropped from the matrix, as the paper's implementation sends p - 1 messages).
// With keep < 1 every message is kept with probability `keep`: the general bounded case of the
// paper's Figure 2 (row and column sums at most t).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "workloads.hpp"

namespace mcsim {

namespace {

// `total` split into `parts` near-equal integers (the first total % parts get one more).
std::vector<std::uint64_t> split_evenly(std::uint64_t total, std::size_t parts) {
  std::vector<std::uint64_t> sizes(parts, parts ? total / parts : 0);
  for (std::size_t i = 0; i < (parts ? total % parts : 0); ++i) ++sizes[i];
  return sizes;
}

}  // namespace

CommMatrix bounded_traffic_matrix(int nodes, int fan_out, double nonuniformity, std::uint64_t traffic, double keep,
                                  Rng& rng, const std::string& where) {
  const int p = nodes, k = fan_out;
  const double l = nonuniformity;
  if (k < 1 || k > p) throw Error(where, fmt::format("fan_out (k) must be in 1..{}, got {}", p, k));
  if (!(l > 0 && l < 1)) throw Error(where, fmt::format("nonuniformity (l) must be in (0, 1), got {}", l));
  if (!(keep > 0 && keep <= 1)) throw Error(where, fmt::format("keep must be in (0, 1], got {}", keep));
  const int heavy = std::clamp(static_cast<int>(std::lround(l * k)), 1, std::min(k, p - 1));
  const int light = k - heavy;
  const std::uint64_t light_total = light ? static_cast<std::uint64_t>(std::llround(l * static_cast<double>(traffic))) : 0;
  if (light_total < static_cast<std::uint64_t>(light) || traffic - light_total < static_cast<std::uint64_t>(heavy))
    throw Error(where, fmt::format("traffic t = {} is too small for k = {}, l = {}: some message would be empty",
                                   traffic, k, l));

  std::vector<int> shifts;  // 1..p-1 in random order: the first `heavy` are the heavy shifts
  for (int s = 1; s < p; ++s) shifts.push_back(s);
  rng.shuffle(shifts);
  shifts.resize(static_cast<std::size_t>(std::min(k, p - 1)));
  if (k == p) shifts.push_back(0);  // the local copy, one of the light shifts
  std::vector<std::uint64_t> sizes = split_evenly(traffic - light_total, static_cast<std::size_t>(heavy));
  for (std::uint64_t size : split_evenly(light_total, static_cast<std::size_t>(light))) sizes.push_back(size);

  std::vector<int> label(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) label[static_cast<std::size_t>(i)] = i;
  rng.shuffle(label);
  std::vector<MatrixEntry> entries;
  for (std::size_t d = 0; d < shifts.size(); ++d) {
    if (shifts[d] == 0) continue;
    for (int i = 0; i < p; ++i) {
      if (keep < 1 && !(rng.unit() < keep)) continue;
      entries.push_back({label[static_cast<std::size_t>(i)], label[static_cast<std::size_t>((i + shifts[d]) % p)],
                         sizes[d]});
    }
  }
  return CommMatrix(p, std::move(entries));
}

}  // namespace mcsim
