#include <chrono>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "scheduler.hpp"

namespace mcsim {

const std::vector<SchedulerEntry>& scheduler_registry() {
  static const std::vector<SchedulerEntry> registry = {
      {"LP", "linear permutation: n-1 pairwise exchanges with P(i xor k), dummy messages where COM is 0",
       "Ranka, Wang, Kumar 1992, sec. 3.1, Fig. 1", Strategy::loosely_synchronous, &schedule_linear_permutation_xor},
      {"LP-shift", "linear permutation variant: send to P((i+k) mod n), receive from P((i-k) mod n)",
       "Ranka, Wang, Kumar 1992, sec. 3.1", Strategy::loosely_synchronous, &schedule_linear_permutation_shift},
      {"CGM", "compact global masking: compressed matrix, random start column, entries randomly swapped",
       "Ranka, Wang, Fox 1992 [16]; Ranka, Wang, Kumar 1992 sec. 5.1 and 5.3.2", Strategy::loosely_synchronous,
       &schedule_compact_global_masking},
      {"CGM+sort", "CGM with each column sorted once by message size, largest first",
       "Ranka, Wang, Kumar 1992, sec. 5.1 item 6", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_sorted},
      {"AC", "asynchronous communication: post all receives, send everything, wait for all",
       "Ranka, Wang, Kumar 1992, sec. 3.3, Fig. 5", Strategy::asynchronous, &schedule_asynchronous},
  };
  return registry;
}

const SchedulerEntry& find_scheduler(const std::string& name, const std::string& where) {
  std::vector<std::string> names;
  for (const auto& entry : scheduler_registry()) {
    if (entry.name == name) return entry;
    names.push_back(entry.name);
  }
  throw Error(where, fmt::format("unknown scheduler '{}' (known: {})", name, fmt::join(names, ", ")));
}

Schedule run_scheduler(const SchedulerEntry& scheduler, const SchedulerInput& input) {
  Schedule result;
  const auto start = std::chrono::steady_clock::now();
  result.plan = scheduler.schedule(input, result.operations);
  const auto stop = std::chrono::steady_clock::now();
  result.host_seconds = std::chrono::duration<double>(stop - start).count();
  result.plan.nodes = input.matrix.nodes();
  result.plan.strategy = scheduler.default_strategy;
  return result;
}

}  // namespace mcsim
