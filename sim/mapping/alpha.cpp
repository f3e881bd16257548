#include "alpha.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "sim/core/error.hpp"

namespace mcsim {

namespace {
bool read_number(std::string_view text, double& value) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}
}  // namespace

double parse_alpha(std::string_view text, std::string_view where) {
  double value = 0;
  bool ok = false;
  if (const auto slash = text.find('/'); slash == std::string_view::npos) {
    ok = read_number(text, value);
  } else {
    double numerator = 0, denominator = 0;
    std::string_view below = text.substr(slash + 1);
    const bool root = below.starts_with("sqrt(") && below.ends_with(")");
    if (root) below = below.substr(5, below.size() - 6);
    ok = read_number(text.substr(0, slash), numerator) && read_number(below, denominator) && denominator > 0;
    if (ok) value = numerator / (root ? std::sqrt(denominator) : denominator);
  }
  if (!ok)
    throw Error(std::string(where),
                fmt::format("alpha '{}' is not a number, a fraction p/q or p/sqrt(q)", text));
  if (!(value > 0 && value <= 1))
    throw Error(std::string(where), fmt::format("alpha '{}' = {} is outside (0, 1]", text, value));
  return value;
}

}  // namespace mcsim
