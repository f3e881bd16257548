#include "suite_progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

#include "terminal_text.hpp"

namespace mcsim::cli {

SuiteProgress::SuiteProgress(std::string command, std::size_t experiments, bool enabled)
    : command_(std::move(command)), experiments_(experiments), enabled_(enabled), terminal_(::isatty(2) != 0),
      suite_start_(std::chrono::steady_clock::now()), current_start_(suite_start_) {}

double SuiteProgress::seconds_since(std::chrono::steady_clock::time_point start) const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void SuiteProgress::draw(const std::string& line) {
  if (!enabled_) return;
  if (terminal_) {
    write_to_stderr(fmt::format("\r{:<110}", shown(line, Lines::one)));
    line_shown_ = true;
  } else {
    write_to_stderr(shown(line, Lines::one) + "\n");
  }
}

void SuiteProgress::clear_line() {
  if (!enabled_ || !terminal_ || !line_shown_) return;
  write_to_stderr(fmt::format("\r{:<110}\r", ""));
  line_shown_ = false;
}

void SuiteProgress::begin(const std::string& id) {
  current_ = Entry{id};
  current_start_ = std::chrono::steady_clock::now();
  draw(fmt::format("{}: [{}/{}] {} starting, {:.0f} s in all", command_, done_.size() + 1, experiments_, id,
                   seconds_since(suite_start_)));
}

void SuiteProgress::tasks(std::size_t done, std::size_t total) {
  current_.tasks = total;
  // Off a terminal (CI logs) only the start of each reproduction is written, not every task.
  if (!terminal_) return;
  if (done == total) {  // the report is printed next
    clear_line();
    return;
  }
  draw(fmt::format("{}: [{}/{}] {} {}/{} simulation tasks, {:.1f} s, {:.0f} s in all", command_, done_.size() + 1,
                   experiments_, current_.id, done, total, seconds_since(current_start_), seconds_since(suite_start_)));
}

void SuiteProgress::end(bool ok, const std::string& error) {
  current_.seconds = seconds_since(current_start_);
  current_.ok = ok;
  current_.error = error;
  done_.push_back(current_);
  clear_line();
}

std::size_t SuiteProgress::failures() const {
  std::size_t n = 0;
  for (const auto& e : done_) n += e.ok ? 0 : 1;
  return n;
}

std::string SuiteProgress::summary() const {
  if (done_.empty()) return {};
  std::string out = fmt::format("\n{}: {} reproductions\n{:<22} {:>10} {:>8}  {}\n", command_, done_.size(),
                                "experiment", "seconds", "tasks", "outcome");
  double total = 0;
  for (const auto& e : done_) {
    total += e.seconds;
    out += fmt::format("{:<22} {:>10.1f} {:>8} {}\n", e.id, e.seconds, e.tasks, e.ok ? " ok" : " FAILED: " + shown(e.error, Lines::one));
  }
  out += fmt::format("{:<22} {:>10.1f}\n", "total", total);
  return out;
}

}  // namespace mcsim::cli
