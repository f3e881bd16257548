#include "random.hpp"

namespace mcsim {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t derive_seed(std::uint64_t base, std::string_view label, std::uint64_t index) {
  // FNV-1a over the label, then mixed with the base and the index through splitmix64.
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (unsigned char c : label) h = (h ^ c) * 0x100000001B3ull;
  std::uint64_t state = base ^ h;
  splitmix64(state);
  state ^= index * 0xD1B54A32D192ED03ull;
  return splitmix64(state);
}

Rng::Rng(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (auto& word : s_) word = splitmix64(state);
}

static inline std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

// 128-bit products are a GCC/Clang extension; __extension__ says so to -Wpedantic.
__extension__ typedef unsigned __int128 uint128;

std::uint64_t Rng::below(std::uint64_t n) {
  // Lemire, "Fast random integer generation in an interval" (2019): unbiased, deterministic.
  uint128 m = static_cast<uint128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<uint128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double Rng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

}  // namespace mcsim
