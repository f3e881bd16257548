// A recorded run (Run::states, sim/engine/activity_recorder.hpp) as a picture: one row per node,
// its upper half what the node's program does (start-up CPU, waiting for a message, for a partner's
// ready signal, for its own send, at a barrier, for a lock), its lower half what its network
// interface does (sending, receiving, both, a message claiming its path); white is idle; a black
// tick where the node enters a phase. Beyond 64 nodes a row stands for a group of consecutive
// nodes and shows, in each time slice, the state most of them are in (the picture says so).
#pragma once

#include <span>
#include <string>

#include "../core/result_table.hpp"
#include "../core/run.hpp"

namespace mcsim {

// The colour of each program and interface activity, and what it means (the replay draws the same).
struct ActivityLegend {
  const char* lane;
  const char* activity;
  const char* colour;
  const char* meaning;
};
std::span<const ActivityLegend> activity_legend();

// node,lane,activity,start_ms,end_ms: a row per recorded state (phases: start = end), the
// timeline's ID.states.csv through table_csv.
ResultTable node_states_table(const Run& run);
// phase,src,dst,bytes,dummy,start_ms,end_ms: a row per message of the run (the timeline's CSV).
ResultTable messages_table(const Run& run);
// node,activity,start_ms,end_ms: a row per span a node program noted (locks, sleeps, barriers),
// the timeline's CSV's second table when the run has any.
ResultTable node_spans_table(const Run& run);

// A self-contained SVG (deterministic).
std::string node_timeline_svg(const Run& run, const std::string& title);

}  // namespace mcsim
