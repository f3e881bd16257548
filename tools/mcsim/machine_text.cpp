#include "machine_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../../topologies/machine_builder.hpp"

namespace mcsim::cli {

namespace {

constexpr std::size_t width = 100;

}  // namespace

// A word longer than a line is cut where it must be.
std::string wrapped(const std::string& text, std::size_t indent) {
  const std::size_t room = width - indent;
  std::string out;
  std::string rest = text;
  while (!rest.empty()) {
    std::size_t cut = rest.size();
    if (cut > room) {
      cut = rest.rfind(' ', room);
      if (cut == std::string::npos || cut == 0) cut = room;
    }
    out += std::string(indent, ' ') + rest.substr(0, cut) + "\n";
    rest = rest.substr(cut);
    while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
  }
  return out;
}

std::string parameter_lines(const MachineParameter& p, const std::string& mark) {
  std::string head = fmt::format("{} {:<28} {}", mark, p.name, p.value);
  std::string out = head.size() <= width - 2 ? "  " + head + "\n" : "  " + mark + " " + p.name + "\n" + wrapped(p.value, 8);
  const bool says_so = p.source.starts_with("assumption") || p.source.starts_with("Assumption");
  out += wrapped((p.assumption && !says_so ? "assumption: " : "") + p.source, 8);
  return out;
}

std::string inert_notes(const MachineFile& file, std::size_t indent) {
  std::string out;
  for (const InertRecords& inert : inert_records(file)) {
    std::vector<std::string> names;
    for (const ParameterRecord* p : inert.records) names.push_back(p->name);
    out += wrapped(fmt::format("note: not used: {} ({})", fmt::join(names, ", "), inert.why), indent);
  }
  return out;
}

}  // namespace mcsim::cli
