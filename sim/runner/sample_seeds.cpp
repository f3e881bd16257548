#include "sample_seeds.hpp"

#include <fmt/format.h>

#include "../core/random.hpp"

namespace mcsim {

namespace {
std::string axis(const SampleSeeds& s) { return fmt::format("n{}/d{}", s.nodes, s.density); }
}  // namespace

std::uint64_t SampleSeeds::matrix() const {
  return derive_seed(seed, fmt::format("matrix/{}", axis(*this)), static_cast<std::uint64_t>(sample));
}

std::uint64_t SampleSeeds::schedule(const std::string& scheduler_spec) const {
  return derive_seed(seed, fmt::format("schedule/{}/{}", axis(*this), scheduler_spec), static_cast<std::uint64_t>(sample));
}

std::uint64_t SampleSeeds::routes(const std::string& scheduler_spec, std::uint64_t msg_unit) const {
  return derive_seed(seed, fmt::format("routes/{}/{}/u{}", axis(*this), scheduler_spec, msg_unit),
                     static_cast<std::uint64_t>(sample));
}

}  // namespace mcsim
