#include "machine_options.hpp"

#include <cmath>
#include <limits>
#include <mutex>

#include <fmt/format.h>

#include "../sim/core/checked_number.hpp"
#include "../sim/core/error.hpp"

namespace mcsim {

namespace {
thread_local MachineOptionRecorder* active_recorder = nullptr;

void declare(MachineOptionDeclaration::Kind kind, const std::string& key, std::string value,
             std::vector<std::string> choices = {}) {
  if (active_recorder) active_recorder->record({key, kind, std::move(value), std::move(choices)});
}
}  // namespace

MachineOptionRecorder::MachineOptionRecorder() : outer_(active_recorder) { active_recorder = this; }
MachineOptionRecorder::~MachineOptionRecorder() { active_recorder = outer_; }

// A machine may read an option twice (one key, one value): it is recorded once.
void MachineOptionRecorder::record(MachineOptionDeclaration declaration) {
  for (const auto& d : declarations_)
    if (d.key == declaration.key) return;
  declarations_.push_back(std::move(declaration));
}

MachineOptions::MachineOptions(const MachineSpec& spec, std::string where) : spec_(spec), where_(std::move(where)) {}

const std::string* MachineOptions::find(const std::string& key) {
  known_.insert(key);
  auto it = spec_.options.find(key);
  return it == spec_.options.end() ? nullptr : &it->second;
}

double MachineOptions::number(const std::string& key, double fallback) {
  const double value = read_number(key, fallback);
  declare(MachineOptionDeclaration::Kind::number, key, fmt::format("{}", value));
  return value;
}

double MachineOptions::read_number(const std::string& key, double fallback) {
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
  const int value = !text ? fallback
                          : static_cast<int>(parse_integer(*text, fmt::format("{}: option {}", where_, key),
                                                           std::numeric_limits<int>::min(),
                                                           std::numeric_limits<int>::max()));
  declare(MachineOptionDeclaration::Kind::integer, key, fmt::format("{}", value));
  return value;
}

std::uint64_t MachineOptions::byte_count(const std::string& key, std::uint64_t fallback) {
  const std::string* text = find(key);
  const std::uint64_t value =
      !text ? fallback
            : static_cast<std::uint64_t>(parse_integer(*text, fmt::format("{}: option {}", where_, key), 0,
                                                       std::int64_t{1} << 40));
  declare(MachineOptionDeclaration::Kind::integer, key, fmt::format("{}", value));
  return value;
}

std::string MachineOptions::text(const std::string& key, const std::string& fallback) {
  const std::string* text = find(key);
  std::string value = text ? *text : fallback;
  declare(MachineOptionDeclaration::Kind::text, key, value);
  return value;
}

std::string MachineOptions::choice(const std::string& key, const std::vector<std::string>& allowed,
                                   const std::string& fallback) {
  const std::string* text = find(key);
  const std::string value = text ? *text : fallback;
  for (const auto& a : allowed)
    if (value == a) {
      declare(MachineOptionDeclaration::Kind::choice, key, a, allowed);
      return a;
    }
  if (!text) return fallback;
  throw Error(where_, fmt::format("option {} = '{}': use one of {}", key, *text, fmt::join(allowed, ", ")));
}

void MachineOptions::unused(const std::vector<std::string>& keys, const std::string& why) {
  std::vector<std::string> given;
  for (const auto& key : keys)
    if (find(key)) given.push_back(key);
  if (given.empty()) return;
  // A machine is made many times (checked, then per task): say it once.
  static std::mutex lock;
  static std::set<std::string> said;
  const std::string note = fmt::format("mcsim: note: {}: option{} {} not used: {}", where_, given.size() > 1 ? "s" : "",
                                       fmt::join(given, ", "), why);
  const std::lock_guard<std::mutex> hold(lock);
  if (said.insert(note).second) fmt::print(stderr, "{}\n", note);
}

void MachineOptions::reject_unknown() const {
  for (const auto& [key, value] : spec_.options)
    if (!known_.contains(key))
      throw Error(where_, fmt::format("unknown option '{}' (known: {})", key, fmt::join(known_, ", ")));
}

}  // namespace mcsim
