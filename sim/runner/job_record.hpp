// What one job measured, as it comes back from the process that ran it: the one record format
// between a simulation (or scheduling) process and its parent, with one serializer and one parser.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../core/run.hpp"
#include "../core/scheduler.hpp"
#include "../core/sharing.hpp"

namespace mcsim {

struct JobRecord {
  std::size_t phases = 0;          // of the scheduled plan
  double host_s = 0;               // scheduler wall time on this computer
  OperationCounts operations;      // the scheduler's own counts (heap_ops, ...)
  double comm_s = 0;               // simulated communication time (0 when nothing was simulated)
  std::map<std::string, double> measured;  // what a command measured beside (bench: stage wall times, memory)
  // Who shared the flow transport's links in the simulation (choose_sharing); none when nothing
  // was simulated.
  std::optional<SharingDecision> sharing;
  std::optional<Run> run;          // the whole run, when the caller asked for it (timeline, tests)

  friend bool operator==(const JobRecord&, const JobRecord&) = default;
};

// Text with exact (shortest round-trip) numbers; names must not contain white space.
std::string records_to_text(const std::vector<JobRecord>& records);
// Throws mcsim::Error ("job records: ...") for text records_to_text did not write.
std::vector<JobRecord> records_from_text(const std::string& text);

}  // namespace mcsim
