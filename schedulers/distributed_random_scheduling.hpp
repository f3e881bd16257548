// Distributed random scheduling (Ranka, Shankar, Alsabti 1995, sec. 5, Figures 4 and 5), after
// Wang, Lin, Ranka, HICSS 1993: a run-time protocol, written as a node program.
#pragma once

#include <cstdint>

#include "../sim/core/node_program.hpp"
#include "../sim/core/scheduler.hpp"

namespace mcsim {

struct DrsOptions {
  // The paper's two improvements of its re-implementation: a busy receiver says how long it will
  // stay busy (the sender leaves it alone that long and sleeps for the least such time when every
  // destination is busy), and gives the go-ahead when its current transfer is about to end.
  bool improvements = false;
  // True: every node first learns its receive vector from the others (one active message per
  // other node); false: the receive vectors are known beforehand (for tests timed by hand).
  bool exchange_vectors = true;
  std::uint64_t seed = 0;          // each node's random choices are drawn from derive_seed(seed, node)
  double seconds_per_byte = 0;     // the machine's rate, to tell how long a transfer will take
};

// The program for `matrix` (bytes). Each data message is a Run message (start: the send call after
// the lock was won; end: its arrival); Run::node_finish_s as usual.
ProgramFactory distributed_random_scheduling(const CommMatrix& matrix, DrsOptions options);

// The scheduler entries' makers (builtin_schedulers.cpp): DRS and DRS+improvements.
ProgramFactory make_drs(const SchedulerInput& input, const SchedulerParams& params);
// DRS's parameter `vectors` as its settings (SchedulerEntry::read_settings).
std::shared_ptr<const SchedulerSettings> read_drs_settings(const SchedulerParams& params);
ProgramFactory make_drs_improved(const SchedulerInput& input, const SchedulerParams& params);

}  // namespace mcsim
