#include "replay_json.hpp"

#include <cmath>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim::json {

std::string string(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '<' || c == '>' || c == '&' || c < 0x20 || c == 0x7f) out += fmt::format("\\u{:04x}", c);
    else if (c == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
             (static_cast<unsigned char>(text[i + 2]) == 0xa8 || static_cast<unsigned char>(text[i + 2]) == 0xa9)) {
      out += static_cast<unsigned char>(text[i + 2]) == 0xa8 ? "\\u2028" : "\\u2029";
      i += 2;
    } else out += static_cast<char>(c);
  }
  return out + "\"";
}

std::string number(double value) {
  if (!std::isfinite(value)) throw Error("replay", fmt::format("{} cannot be written as a JSON number", value));
  if (value == 0) return "0";  // and never "-0"
  return fmt::format("{:.9g}", value);
}

}  // namespace mcsim::json
