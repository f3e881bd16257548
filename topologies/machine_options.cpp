#include "machine_options.hpp"

#include <fmt/format.h>

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
  try {
    std::size_t used = 0;
    const double value = std::stod(*text, &used);
    if (used != text->size()) throw std::invalid_argument(*text);
    return value;
  } catch (const std::exception&) {
    throw Error(where_, fmt::format("option {} = '{}' is not a number", key, *text));
  }
}

int MachineOptions::integer(const std::string& key, int fallback) {
  const std::string* text = find(key);
  if (!text) return fallback;
  try {
    std::size_t used = 0;
    const int value = std::stoi(*text, &used);
    if (used != text->size()) throw std::invalid_argument(*text);
    return value;
  } catch (const std::exception&) {
    throw Error(where_, fmt::format("option {} = '{}' is not a whole number", key, *text));
  }
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
