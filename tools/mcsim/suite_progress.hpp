// `mcsim reproduce --all` and `mcsim report`: one progress display for a run of many
// reproductions (drawn by progress.hpp's ProgressLine: in place on a terminal, a line every few
// seconds off one), and the summary of each one's time at the end.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "progress.hpp"

namespace mcsim::cli {

class SuiteProgress {
 public:
  // `command` names the run in the progress line and the summary ("reproduce --all", "report").
  SuiteProgress(std::string command, std::size_t experiments, bool enabled);
  // Lines said before the first reproduction starts (what the suite will cost), each written whole.
  void announce(const std::string& text);
  // The next reproduction starts.
  void begin(const std::string& id);
  // Progress within the current one (a TaskProgress).
  void tasks(std::size_t done, std::size_t total);
  // The current one has ended (ok = false: it failed with `error`); its time is kept for the summary.
  void end(bool ok, const std::string& error = {});
  // Clears the progress line, so that a report can be printed.
  void clear_line();
  // One line per reproduction (time, tasks, outcome) and the total; an empty string if none ran.
  std::string summary() const;
  std::size_t failures() const;

 private:
  struct Entry {
    std::string id;
    double seconds = 0;
    std::size_t tasks = 0;
    bool ok = true;
    std::string error;
  };
  double seconds_since(std::chrono::steady_clock::time_point start) const;

  std::string command_;
  std::size_t experiments_;
  ProgressLine line_;
  std::chrono::steady_clock::time_point suite_start_, current_start_;
  std::vector<Entry> done_;
  Entry current_;
};

}  // namespace mcsim::cli
