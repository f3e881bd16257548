#include "machine_options.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "../sim/core/checked_number.hpp"
#include "../sim/core/error.hpp"

namespace mcsim {

MachineOptions::MachineOptions(const MachineSpec& spec, std::string where) : spec_(spec), where_(std::move(where)) {}

const std::string* MachineOptions::find(const std::string& key) {
  known_.insert(key);
  auto it = spec_.options.find(key);
  return it == spec_.options.end() ? nullptr : &it->second;
}

double MachineOptions::number(const std::string& key, double fallback) {
  const std::string* text = find(key);
  if (!text) return fallback;
  const std::string where = fmt::format("{}: option {}", where_, key);
  const double value = parse_real(*text, where);
  // Every machine parameter is a physical quantity in MB/s, us or bytes: none is near these
  // bounds, and within them every time derived from it (bytes / bandwidth) stays finite.
  if (std::abs(value) > 1e12 || (value != 0 && std::abs(value) < 1e-12))
    throw Error(where, fmt::format("{} is outside the magnitudes a machine parameter may take (0 or 1e-12 to 1e12)",
                                   *text));
  return value;
}

int MachineOptions::integer(const std::string& key, int fallback) {
  const std::string* text = find(key);
  if (!text) return fallback;
  return static_cast<int>(parse_integer(*text, fmt::format("{}: option {}", where_, key),
                                        std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

std::string MachineOptions::text(const std::string& key, const std::string& fallback) {
  const std::string* text = find(key);
  return text ? *text : fallback;
}

std::string MachineOptions::choice(const std::string& key, const std::vector<std::string>& allowed,
                                   const std::string& fallback) {
  const std::string* text = find(key);
  if (!text) return fallback;
  for (const auto& a : allowed)
    if (*text == a) return a;
  throw Error(where_, fmt::format("option {} = '{}': use one of {}", key, *text, fmt::join(allowed, ", ")));
}

void MachineOptions::reject_unknown() const {
  for (const auto& [key, value] : spec_.options)
    if (!known_.contains(key))
      throw Error(where_, fmt::format("unknown option '{}' (known: {})", key, fmt::join(known_, ", ")));
}

}  // namespace mcsim
