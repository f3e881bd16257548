#include "shown_text.hpp"

#include <fmt/format.h>

namespace mcsim {

namespace {

// The length of the UTF-8 sequence at text[at] and its code point, or 0 if it is not one
// (overlong forms, surrogates and values above U+10FFFF are not UTF-8).
std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(at);
  std::size_t length = 0;
  if (first >= 0xC2 && first <= 0xDF) length = 2, code = first & 0x1F;
  else if (first >= 0xE0 && first <= 0xEF) length = 3, code = first & 0x0F;
  else if (first >= 0xF0 && first <= 0xF4) length = 4, code = first & 0x07;
  else return 0;
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  static constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < smallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

}  // namespace

std::string shown(std::string_view text, Lines lines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if ((c == '\n' || c == '\t') && lines == Lines::several) {
      out += static_cast<char>(c);
      ++i;
    } else if (c < 0x80) {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : fmt::format("\\x{:02x}", c);
      ++i;
    } else if (char32_t code = 0; const std::size_t length = utf8_sequence(text, i, code)) {
      if (code <= 0x9F)
        out += fmt::format("\\u{:04x}", static_cast<unsigned>(code));  // a C1 control: 0x9b is CSI
      else
        out.append(text.substr(i, length));
      i += length;
    } else {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    }
  }
  return out;
}

}  // namespace mcsim
