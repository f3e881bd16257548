// The executor: runs jobs on a Machine inside SimGrid, one actor per node, each job yielding a Run.
// A job is a Plan (run by the Plan interpreter, sim/core/plan_program.hpp) or any node program
// (sim/core/node_program.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../core/node_program.hpp"
#include "../core/plan.hpp"
#include "../core/run.hpp"
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
};

// Runs `job_count` jobs one after another in one SimGrid engine: job k is asked for with
// make_job(k) when job k-1 has drained, and its Run handed to take_run(k, run). Durations are
// measured from each job's own start. SimGrid allows one engine per process: call this at most
// once per process (run_isolated() gives each call a fresh process).
void simulate(Machine& machine, std::size_t job_count, const std::function<Job(std::size_t)>& make_job,
              const std::function<void(std::size_t, Run&&)>& take_run, const SimulationOptions& options = {});

// Convenience: all jobs given up front, all runs returned.
std::vector<Run> simulate(Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options = {});

}  // namespace mcsim
