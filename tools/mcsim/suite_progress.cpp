#include "suite_progress.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "terminal_text.hpp"

namespace mcsim::cli {

SuiteProgress::SuiteProgress(std::string command, std::size_t experiments, bool enabled)
    : command_(std::move(command)), experiments_(experiments), line_(enabled),
      suite_start_(std::chrono::steady_clock::now()), current_start_(suite_start_) {}

double SuiteProgress::seconds_since(std::chrono::steady_clock::time_point start) const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void SuiteProgress::clear_line() { line_.clear(); }

void SuiteProgress::announce(const std::string& text) {
  for (std::size_t from = 0; from <= text.size();) {
    const std::size_t to = std::min(text.find('\n', from), text.size());
    line_.show(text.substr(from, to - from), true);
    line_.end();
    from = to + 1;
  }
}

void SuiteProgress::begin(const std::string& id) {
  current_ = Entry{id};
  current_start_ = std::chrono::steady_clock::now();
  line_.show(fmt::format("{}: [{}/{}] {} starting, {:.0f} s in all", command_, done_.size() + 1, experiments_, id,
                         seconds_since(suite_start_)),
             true);
}

void SuiteProgress::tasks(std::size_t done, std::size_t total) {
  current_.tasks = total;
  if (done == total && line_.terminal()) {  // the report is printed next
    clear_line();
    return;
  }
  line_.show(fmt::format("{}: [{}/{}] {} {}/{} simulation tasks, {:.1f} s, {:.0f} s in all", command_,
                         done_.size() + 1, experiments_, current_.id, done, total, seconds_since(current_start_),
                         seconds_since(suite_start_)));
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
