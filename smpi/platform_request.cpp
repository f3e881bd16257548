#include "platform_request.hpp"

#include <cstdlib>
#include <limits>

#include <fmt/format.h>

#include "../sim/core/checked_number.hpp"
#include "../sim/core/error.hpp"

namespace mcsim {

namespace {

constexpr const char* machine_variable = "MCSIM_SMPI_MACHINE";
constexpr const char* nodes_variable = "MCSIM_SMPI_NODES";
constexpr const char* options_variable = "MCSIM_SMPI_OPTIONS";
constexpr const char* approximate_variable = "MCSIM_SMPI_APPROXIMATE_SWITCHING";
constexpr const char* seed_variable = "MCSIM_SMPI_SEED";

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> request_environment(const PlatformRequest& request) {
  std::string options;
  for (const auto& [key, value] : request.machine.options) options += key + "=" + value + "\n";
  return {{machine_variable, request.machine.name},
          {nodes_variable, std::to_string(request.machine.nodes)},
          {options_variable, options},
          {approximate_variable, request.approximate_switching ? "1" : "0"},
          {seed_variable, std::to_string(request.seed)}};
}

PlatformRequest request_from_environment() {
  PlatformRequest request;
  request.machine.name = variable(machine_variable);
  if (request.machine.name.empty())
    throw Error(machine_variable, "not set: name the machine (a bundled name or a machine file), or run `mcsim mpi`");
  if (const std::string nodes = variable(nodes_variable); !nodes.empty())
    request.machine.nodes = static_cast<int>(parse_integer(nodes, nodes_variable, 1, 1 << 20));
  const std::string options = variable(options_variable);
  for (std::size_t at = 0; at < options.size();) {
    std::size_t end = options.find('\n', at);
    if (end == std::string::npos) end = options.size();
    const std::string line = options.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(options_variable, fmt::format("'{}' is not key=value", line.substr(0, 64)));
    request.machine.options[line.substr(0, eq)] = line.substr(eq + 1);
  }
  const std::string approximate = variable(approximate_variable);
  if (approximate != "" && approximate != "0" && approximate != "1")
    throw Error(approximate_variable, fmt::format("'{}' is neither 0 nor 1", approximate.substr(0, 64)));
  request.approximate_switching = approximate == "1";
  if (const std::string seed = variable(seed_variable); !seed.empty())
    request.seed = parse_unsigned(seed, seed_variable, 0, std::numeric_limits<std::uint64_t>::max());
  return request;
}

}  // namespace mcsim
