// Progress on standard error for long runs, one mechanism for every command (`reproduce ID`,
// `run`, `sweep`, `sensitivity`, and the suite line of `reproduce --all` and `report`): on a
// terminal one line rewritten in place; off a terminal (CI logs, `2>&1 | tee`) a line at most every
// few seconds, whatever the number of tasks, so that a log shows a long run alive without a line
// per task (issue 47: `report` wrote nothing for 6 minutes while lo92-thm2 ran). The task runner
// calls back once a second even when no task ended (sim/runner/isolated.cpp), so a long task still
// gets its lines. A standard error that cannot be written (closed, full) loses the line and the run
// carries on: progress is for the eye, the run's product is its files and report.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace mcsim::cli {

// Seconds between two lines off a terminal: 5, or MCSIM_PROGRESS_SECONDS (a number >= 0; a CI that
// wants fewer lines, a test that wants them sooner). Throws mcsim::Error naming the variable for a
// value that is not such a number.
double progress_pace_seconds();

// Where a progress line goes and how often.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled);
  // Shows `line`: on a terminal in place of the last; off one written when `always`, or when the
  // pace has passed since the last line written.
  void show(const std::string& line, bool always = false);
  // On a terminal: ends the line shown (newline), so that what follows starts on its own.
  void end();
  // On a terminal: blanks the line shown, so that a report can be printed where it was.
  void clear();
  bool enabled() const { return enabled_; }
  bool terminal() const { return terminal_; }

 private:
  bool enabled_;
  bool terminal_;
  bool shown_ = false;  // a line is on the terminal, not yet ended or cleared
  double pace_;
  std::chrono::steady_clock::time_point last_written_{};
  bool written_ = false;
};

// One run's progress in simulation tasks: "ID: 3/40 simulation tasks (8%), 1.2 s elapsed, ~15 s left".
class Progress {
 public:
  explicit Progress(std::string what, bool enabled = true);
  void operator()(std::size_t done, std::size_t total);

 private:
  std::string what_;
  ProgressLine line_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace mcsim::cli
