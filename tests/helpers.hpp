// Test helpers: simulations run in a child process (SimGrid allows one engine per process), and
// small matrices built by hand.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "routing/fat_tree_shape.hpp"
#include "sim/core/comm_matrix.hpp"
#include "sim/core/plan.hpp"
#include "sim/core/result_table.hpp"
#include "sim/core/run.hpp"
#include "sim/engine/executor.hpp"
#include "sim/engine/machine.hpp"
#include "sim/runner/isolated_simulation.hpp"

namespace mcsim::test {

// A one-phase plan of the given messages.
Plan one_phase(int nodes, Strategy strategy, std::vector<PlannedMessage> messages, bool permutation = true);

// When the message src -> dst of a run arrived (fails the test if the run has none).
double end_of(const Run& run, int src, int dst);

// Runs `body` in an actor of a fresh engine with one host, in a child process, and returns what it
// returned: for engine parts that need a running simulation but no machine.
std::string in_engine(const std::function<std::string()>& body);
// The same, followed by " end " and the clock when the engine stopped (for what must not move it).
std::string in_engine_to_its_end(const std::function<std::string()>& body);
// The same on the platform of a machine (`body` runs on its node 0): for engine parts that need one.
std::string in_machine(const MachineSpec& spec, const std::function<std::string(Machine&)>& body);

// Path of the mcsim binary and a way to run it: returns the exit code; stdout/stderr captured.
struct CommandResult {
  int exit_code = 0;
  std::string out;
  std::string err;
};
CommandResult run_mcsim(const std::string& arguments);
// `err` without the notes AddressSanitizer itself prints in the debug preset (SimGrid's context
// switches make every simulation process warn about __asan_handle_no_return): not mcsim's output.
std::string without_sanitizer_notes(const std::string& err);
std::string temp_dir(const std::string& name);
// The whole content of a file ("" if it cannot be opened).
std::string slurp(const std::string& path);
// `text` with every run of white space as one space: a page's sentence is found whatever its line breaks.
std::string flowing(const std::string& text);
// Checks that `text` holds each of `quoted`, naming every one it does not.
void check_quoted(const std::string& text, const std::vector<std::string>& quoted);
// A failed command as mcsim promises it: a non-zero exit (exactly `exit_code` when given), one
// line on stderr starting "mcsim: error: " and holding `fragment`.
void require_one_line_error(const CommandResult& r, const std::string& fragment,
                            std::optional<int> exit_code = std::nullopt);

// Runs `body` (which simulates in child processes) with SimGrid's configuration log on and stderr
// in a file; returns what was written there ("Configuration change: Set 'KEY' to 'VALUE'" lines:
// the settings a simulation really ran with).
std::string simgrid_configuration_log(const std::function<void()>& body);

// The bundled CM-5's fat tree for `nodes` nodes, as cm5.toml gives it (4-ary, up-links by the
// rule cm5-parents-per-level).
FatTreeShape cm5_fat_tree(int nodes);

// A two-cell region table as a region map's renderers read it: at density 4, 64 B where mcsim's fastest is
// AC as the paper's, and 1,024 B where it is `other` against the paper's AC (times 1/2 and 3/2 ms).
ResultTable two_cell_region_table(const std::string& experiment, const std::string& other);

}  // namespace mcsim::test
