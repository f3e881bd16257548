#include "communication_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>

#include "../core/error.hpp"
#include "descriptor.hpp"

namespace mcsim::redistribution {

void Redistribution::check(const std::string& where) const {
  if (x < 1 || y < 1) throw Error(where, fmt::format("block sizes must be positive, got x = {}, y = {}", x, y));
  if (p < 1 || q < 1) throw Error(where, fmt::format("processor counts must be positive, got p = {}, q = {}", p, q));
  const std::int64_t limit = std::numeric_limits<std::int64_t>::max() / 4;
  if (x > limit / p || y > limit / q || (x * p) / std::gcd(x * p, y * q) > limit / (y * q))
    throw Error(where, fmt::format("the slice lcm(xp, yq) of {} is too large", name()));
}

std::int64_t Redistribution::slice() const { return std::lcm(x * p, y * q); }

Redistribution Redistribution::reduced() const {
  const std::int64_t z = std::gcd(x, y);
  return {x / z, p, y / z, q};
}

std::string Redistribution::name() const { return fmt::format("cyclic({}) on {} -> cyclic({}) on {}", x, p, y, q); }

std::int64_t CommunicationTable::row_sum(int i) const {
  std::int64_t sum = 0;
  for (int j = 0; j < q_; ++j) sum += (*this)(i, j);
  return sum;
}

std::int64_t CommunicationTable::column_sum(int j) const {
  std::int64_t sum = 0;
  for (int i = 0; i < p_; ++i) sum += (*this)(i, j);
  return sum;
}

int CommunicationTable::messages_of(int i) const {
  int count = 0;
  for (int j = 0; j < q_; ++j) count += (*this)(i, j) != 0;
  return count;
}

namespace {
// Intersections of every source with every target descriptor over [0, extent), cut at `limit`
// (Lemma 1, block pair by block pair: about limit * (q/x + p/y) steps in all).
CommunicationTable intersections(const Redistribution& r, std::int64_t extent, std::int64_t limit) {
  CommunicationTable m(r.p, r.q);
  for (int i = 0; i < r.p; ++i) {
    const LocalDataDescriptor source = cyclic_descriptor(r.x, r.p, i, extent);
    for (int j = 0; j < r.q; ++j)
      m.at(i, j) = intersection_size(source, cyclic_descriptor(r.y, r.q, j, extent), limit);
  }
  return m;
}

// |[a, a + la) ∩ [b, b + lb)| on a circle of `g` points (0 <= a, b < g; la, lb < g): the overlaps
// with b's arc and its copies one turn before and after.
std::int64_t arc_overlap(std::int64_t a, std::int64_t la, std::int64_t b, std::int64_t lb, std::int64_t g) {
  std::int64_t total = 0;
  for (const std::int64_t start : {b - g, b, b + g})
    total += std::max<std::int64_t>(0, std::min(a + la, start + lb) - std::max(a, start));
  return total;
}

// Formula (3) over one slice, pair by pair in O(1): an element g of [0, L) is one pair
// (g mod xp, g mod yq), and every pair (u, v) with u = v (mod G), G = gcd(xp, yq), is one element
// (the Chinese remainder theorem; there are xp * yq / G = L of them). P_i owns g when g mod xp lies
// in [ix, ix + x), Q_j when g mod yq lies in [jy, jy + y), so M(i, j) counts the pairs of those two
// intervals that agree modulo G: the sum over residues c of (P_i's u = c) * (Q_j's v = c). An
// interval of length x holds x div G of every residue and one more of the (x mod G) residues from
// its start on. Lemma 1's block-pair walk over a slice takes L * (q/x + p/y) steps, which for
// cyclic(999983) -> cyclic(999979) on 64 is 8e9 steps per table (issue 36, item 10); this takes p*q.
CommunicationTable slice_table(const Redistribution& r) {
  CommunicationTable m(r.p, r.q);
  const std::int64_t g = std::gcd(r.x * r.p, r.y * r.q);
  const std::int64_t kx = r.x / g, ex = r.x % g, ky = r.y / g, ey = r.y % g;
  for (int i = 0; i < r.p; ++i)
    for (int j = 0; j < r.q; ++j)
      m.at(i, j) = g * kx * ky + kx * ey + ky * ex + arc_overlap((r.x * i) % g, ex, (r.y * j) % g, ey, g);
  return m;
}
}  // namespace

CommunicationTable communication_table(const Redistribution& r) {
  r.check("redistribution");
  return slice_table(r);
}

CommunicationTable communication_table(const Redistribution& r, std::int64_t global_size) {
  r.check("redistribution");
  if (global_size < 0) throw Error("redistribution", fmt::format("global size cannot be negative, got {}", global_size));
  const std::int64_t slice = r.slice();
  const std::int64_t whole = global_size / slice;
  const std::int64_t rest = global_size % slice;
  // The last, partial slice by Lemma 1's walk, which stops at its end: at most `rest` elements.
  CommunicationTable m = intersections(r, slice, rest);
  if (whole == 0) return m;
  const CommunicationTable full = slice_table(r);
  for (int i = 0; i < r.p; ++i)
    for (int j = 0; j < r.q; ++j) m.at(i, j) += full(i, j) * whole;
  return m;
}

CommMatrix redistribution_matrix(const Redistribution& r, std::int64_t global_size, int element_bytes, int nodes) {
  if (std::max(r.p, r.q) > nodes)
    throw Error("redistribution", fmt::format("{} needs {} processors, there are {}", r.name(), std::max(r.p, r.q), nodes));
  const CommunicationTable m = communication_table(r, global_size);
  std::vector<MatrixEntry> entries;
  for (int i = 0; i < r.p; ++i)
    for (int j = 0; j < r.q; ++j)
      if (i != j && m(i, j) != 0)
        entries.push_back({i, j, static_cast<std::uint64_t>(m(i, j)) * static_cast<std::uint64_t>(element_bytes)});
  return CommMatrix(nodes, std::move(entries));
}

}  // namespace mcsim::redistribution
