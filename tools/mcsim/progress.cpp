#include "progress.hpp"

#include <unistd.h>

#include <cstdlib>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/core/checked_number.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

double progress_pace_seconds() {
  constexpr double standard = 5;  // a few lines a minute: a 6-minute run leaves about 70 lines
  const char* text = std::getenv("MCSIM_PROGRESS_SECONDS");
  if (!text || !*text) return standard;
  const double seconds = parse_real(text, "MCSIM_PROGRESS_SECONDS");
  if (!(seconds >= 0) || seconds > 86400)
    throw Error("MCSIM_PROGRESS_SECONDS", fmt::format("'{}' is not a number of seconds from 0 to 86400", text));
  return seconds;
}

ProgressLine::ProgressLine(bool enabled)
    : enabled_(enabled), terminal_(::isatty(2) != 0), pace_(enabled ? progress_pace_seconds() : 0) {}

void ProgressLine::show(const std::string& line, bool always) {
  if (!enabled_) return;
  if (terminal_) {
    write_to_stderr(fmt::format("\r{:<110}", shown(line, Lines::one)));
    shown_ = true;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (!always && written_ && std::chrono::duration<double>(now - last_written_).count() < pace_) return;
  last_written_ = now;
  written_ = true;
  write_to_stderr(shown(line, Lines::one) + "\n");
}

void ProgressLine::end() {
  if (!enabled_ || !terminal_ || !shown_) return;
  write_to_stderr("\n");
  shown_ = false;
}

void ProgressLine::clear() {
  if (!enabled_ || !terminal_ || !shown_) return;
  write_to_stderr(fmt::format("\r{:<110}\r", ""));
  shown_ = false;
}

Progress::Progress(std::string what, bool enabled)
    : what_(std::move(what)), line_(enabled), start_(std::chrono::steady_clock::now()) {}

void Progress::operator()(std::size_t done, std::size_t total) {
  if (!line_.enabled() || total == 0) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double share = static_cast<double>(done) / static_cast<double>(total);
  const double left = done ? elapsed / share - elapsed : 0.0;
  line_.show(fmt::format("{}: {}/{} simulation tasks ({:.0f}%), {:.1f} s elapsed, ~{:.0f} s left", what_, done, total,
                         share * 100, elapsed, left),
             done == total);
  if (done == total) line_.end();
}

}  // namespace mcsim::cli
