// Physical quantities as machine files write them: a number and its unit in one string ("10 MB/s",
// "88 us", "16 B"), read into SI (bytes, seconds, bytes per second) with its dimension checked
// against the one the key expects. One convention for every machine file (docs/machine-files.md):
//
//   sizes       B, kB = 1000 B, KiB = 1024 B, MB = 10^6 B, MiB = 2^20 B, GB = 10^9 B, GiB = 2^30 B
//   times       s, ms, us, ns                      (no "cycles": a file states no clock rate)
//   bandwidths  B/s, kB/s, MB/s, GB/s              (decimal: the papers' "MB/s" is 10^6 bytes/s)
//   counts      a bare TOML number (0.5, 4), no unit
//
// The number is read with std::from_chars (no locale), digits first: no sign, no "inf" or "nan";
// one space or none before the unit. Sizes and bandwidths may also be "unlimited" where the key
// allows it (a receive buffer, the last size regime, a copy that costs nothing). Nothing is
// allocated from the text: an error quotes at most its first 40 characters.
#pragma once

#include <string>
#include <string_view>

namespace mcsim {

enum class Dimension { count, bytes, seconds, bytes_per_second };

// "a size (B, kB, KiB, MB, MiB, GB, GiB)" and so on: what an error says was expected.
std::string describe(Dimension dimension);

// The largest magnitude a quantity may have in SI units, and the smallest above zero: far outside
// every machine's figures, and within them every derived time (bytes / bandwidth) stays finite.
inline constexpr double max_quantity = 1e15;
inline constexpr double min_quantity = 1e-15;

struct Quantity {
  double value = 0;  // SI: bytes, seconds, bytes per second; infinity for "unlimited"
  Dimension dimension = Dimension::count;
  std::string_view unit;  // the unit as written ("MB/s"); empty for "unlimited"
};

// Reads "NUMBER UNIT" (or "unlimited" when `unlimited_allowed`) as a quantity of the `expected`
// dimension. Throws mcsim::Error(where, ...) naming the expected dimension when the text is no
// quantity, has another dimension, is out of range, or (sizes) is not a whole number of bytes.
Quantity parse_quantity(std::string_view text, Dimension expected, bool unlimited_allowed, const std::string& where);

// The dimension a unit names (false when it names none).
bool dimension_of_unit(std::string_view unit, Dimension& dimension);

}  // namespace mcsim
