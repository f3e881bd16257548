// What mcsim prints on standard output and standard error. Much of it comes from input (scenario
// ids, titles, labels, notes; file names; an error's quote of a bad value), and input is data: an
// escape sequence in it would recolour the terminal, move the cursor or rewrite what was printed
// before, a carriage return would hide a line. So every printed text goes through shown(), the one
// function that makes such characters visible instead of obeying them.
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>

namespace mcsim::cli {

enum class Lines { one, several };

// `text` with every control character shown escaped: C0 controls (\x1b, \r, \b, ...), DEL and the
// C1 controls U+0080..U+009F (\u009b); bytes that are not UTF-8 as \xNN. Everything else, UTF-8
// letters and symbols included, is kept. With Lines::several, newlines and tabs are kept (a report
// of many lines); with Lines::one they are escaped too (an error or a progress line).
std::string shown(std::string_view text, Lines lines = Lines::several);

// Standard output: `text` through shown(). A write that fails throws mcsim::Error; one that fails
// while buffered is found when main() flushes standard output before it exits.
void print_text(std::string_view text);

template <class... Args>
void show(fmt::format_string<Args...> format, Args&&... args) {
  print_text(fmt::format(format, std::forward<Args>(args)...));
}

// Standard error, unbuffered: `text` as given (the caller has put it through shown()).
// Never throws: a closed or full standard error loses the text and nothing else (see main.cpp).
void write_to_stderr(std::string_view text) noexcept;

}  // namespace mcsim::cli
