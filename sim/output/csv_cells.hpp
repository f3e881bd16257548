// The cells of every CSV file mcsim writes, and the reader of them. Text cells hold what a
// scenario says (ids, series labels, paper notes), and spreadsheet users open these files: a cell
// that begins like a formula (=cmd|..., +SUM(...), @...) would be run by the spreadsheet, so every
// text cell goes through csv_field.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mcsim {

// A number with 6 significant digits (empty when absent).
std::string csv_number(std::optional<double> value);

// A text cell. A terminal control character in it (ESC, C1, DEL; not tab, CR, LF) is written as
// \xHH, so that `cat` on the CSV runs nothing. One that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab or
// a carriage return) gets a leading ' (the usual convention, OWASP's "CSV injection"), unless it is
// a plain decimal number such as -1.5, which stays a number. Then RFC 4180: a cell holding a
// comma, a quote, a carriage return or a newline is quoted, its quotes doubled.
std::string csv_field(const std::string& text);

// The text csv_field was given, from a cell csv_rows split: the leading ' it added before a formula
// taken off. (A control character it wrote as \xHH stays so: that is the point of writing it so.)
std::string csv_text(const std::string& cell);

// The reverse: the non-empty rows of a CSV text (a quoted cell may span lines), each split into its
// fields (quotes undone; a leading ' that csv_field added is kept: csv_text takes it off).
std::vector<std::vector<std::string>> csv_rows(const std::string& csv);

}  // namespace mcsim
