// A signalled or killed mcsim leaves nothing running and nothing half written.
//
// The parent tracks the processes it starts (simulation tasks, gnuplot) and the temporary file it
// is writing. On SIGINT, SIGTERM, SIGHUP or SIGQUIT it kills the tracked processes, waits for them,
// removes the temporary file and exits with status 128 + signal. A child also asks the kernel for
// SIGKILL when its parent dies, so even a parent killed outright (SIGKILL) leaves no child behind.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <string>

namespace mcsim {

// Once, at program start (tools/mcsim/main.cpp). Without it signals keep their default action;
// children still die with their parent.
void install_termination_handlers();

// Holds the termination signals back while a child is started and tracked (from fork to
// track_child), so that no signal finds it started but untracked; the child unblocks them in
// prepare_child_process.
class TerminationSignalsHeld {
 public:
  TerminationSignalsHeld();
  ~TerminationSignalsHeld();
  TerminationSignalsHeld(const TerminationSignalsHeld&) = delete;
  TerminationSignalsHeld& operator=(const TerminationSignalsHeld&) = delete;

 private:
  sigset_t previous_;
};

// In a freshly forked child, first thing: default signal actions (unblocked), and SIGKILL when
// the parent dies (exits at once if the parent is already gone).
void prepare_child_process(pid_t parent);

// The processes the handler kills; at most 4096 at once (more are refused with mcsim::Error).
void track_child(pid_t pid);
void untrack_child(pid_t pid);

// Temporary files (or directories, removed when empty) being written; the handler removes them,
// the most recently tracked first (a file before the directory it is in). Any number at once.
void track_temporary(const std::string& path);
void untrack_temporary(const std::string& path);

}  // namespace mcsim
