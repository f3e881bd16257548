// A progress line on standard error for long runs: rewritten in place on a terminal, a line every
// 10% otherwise (CI logs). A standard error that cannot be written (closed, full) loses the line
// and the run carries on: progress is for the eye, the run's product is its files and report.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace mcsim::cli {

class Progress {
 public:
  explicit Progress(std::string what, bool enabled = true);
  void operator()(std::size_t done, std::size_t total);

 private:
  std::string what_;
  bool enabled_;
  bool terminal_;
  int last_decile_ = -1;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace mcsim::cli
