#include "checked_number.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

namespace {
template <class T>
T parse_whole(std::string_view text, const std::string& where, T minimum, T maximum) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || end != text.data() + text.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw Error(where, fmt::format("'{}' is not a whole number", text));
  if (ec == std::errc::result_out_of_range || value < minimum || value > maximum)
    throw Error(where, fmt::format("{} is out of range (allowed: {} to {})", text, minimum, maximum));
  return value;
}
}  // namespace

std::int64_t parse_integer(std::string_view text, const std::string& where, std::int64_t minimum,
                           std::int64_t maximum) {
  return parse_whole<std::int64_t>(text, where, minimum, maximum);
}

std::uint64_t parse_unsigned(std::string_view text, const std::string& where, std::uint64_t minimum,
                             std::uint64_t maximum) {
  if (!text.empty() && text.front() == '-')
    throw Error(where, fmt::format("{} is out of range (allowed: {} to {})", text, minimum, maximum));
  return parse_whole<std::uint64_t>(text, where, minimum, maximum);
}

double parse_real(std::string_view text, const std::string& where) {
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    throw Error(where, fmt::format("'{}' is not a number", text));
  if (!std::isfinite(value)) throw Error(where, fmt::format("'{}' is not a finite number", text));
  return value;
}

void check_integer_range(std::int64_t value, const std::string& where, std::int64_t minimum, std::int64_t maximum) {
  if (value < minimum || value > maximum)
    throw Error(where, fmt::format("{} is out of range (allowed: {} to {})", value, minimum, maximum));
}

void check_finite(double value, const std::string& where) {
  if (!std::isfinite(value)) throw Error(where, fmt::format("{} is not a finite number", value));
}

std::uint64_t message_bytes(std::uint64_t bytes, std::uint64_t unit, const std::string& where) {
  if (unit != 0 && bytes > max_message_bytes / unit)
    throw Error(where, fmt::format("a message of {} x msg_unit {} bytes is larger than {} bytes (2^40)", bytes, unit,
                                   max_message_bytes));
  return bytes * unit;
}

}  // namespace mcsim
