// Phased task graphs (Lo, Rajopadhye, Telle & Zhong 1992, sec. 3): a parallel program whose tasks
// send messages only on the edges E_i of phase i, with a synchronisation between phases. Only the
// divide stage is modelled: the combine stage uses the same edges reversed (sec. 2).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace mcsim {

// One message of a phase: an edge of the task graph with its weight W(e) (the volume, relative
// to the root's problem size 1).
struct TaskEdge {
  int sender = 0;
  int receiver = 0;
  double volume = 0;
};

struct PhasedTaskGraph {
  std::string name;  // "B(4)", "CBT(5)"
  int tasks = 0;
  double alpha = 1;                         // volume ratio per phase (sec. 2)
  std::vector<std::vector<TaskEdge>> phases;  // phases[i - 1] is E_i

  std::size_t edge_count() const {
    std::size_t total = 0;
    for (const auto& phase : phases) total += phase.size();
    return total;
  }
};

}  // namespace mcsim
