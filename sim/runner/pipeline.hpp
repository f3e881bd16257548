// The one chain every command runs, one way, each stage once:
//
//   typed scenario values ─► machine ─► matrix ─► scheduler ─► validated plan ─► strategy ─► Job
//   (compile_job: before any simulation, outside SimGrid actors)
//                                              ─► simulate_compiled ─► JobRecords (one format back)
//
// `mcsim run`, `reproduce`, `sweep`, `bench` and `timeline` all go through here; only the
// orchestration around it (which samples, which cells, what report) differs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "../core/comm_matrix.hpp"
#include "../core/scheduler.hpp"
#include "../engine/executor.hpp"
#include "isolated.hpp"
#include "../workloads/workloads.hpp"
#include "job_record.hpp"
#include "sample_seeds.hpp"

namespace mcsim {

// A job ready to simulate, with what scheduling it measured (phases, host time, counts).
struct CompiledJob {
  Job job;
  JobRecord record;
};

// The matrix of `workload` on `nodes` nodes from the generator seeded with `seed`, in length units.
CommMatrix workload_matrix(const WorkloadSpec& workload, int nodes, std::uint64_t seed);

// Throws mcsim::Error (at `where`) if `scheduler` cannot run on a machine with these hints
// (RS_NL needs fixed routes): call before any process is started.
void check_schedulable(const SchedulerChoice& scheduler, const SchedulingHints& hints, const std::string& machine,
                       const std::string& where);

// Schedules `matrix` (bytes), validates the plan (every byte delivered once; promised
// permutations and link-contention-free phases checked against the routes in `hints`), applies
// `strategy` if given (else the scheduler's own) and makes the Job.
CompiledJob compile_job(const CommMatrix& matrix, const SchedulerChoice& scheduler, std::optional<Strategy> strategy,
                        const SchedulingHints& hints, JobSeeds seeds);

// Simulates the jobs one after another in this process's (single) SimGrid engine on `machine`,
// and fills each record's comm_s (and run when `keep_runs`).
std::vector<JobRecord> simulate_compiled(Machine& machine, std::vector<CompiledJob> jobs,
                                         const SimulationOptions& options, bool keep_runs = false);

// simulate_compiled in a child process (a fresh engine whose clock starts at 0) on a machine
// built from `spec`; throws mcsim::Error with the child's error.
std::vector<JobRecord> simulate_compiled_isolated(const MachineSpec& spec, std::vector<CompiledJob> jobs,
                                                  const SimulationOptions& options, bool keep_runs = false);

// Runs task(k) for k < count, each in its own process (a fresh SimGrid engine), up to `workers`
// at once; the records come back through records_to_text/records_from_text in task order.
std::vector<std::vector<JobRecord>> run_tasks_isolated(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       int workers, const TaskProgress& progress = {});

}  // namespace mcsim
