#include "run_identity.hpp"

#include <limits>

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"

namespace mcsim {

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash) {
  for (unsigned char c : bytes) hash = (hash ^ c) * 0x100000001B3ull;
  return hash;
}

std::string hex64(std::uint64_t value) { return fmt::format("{:016x}", value); }

namespace {

// The names of the request's fields, in their canonical order; each is also the option that sets
// it (shown as --NAME VALUE), but for "command" and "scenario", shown as words.
constexpr const char* field_names[] = {"command", "scenario", "scenarios", "machine",       "nodes",
                                       "density", "msg-unit", "workload",  "scheduler",     "strategy",
                                       "samples", "seed",     "max-nodes", "deterministic", "cfg",  "sharing", "machine-option",
                                       "factors", "option"};

template <class T>
std::string joined(const std::vector<T>& values) {
  return fmt::format("{}", fmt::join(values, ","));
}

// "1,2,3" -> {1, 2, 3}, each within [minimum, maximum].
template <class T>
std::vector<T> split_numbers(std::string_view text, const std::string& where, T minimum, T maximum) {
  std::vector<T> values;
  for (std::size_t at = 0;;) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string_view item = text.substr(at, comma - at);
    if constexpr (std::is_floating_point_v<T>)
      values.push_back(parse_real(item, where));
    else if constexpr (std::is_signed_v<T>)
      values.push_back(static_cast<T>(parse_integer(item, where, minimum, maximum)));
    else
      values.push_back(static_cast<T>(parse_unsigned(item, where, minimum, maximum)));
    if (comma == text.size()) return values;
    at = comma + 1;
  }
}

// At most 200 characters of `text` (a recorded identity may come from a file anyone wrote).
std::string shortened(const std::string& text) {
  return text.size() <= 200 ? text : text.substr(0, 200) + fmt::format("... ({} characters)", text.size());
}

// The values of field `name` in `fields`, in order.
std::vector<std::string> values_of(const std::vector<std::pair<std::string, std::string>>& fields,
                                   std::string_view name) {
  std::vector<std::string> values;
  for (const auto& [field, value] : fields)
    if (field == name) values.push_back(value);
  return values;
}

// "--NAME VALUE" (or the words of "command" and "scenario", the flag alone for "deterministic").
std::string shown_field(const std::string& name, const std::string& value) {
  if (name == "command" || name == "scenario")
    return value.empty() || value.find_first_of(" \t'\"") != std::string::npos ? fmt::format("'{}'", value) : value;
  if (name == "deterministic") return "--deterministic";
  return fmt::format("--{} {}", name,
                     value.empty() || value.find_first_of(" \t'\"") != std::string::npos ? fmt::format("'{}'", value)
                                                                                          : value);
}

std::string shown_values(const std::string& name, const std::vector<std::string>& values) {
  if (values.empty()) return fmt::format("no --{}", name);
  std::vector<std::string> shown;
  for (const auto& value : values) shown.push_back(shown_field(name, value));
  return fmt::format("{}", fmt::join(shown, " "));
}

}  // namespace

std::vector<std::pair<std::string, std::string>> RunRequest::fields() const {
  std::vector<std::pair<std::string, std::string>> f;
  const auto add = [&](const char* name, const std::string& value) {
    if (value.find_first_of("\r\n") != std::string::npos)
      throw Error("command", fmt::format("'{}' has a line break; such a run cannot be stored", shortened(value)));
    f.emplace_back(name, value);
  };
  add("command", command);
  if (!scenario.empty()) add("scenario", scenario);
  if (!scenarios.empty()) add("scenarios", scenarios);
  if (!machine.empty()) add("machine", machine);
  if (!nodes.empty()) add("nodes", joined(nodes));
  if (!densities.empty()) add("density", joined(densities));
  if (!msg_units.empty()) add("msg-unit", joined(msg_units));
  if (!workload.empty()) add("workload", workload);
  for (const auto& name : schedulers) add("scheduler", name);
  if (!strategy.empty()) add("strategy", strategy);
  if (samples) add("samples", std::to_string(*samples));
  if (seed) add("seed", std::to_string(*seed));
  if (max_nodes) add("max-nodes", std::to_string(*max_nodes));
  if (deterministic) add("deterministic", "yes");
  for (const auto& setting : simgrid_settings) add("cfg", setting);
  // Written only when asked for, so that the identity of every run that leaves it to `auto` reads
  // as before.
  if (sharing != SharingRequest::automatic) add("sharing", std::string(sharing_request_name(sharing)));
  for (const auto& [key, value] : machine_options) add("machine-option", key + "=" + value);
  if (!factors.empty()) add("factors", joined(factors));  // shortest round-trip form
  for (const auto& option : varied_options) add("option", option);
  return f;
}

std::string RunRequest::shown() const {
  std::vector<std::string> shown;
  for (const auto& [name, value] : fields()) shown.push_back(shown_field(name, value));
  return fmt::format("{}", fmt::join(shown, " "));
}

std::string RunIdentity::to_text() const {
  std::string text = fmt::format("identity {}\nversion {}\n", format, version);
  for (const auto& [name, value] : request.fields()) text += fmt::format("{} {}\n", name, value);
  return text + fmt::format("inputs {}\n", inputs);
}

std::string RunIdentity::difference(const RunIdentity& other) const {
  if (version != other.version)
    return fmt::format("made by mcsim {}, not {}", shortened(other.version), shortened(version));
  if (request != other.request) {
    // The first field that differs, named as the option that sets it.
    const auto ours = request.fields(), theirs = other.request.fields();
    std::string which;
    for (const char* name : field_names)
      if (const auto a = values_of(ours, name), b = values_of(theirs, name); a != b) {
        which = fmt::format(" ({}, not {})", shortened(shown_values(name, b)), shortened(shown_values(name, a)));
        break;
      }
    return fmt::format("made by another command: '{}', not '{}'{}", shortened(other.request.shown()),
                       shortened(request.shown()), which);
  }
  if (inputs != other.inputs)
    return "made from other input files (the scenario, its matrix file or its machine file changed since, or another one of that name)";
  return "";
}

std::string_view read_line(std::string_view text, std::size_t* at, const std::string& where) {
  const auto end = text.find('\n', *at);
  if (end == std::string_view::npos) throw Error(where, "ends in the middle of a line (truncated?)");
  const std::string_view line = text.substr(*at, end - *at);
  *at = end + 1;
  return line;
}

namespace {

// "KEY VALUE" -> {KEY, VALUE}.
std::pair<std::string_view, std::string_view> split_line(std::string_view line, const std::string& where) {
  const auto space = line.find(' ');
  if (space == std::string_view::npos || space == 0)
    throw Error(where, fmt::format("expected a 'NAME VALUE' line, found '{}'", shortened(std::string(line.substr(0, 60)))));
  return {line.substr(0, space), line.substr(space + 1)};
}

// "KEY VALUE" -> VALUE.
std::string value_of(std::string_view line, std::string_view key, const std::string& where) {
  const auto [name, value] = split_line(line, where);
  if (name != key) throw Error(where, fmt::format("expected a '{}' line, found '{}'", key, line.substr(0, 60)));
  return std::string(value);
}

// Sets the request's field `name` from its canonical `value`.
void read_field(RunRequest& r, std::string_view name, std::string_view value, const std::string& where) {
  const std::string at = fmt::format("{}: its run's {}", where, name);
  const std::string text(value);
  if (name == "scenario") r.scenario = text;
  else if (name == "scenarios") r.scenarios = text;
  else if (name == "machine") r.machine = text;
  else if (name == "nodes") r.nodes = split_numbers<int>(value, at, 1, std::numeric_limits<int>::max());
  else if (name == "density") r.densities = split_numbers<int>(value, at, 1, std::numeric_limits<int>::max());
  else if (name == "msg-unit")
    r.msg_units = split_numbers<std::uint64_t>(value, at, 1, std::numeric_limits<std::uint64_t>::max());
  else if (name == "workload") r.workload = text;
  else if (name == "scheduler") r.schedulers.push_back(text);
  else if (name == "strategy") r.strategy = text;
  else if (name == "samples") r.samples = static_cast<int>(parse_integer(value, at, 1, std::numeric_limits<int>::max()));
  else if (name == "seed") r.seed = parse_unsigned(value, at, 0, std::numeric_limits<std::uint64_t>::max());
  else if (name == "max-nodes") r.max_nodes = static_cast<int>(parse_integer(value, at, 1, std::numeric_limits<int>::max()));
  else if (name == "deterministic") r.deterministic = true;
  else if (name == "cfg") r.simgrid_settings.push_back(text);
  else if (name == "sharing") r.sharing = parse_sharing_request(value, at);
  else if (name == "machine-option") {
    const auto eq = value.find('=');
    if (eq == std::string_view::npos) throw Error(at, fmt::format("'{}' is not key=value", shortened(text)));
    r.machine_options.emplace_back(std::string(value.substr(0, eq)), std::string(value.substr(eq + 1)));
  } else if (name == "factors") r.factors = split_numbers<double>(value, at, 0.0, 0.0);
  else if (name == "option") r.varied_options.push_back(text);
  else throw Error(where, fmt::format("the run's identity has no field '{}'", shortened(std::string(name.substr(0, 60)))));
}

}  // namespace

RunIdentity read_run_identity(std::string_view text, std::size_t* at, const std::string& where) {
  RunIdentity id;
  const std::string_view first = read_line(text, at, where);
  if (first.starts_with("version "))  // format 1 began with the version: a file an earlier mcsim wrote
    throw Error(where, fmt::format("was written by an earlier mcsim (its run identity is of format 1, this mcsim reads "
                                   "format {}); remove it and run its tasks again with this mcsim",
                                   RunIdentity::format));
  if (value_of(first, "identity", where) != std::to_string(RunIdentity::format))
    throw Error(where, fmt::format("holds a run identity of format '{}', this mcsim reads format {}",
                                   shortened(value_of(first, "identity", where)), RunIdentity::format));
  id.version = value_of(read_line(text, at, where), "version", where);
  id.request.command = value_of(read_line(text, at, where), "command", where);
  for (;;) {  // every line is consumed: as many fields as the text has lines, no more
    const auto [name, value] = split_line(read_line(text, at, where), where);
    if (name == "inputs") {
      id.inputs = std::string(value);
      return id;
    }
    read_field(id.request, name, value, where);
  }
}

}  // namespace mcsim
