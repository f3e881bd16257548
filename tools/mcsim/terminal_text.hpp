// What mcsim prints on standard output and standard error. Much of it comes from input (scenario
// ids, titles, labels, notes; file names; an error's quote of a bad value), and input is data: an
// escape sequence in it would recolour the terminal, move the cursor or rewrite what was printed
// before, a carriage return would hide a line. So every printed text goes through shown(), the one
// function that makes such characters visible instead of obeying them.
#pragma once

#include <fmt/format.h>

#include "../../sim/core/shown_text.hpp"

#include <string>
#include <string_view>
#include <utility>

namespace mcsim::cli {

// shown() and Lines (sim/core/shown_text.hpp), as the terminal's functions use them.
using mcsim::Lines;
using mcsim::shown;

// Standard output: `text` through shown(). A write that fails throws mcsim::Error; one that fails
// while buffered is found when finish_standard_output (error_line.hpp) flushes standard output before it exits.
void print_text(std::string_view text);

template <class... Args>
void show(fmt::format_string<Args...> format, Args&&... args) {
  print_text(fmt::format(format, std::forward<Args>(args)...));
}

// Standard error, unbuffered: `text` as given (the caller has put it through shown()).
// Never throws: a closed or full standard error loses the text and nothing else (error_line.cpp).
void write_to_stderr(std::string_view text) noexcept;

}  // namespace mcsim::cli
