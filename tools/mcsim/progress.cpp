#include "progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "terminal_text.hpp"

namespace mcsim::cli {

Progress::Progress(std::string what, bool enabled)
    : what_(std::move(what)), enabled_(enabled), terminal_(::isatty(2) != 0), start_(std::chrono::steady_clock::now()) {}

void Progress::operator()(std::size_t done, std::size_t total) {
  if (!enabled_ || total == 0) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double share = static_cast<double>(done) / static_cast<double>(total);
  const double left = done ? elapsed / share - elapsed : 0.0;
  const std::string line = fmt::format("{}: {}/{} simulation tasks ({:.0f}%), {:.1f} s elapsed, ~{:.0f} s left", what_,
                                       done, total, share * 100, elapsed, left);
  if (terminal_) {
    write_to_stderr(fmt::format("\r{:<100}{}", shown(line, Lines::one), done == total ? "\n" : ""));
  } else if (const int decile = static_cast<int>(share * 10); decile != last_decile_) {
    last_decile_ = decile;
    write_to_stderr(shown(line, Lines::one) + "\n");
  }
}

}  // namespace mcsim::cli
