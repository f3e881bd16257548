// Numbers from input (command line, scenario, matrix file, machine and scheduler options) are read
// here, whole, and checked where they enter: an integer must be written in full and fit its range
// (never wrapped or truncated), a real must be finite, and a derived size (bytes x msg_unit) must
// not overflow. Each throws mcsim::Error "where: problem" naming the text as written.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace mcsim {

// The largest message mcsim simulates: 2^40 bytes (1 TiB), far beyond any message of the papers
// (at most a few MB) and far below 2^53, where the doubles SimGrid computes with stop counting
// single bytes. Every message size (matrix bytes x msg_unit) is checked against it.
inline constexpr std::uint64_t max_message_bytes = std::uint64_t{1} << 40;
// The most samples (matrices per cell) a run takes: 2000 times the papers' 50; more would only
// allocate (2^31 samples ran out of memory before the first simulation).
inline constexpr int max_samples = 100000;

// A whole number in minimum..maximum, written in decimal without sign '+', spaces or a fraction.
std::int64_t parse_integer(std::string_view text, const std::string& where, std::int64_t minimum,
                           std::int64_t maximum);
std::uint64_t parse_unsigned(std::string_view text, const std::string& where, std::uint64_t minimum,
                             std::uint64_t maximum);
// A finite real number ("nan" and "inf" are refused); a leading '+' is allowed.
double parse_real(std::string_view text, const std::string& where);

// A value already read (e.g. by the TOML parser): throws unless it is in range / finite.
void check_integer_range(std::int64_t value, const std::string& where, std::int64_t minimum, std::int64_t maximum);
void check_finite(double value, const std::string& where);

// bytes x unit, refused above max_message_bytes (so never wrapped).
std::uint64_t message_bytes(std::uint64_t bytes, std::uint64_t unit, const std::string& where);

}  // namespace mcsim
