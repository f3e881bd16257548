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
// Intersections of every source with every target descriptor over [0, extent), cut at `limit`.
CommunicationTable intersections(const Redistribution& r, std::int64_t extent, std::int64_t limit) {
  CommunicationTable m(r.p, r.q);
  for (int i = 0; i < r.p; ++i) {
    const LocalDataDescriptor source = cyclic_descriptor(r.x, r.p, i, extent);
    for (int j = 0; j < r.q; ++j)
      m.at(i, j) = intersection_size(source, cyclic_descriptor(r.y, r.q, j, extent), limit);
  }
  return m;
}
}  // namespace

CommunicationTable communication_table(const Redistribution& r) {
  r.check("redistribution");
  const std::int64_t slice = r.slice();
  return intersections(r, slice, slice);
}

CommunicationTable communication_table(const Redistribution& r, std::int64_t global_size) {
  r.check("redistribution");
  if (global_size < 0) throw Error("redistribution", fmt::format("global size cannot be negative, got {}", global_size));
  const std::int64_t slice = r.slice();
  CommunicationTable m = intersections(r, slice, slice);
  const std::int64_t whole = global_size / slice;
  const std::int64_t rest = global_size % slice;
  const CommunicationTable partial = intersections(r, slice, rest);
  for (int i = 0; i < r.p; ++i)
    for (int j = 0; j < r.q; ++j) m.at(i, j) = m(i, j) * whole + partial(i, j);
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
