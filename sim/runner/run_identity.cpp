#include "run_identity.hpp"

#include <fmt/format.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"

namespace mcsim {

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash) {
  for (unsigned char c : bytes) hash = (hash ^ c) * 0x100000001B3ull;
  return hash;
}

std::string hex64(std::uint64_t value) { return fmt::format("{:016x}", value); }

std::string RunIdentity::to_text() const {
  std::string text = fmt::format("version {}\ncommand {}\n", version, command.size());
  for (const auto& word : command) {
    if (word.find_first_of("\r\n") != std::string::npos)
      throw Error("command", fmt::format("'{}' has a line break; such a run cannot be stored", word));
    text += word + "\n";
  }
  return text + fmt::format("inputs {}\n", inputs);
}

std::string command_line(const std::vector<std::string>& words) {
  std::string line;
  for (const auto& word : words) {
    if (!line.empty()) line += ' ';
    line += word.empty() || word.find_first_of(" \t'\"") != std::string::npos ? fmt::format("'{}'", word) : word;
  }
  return line;
}

namespace {

// At most 200 characters of `text` (a recorded identity may come from a file anyone wrote).
std::string shortened(const std::string& text) {
  return text.size() <= 200 ? text : text.substr(0, 200) + fmt::format("... ({} characters)", text.size());
}

}  // namespace

std::string RunIdentity::difference(const RunIdentity& other) const {
  if (version != other.version)
    return fmt::format("made by mcsim {}, not {}", shortened(other.version), shortened(version));
  if (command != other.command)
    return fmt::format("made by another command: '{}', not '{}'", shortened(command_line(other.command)),
                       shortened(command_line(command)));
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

// "KEY VALUE" -> VALUE.
std::string value_of(std::string_view line, std::string_view key, const std::string& where) {
  if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != ' ')
    throw Error(where, fmt::format("expected a '{}' line, found '{}'", key, line.substr(0, 60)));
  return std::string(line.substr(key.size() + 1));
}

}  // namespace

RunIdentity read_run_identity(std::string_view text, std::size_t* at, const std::string& where) {
  RunIdentity id;
  id.version = value_of(read_line(text, at, where), "version", where);
  const auto words = parse_integer(value_of(read_line(text, at, where), "command", where), where + ": command", 1, 1000);
  for (std::int64_t i = 0; i < words; ++i) id.command.emplace_back(read_line(text, at, where));
  id.inputs = value_of(read_line(text, at, where), "inputs", where);
  return id;
}

}  // namespace mcsim
