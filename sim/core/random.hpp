// Deterministic random numbers: the same seed gives the same stream on every machine and library.
//
// std::uniform_int_distribution differs between standard libraries, so mcsim uses its own
// generator (xoshiro256**, seeded through splitmix64) and its own integer mapping (Lemire's
// multiply-and-reject), both fully specified here.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace mcsim {

// splitmix64 step: used to seed xoshiro and to derive independent child seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// A seed for one purpose derived from a base seed and a path of labels and indices, e.g.
// derive_seed(seed, "matrix", sample). Different paths give statistically independent streams.
std::uint64_t derive_seed(std::uint64_t base, std::string_view label, std::uint64_t index = 0);

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next();                   // 64 uniform bits
  std::uint64_t below(std::uint64_t n);   // uniform in [0, n); n > 0
  int below(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }
  double unit();                          // uniform in [0, 1)

  template <class T>
  void shuffle(std::vector<T>& items) {  // Fisher-Yates
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(std::uint64_t{i})]);
  }

 private:
  std::uint64_t s_[4];
};

}  // namespace mcsim
