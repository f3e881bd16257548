#include "machine_spec.hpp"

#include <charconv>

#include <fmt/format.h>

namespace mcsim {

std::string number_text(double number) { return fmt::format("{}", number); }

MachineParameter quantity_parameter(std::string name, double number, std::string unit, std::string note,
                                    std::string source, bool assumption, int digits) {
  // Rounded through its "%g" text, so that the number and the text agree digit for digit.
  const std::string rounded = fmt::format("{:.{}g}", number, digits);
  double value = number;
  std::from_chars(rounded.data(), rounded.data() + rounded.size(), value);
  std::string text = number_text(value);
  for (const std::string* part : {&unit, &note})
    if (!part->empty()) text += " " + *part;
  return {std::move(name), std::move(text), std::move(source), assumption, value, std::move(unit), std::move(note)};
}

}  // namespace mcsim
