#include "machine_file.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace mcsim {

MachineParameter described(const ParameterRecord& p) {
  MachineParameter shown{p.name, p.text, p.source, p.assumption};
  switch (p.kind) {
    case ParameterRecord::Kind::quantity: {
      // The number as written, before its unit (the reader checked the text; "unlimited" has none).
      double written = 0;
      const auto [end, error] = std::from_chars(p.text.data(), p.text.data() + p.text.size(), written);
      if (error == std::errc() && end != p.text.data() && std::isfinite(p.value)) shown.number = written;
      shown.unit = std::string(p.unit);
      return shown;
    }
    case ParameterRecord::Kind::number: shown.number = p.value; return shown;
    case ParameterRecord::Kind::derived: break;
    default: return shown;
  }
  if (!p.has_value) {
    shown.value = fmt::format("rule {} (evaluated by the family)", p.rule);
    return shown;
  }
  const std::string rule = fmt::format("(rule {})", p.rule);
  switch (p.dimension) {
    case Dimension::seconds: return quantity_parameter(p.name, p.value * 1e6, "us", rule, p.source, p.assumption);
    case Dimension::bytes_per_second:
      return quantity_parameter(p.name, p.value / 1e6, "MB/s", rule, p.source, p.assumption);
    case Dimension::bytes: return quantity_parameter(p.name, p.value, "B", rule, p.source, p.assumption);
    default: return quantity_parameter(p.name, p.value, "", rule, p.source, p.assumption);
  }
}

const ParameterRecord* MachineFile::find(const std::string& path_or_name) const {
  for (const auto& p : parameters)
    if (p.path == path_or_name || p.name == path_or_name) return &p;
  return nullptr;
}

std::vector<const ParameterRecord*> MachineFile::under(const std::string& prefix) const {
  std::vector<const ParameterRecord*> out;
  for (const auto& p : parameters)
    if (p.path.starts_with(prefix)) out.push_back(&p);
  return out;
}

}  // namespace mcsim
