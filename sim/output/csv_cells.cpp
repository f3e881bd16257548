#include "csv_cells.hpp"

#include <cctype>

#include <fmt/format.h>

namespace mcsim {

std::string csv_number(std::optional<double> v) { return v ? fmt::format("{:.6g}", *v) : std::string(); }

namespace {

// -1.5, -2e-3, -.5: a number a spreadsheet reads as one, not as a formula.
bool plain_negative_number(const std::string& text) {
  std::size_t i = 1;  // after the '-'
  auto digits = [&] {
    const std::size_t from = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i - from;
  };
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') ++i, mantissa += digits();
  if (mantissa == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == text.size();
}

bool starts_a_formula(const std::string& text) {
  if (text.empty()) return false;
  switch (text.front()) {
    case '=': case '+': case '@': case '\t': case '\r': return true;
    case '-': return !plain_negative_number(text);
    default: return false;
  }
}

}  // namespace

namespace {
// A terminal control character (C0 but tab, CR and LF, which CSV quotes; DEL; C1, which UTF-8
// writes as C2 80..C2 9F) written as \xHH: a label with ESC [ 2 J cleared the screen of whoever
// ran `cat` on the CSV.
std::string inert(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool c1 = c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if ((c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0x7F) {
      out += fmt::format("\\x{:02x}", c);
    } else if (c1) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[++i]));
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}
}  // namespace

std::string csv_field(const std::string& given) {
  const std::string text = inert(given);
  const std::string cell = starts_a_formula(text) ? "'" + text : text;
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string csv_text(const std::string& cell) {
  return cell.size() > 1 && cell.front() == '\'' && starts_a_formula(cell.substr(1)) ? cell.substr(1) : cell;
}

// RFC 4180: a quoted cell may hold commas, doubled quotes and line ends; a line end outside quotes
// ends a row, and an empty line is none.
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row(1);
  bool quoted = false, any = false;  // any: the row has a character
  const auto end_row = [&] {
    if (any) rows.push_back(std::move(row));
    row.assign(1, std::string());
    any = false;
  };
  for (std::size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') row.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else row.back() += c;
    } else if (c == '"') {
      quoted = any = true;
    } else if (c == ',') {
      row.emplace_back();
      any = true;
    } else if (c == '\n') {
      end_row();
    } else {
      row.back() += c;
      any = true;
    }
  }
  end_row();
  return rows;
}

}  // namespace mcsim
