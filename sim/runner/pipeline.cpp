#include "pipeline.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../../topologies/machines.hpp"
#include "../core/plan_validator.hpp"
#include "sharing_choice.hpp"

namespace mcsim {

CommMatrix workload_matrix(const WorkloadSpec& workload, int nodes, std::uint64_t seed) {
  Rng rng(seed);
  return generate_workload(workload, nodes, rng);
}

void check_schedulable(const SchedulerChoice& scheduler, const SchedulingHints& hints, const std::string& machine,
                       const std::string& where) {
  if (scheduler.entry->needs_routes && !hints.routes)
    throw Error(where, fmt::format("scheduler {} needs fixed routes and machine {} has none", scheduler.spec, machine));
}

CompiledJob compile_job(const CommMatrix& matrix, const SchedulerChoice& scheduler, std::optional<Strategy> strategy,
                        const SchedulingHints& hints, JobSeeds seeds) {
  Rng rng(seeds.schedule);
  if (scheduler.entry->program) {  // a run-time protocol: its program is the job
    CompiledJob compiled;
    compiled.job = Job::running(scheduler.entry->program({matrix, hints, rng}, scheduler.params), seeds.routes);
    return compiled;
  }
  Schedule schedule = run_scheduler(scheduler, {matrix, hints, rng});
  validate_plan(schedule.plan, matrix, scheduler.spec);
  if (hints.routes) validate_link_contention_free(schedule.plan, hints.routes.get(), scheduler.spec);
  if (strategy) schedule.plan.strategy = *strategy;
  CompiledJob compiled;
  compiled.record.phases = schedule.phases();
  compiled.record.host_s = schedule.host_seconds;
  compiled.record.operations = std::move(schedule.operations);
  compiled.job = Job{std::move(schedule.plan), seeds.routes};
  return compiled;
}

std::vector<JobRecord> simulate_compiled(Machine& machine, std::vector<CompiledJob> jobs,
                                         const SimulationOptions& options, bool keep_runs) {
  std::vector<Job> to_run;
  std::vector<JobRecord> records;
  to_run.reserve(jobs.size());
  records.reserve(jobs.size());
  for (auto& compiled : jobs) {
    to_run.push_back(std::move(compiled.job));
    records.push_back(std::move(compiled.record));
  }
  jobs.clear();
  // The run's one sharing decision, for the executor and in every record.
  SimulationOptions decided = options;
  decided.sharing = choose_sharing(machine, to_run, options);
  std::vector<Run> runs = simulate(machine, to_run, decided);
  for (std::size_t j = 0; j < runs.size(); ++j) {
    records[j].sharing = decided.sharing;
    records[j].comm_s = runs[j].communication_time();
    if (keep_runs) records[j].run = std::move(runs[j]);
  }
  return records;
}

std::vector<std::vector<JobRecord>> run_tasks_isolated(std::size_t count,
                                                       const std::function<std::vector<JobRecord>(std::size_t)>& task,
                                                       int workers, const TaskProgress& progress) {
  const auto texts = run_isolated(
      count, [&](std::size_t k) { return records_to_text(task(k)); }, workers, progress);
  std::vector<std::vector<JobRecord>> records;
  records.reserve(texts.size());
  for (const auto& text : texts) records.push_back(records_from_text(text));
  return records;
}

std::vector<JobRecord> simulate_compiled_isolated(const MachineSpec& spec, std::vector<CompiledJob> jobs,
                                                  const SimulationOptions& options, bool keep_runs) {
  (void)make_machine(spec);  // bad specs fail here, before a process is started
  return run_tasks_isolated(
             1, [&](std::size_t) { return simulate_compiled(*make_machine(spec), std::move(jobs), options, keep_runs); },
             1)
      .at(0);
}

}  // namespace mcsim
