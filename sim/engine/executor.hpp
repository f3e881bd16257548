// The executor: runs jobs on a Machine inside SimGrid, one actor per node, each job yielding a Run.
// A job is a Plan (run by the Plan interpreter, sim/core/plan_program.hpp) or any node program
// (sim/core/node_program.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../core/node_program.hpp"
#include "../core/plan.hpp"
#include "../core/run.hpp"
#include "../core/sharing.hpp"
#include "machine.hpp"

namespace mcsim {

struct Job {
  Plan plan;
  std::uint64_t routing_seed = 0;  // seeds the machine's random route choices for this run
  // When set, the job runs the program this makes (one per run of the job) and `plan` is ignored.
  ProgramFactory program;

  static Job running(ProgramFactory program, std::uint64_t routing_seed = 0) {
    return {{}, routing_seed, std::move(program)};
  }
};

struct SimulationOptions {
  // Extra SimGrid settings as "key:value" (what `--cfg=key:value` would give), e.g. tracing.
  std::vector<std::string> simgrid_config;
  // Record what nodes and links did (Run::states, Run::links; sim/engine/activity_recorder.hpp).
  bool record = false;
  // When set, SimGrid writes a Paje trace there (its platform and link usage) with mcsim's node
  // states (program, phase, network claiming); implies record.
  std::string paje_trace;
  // Whether the run records what it did (record, or a Paje trace). Recording works on either
  // sharing and changes no time: the sharing decision does not look at it.
  bool recorded() const { return record || !paje_trace.empty(); }
  // Who shares the flow transport's links (sim/core/sharing.hpp): what was asked (`--sharing`),
  // and what choose_sharing (sim/runner/sharing_choice.hpp) decided from it, the machine and the
  // jobs; the executor runs the decision (none made, as when a test drives simulate() itself:
  // SimGrid's).
  SharingRequest sharing_request = SharingRequest::automatic;
  std::optional<SharingDecision> sharing;
};

// Runs the jobs, all compiled beforehand, one after another in one SimGrid engine: job k starts when
// every node of job k-1 has finished, and its times are measured from its own start. Returns one
// Run per job. SimGrid allows one engine per process: call this at most once per process
// (run_isolated() gives each call a fresh process). Nothing calls back up: schedulers and
// reports run before and after, outside the engine.
std::vector<Run> simulate(Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options = {});

}  // namespace mcsim
