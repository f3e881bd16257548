#include "quantity.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

namespace {

// A decimal unit scales by a power of ten, applied to the number's text before it is read (so
// "88 us" is the double nearest 88e-6, as the C++ literal 88e-6 is); a binary one multiplies.
struct Unit {
  std::string_view name;
  Dimension dimension;
  int decimal_exponent;
  double binary_scale;
};

constexpr std::array<Unit, 15> units = {{
    {"B", Dimension::bytes, 0, 1},
    {"kB", Dimension::bytes, 3, 1},
    {"KiB", Dimension::bytes, 0, 1024.0},
    {"MB", Dimension::bytes, 6, 1},
    {"MiB", Dimension::bytes, 0, 1048576.0},
    {"GB", Dimension::bytes, 9, 1},
    {"GiB", Dimension::bytes, 0, 1073741824.0},
    {"s", Dimension::seconds, 0, 1},
    {"ms", Dimension::seconds, -3, 1},
    {"us", Dimension::seconds, -6, 1},
    {"ns", Dimension::seconds, -9, 1},
    {"B/s", Dimension::bytes_per_second, 0, 1},
    {"kB/s", Dimension::bytes_per_second, 3, 1},
    {"MB/s", Dimension::bytes_per_second, 6, 1},
    {"GB/s", Dimension::bytes_per_second, 9, 1},
}};

// The longest number text read (digits, point, exponent): longer is refused, so the copy below
// has a fixed size.
constexpr std::size_t max_number_chars = 40;

// `number` (digits, optional fraction, optional exponent) times 10^shift, read with from_chars
// from a fixed buffer: "8.06" with shift 6 is read as "8.06e6". False if it is no number.
bool read_scaled(std::string_view number, int shift, double& value) {
  std::string_view mantissa = number;
  int exponent = 0;
  if (const auto e = number.find_first_of("eE"); e != std::string_view::npos) {
    mantissa = number.substr(0, e);
    std::string_view digits = number.substr(e + 1);
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || exponent < -400 ||
        exponent > 400)
      return false;
  }
  std::array<char, max_number_chars + 16> text{};
  const auto out = fmt::format_to_n(text.data(), text.size(), "{}e{}", mantissa, exponent + shift);
  if (out.size > text.size()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + out.size, value, std::chars_format::scientific);
  return ec == std::errc() && end == text.data() + out.size && std::isfinite(value);
}

const Unit* find_unit(std::string_view name) {
  for (const Unit& u : units)
    if (u.name == name) return &u;
  return nullptr;
}

// The text as an error quotes it: at most 40 characters.
std::string quoted(std::string_view text) {
  constexpr std::size_t shown = 40;
  return text.size() <= shown ? fmt::format("'{}'", text) : fmt::format("'{}...'", text.substr(0, shown));
}

}  // namespace

std::string describe(Dimension dimension) {
  switch (dimension) {
    case Dimension::count: return "a plain number (no unit)";
    case Dimension::bytes: return "a size (B, kB, KiB, MB, MiB, GB, GiB)";
    case Dimension::seconds: return "a time (s, ms, us, ns)";
    case Dimension::bytes_per_second: return "a bandwidth (B/s, kB/s, MB/s, GB/s)";
  }
  return "?";
}

bool dimension_of_unit(std::string_view unit, Dimension& dimension) {
  const Unit* u = find_unit(unit);
  if (u) dimension = u->dimension;
  return u != nullptr;
}

Quantity parse_quantity(std::string_view text, Dimension expected, bool unlimited_allowed, const std::string& where) {
  const std::string wanted = fmt::format("expected {}, e.g. \"{}\"", describe(expected),
                                         expected == Dimension::bytes     ? "16 B"
                                         : expected == Dimension::seconds ? "88 us"
                                                                          : "10 MB/s");
  if (text == "unlimited") {
    if (unlimited_allowed && expected != Dimension::seconds && expected != Dimension::count)
      return {std::numeric_limits<double>::infinity(), expected, {}};
    throw Error(where, fmt::format("'unlimited' is not allowed here: {}", wanted));
  }
  // Digits first: std::from_chars would also take "inf", "nan" and a '-' sign.
  if (text.empty() || !(text.front() >= '0' && text.front() <= '9'))
    throw Error(where, fmt::format("{} is not a quantity: {}", quoted(text), wanted));
  // The number: digits, '.', and an exponent ("1.5e3"); the unit follows after one space or none.
  // (No unit starts with e, E, + or -; from_chars checks the number's form below.)
  const std::size_t length = std::min(text.find_first_not_of("0123456789.eE+-"), text.size());
  const std::string_view number = text.substr(0, length);
  std::string_view unit = text.substr(length);
  if (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  const Unit* u = find_unit(unit);
  if (unit.empty()) throw Error(where, fmt::format("{} has no unit: {}", quoted(text), wanted));
  if (!u) throw Error(where, fmt::format("unknown unit {} in {}: {}", quoted(unit), quoted(text), wanted));
  if (u->dimension != expected)
    throw Error(where, fmt::format("{} is {}, not what this key takes: {}", quoted(text),
                                   describe(u->dimension).substr(0, describe(u->dimension).find(" (")), wanted));
  double value = 0;
  if (number.size() > max_number_chars || !read_scaled(number, u->decimal_exponent, value))
    throw Error(where, fmt::format("{} is not a quantity: {}", quoted(text), wanted));
  value *= u->binary_scale;
  if (value > max_quantity || (value != 0 && value < min_quantity))
    throw Error(where, fmt::format("{} is outside the magnitudes a machine parameter may take (0, or {:g} to {:g} "
                                   "in SI units)",
                                   quoted(text), min_quantity, max_quantity));
  if (expected == Dimension::bytes && value != std::floor(value))
    throw Error(where, fmt::format("{} is not a whole number of bytes", quoted(text)));
  return {value, expected, u->name};
}

}  // namespace mcsim
