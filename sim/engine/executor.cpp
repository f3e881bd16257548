// The job loop. Each node of a job is one SimGrid actor running the job's program; an
// orchestrating actor starts job k+1 when every node of job k has finished and every control
// message of job k has been handled (SimGrid allows one engine per process, so many runs share one
// engine and are measured from their own start).
#include "executor.hpp"

#include <malloc.h>
#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <cstdlib>
#include <deque>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../core/plan_program.hpp"
#include "actor_errors.hpp"
#include "activity_recorder.hpp"
#include "drawn_routes.hpp"
#include "flow_model.hpp"
#include "node_runtime.hpp"
#include "sharing/fluid_network.hpp"

namespace mcsim {
namespace {

namespace s4u = simgrid::s4u;

// Whether actor stacks get a guard page, from an upper bound of the actors alive at once (a node's
// actor per node, and on switched machines a transfer actor per message of the largest job; the
// iPSC/860's send queues need only one more per node, so it over-counts there).
//  - A guard page turns a stack overflow into a crash instead of silent memory corruption. Each
//    costs two mprotect calls per actor (a TLB flush on every core); when mcsim made an actor per
//    message that was 43% of the cycles of a wang94-fig5 task, so small runs went without. Actors
//    are reused now (helper_actors.hpp), a few per node, and the guards cost nothing measurable:
//    wang94-fig5 at 2 samples 23.5-25.1 s of CPU without, 22.5-24.3 s with; ranka95-fig9 at 5
//    samples 22.5-25.7 s without, 21.3-23.2 s with (two pairs each, outputs byte-identical).
//  - They also keep memory down: without a guard SimGrid takes a stack with calloc, which zeroes it
//    in full whenever the block is reused heap memory, so the stack is resident; with one, only
//    the pages a stack touches are. iPSC/860 at d = 1 (AC), 2,048 nodes: 157 MiB without, 74 MiB
//    with.
//  - But every guarded actor holds two kernel memory mappings, and Linux allows 65,530 per process:
//    2048 iPSC/860 nodes at d = 16 (32,768 transfer actors at once) aborted with "Failed to
//    protect stack".
// So guard pages up to the mapping limit, none beyond it; `--cfg contexts/guard-size:N` decides
// when given. Headroom: every bundled reproduction (one sample, lo92-thm2 up to n = 12, so every
// machine and transport) ran with 16 KiB guarded stacks, every output file byte-identical; stacks
// are 64 KiB.
constexpr std::size_t kMappingsPerProcess = 65530;
bool guard_pages(std::size_t actors_at_once) { return 2 * actors_at_once + 4096 < kMappingsPerProcess; }

// Without guard pages (beyond the mapping limit, or when the user asks), calloc would write zeros
// over every stack taken from reused heap memory; from fresh pages (malloc's mmap path) it writes
// nothing, and only the pages a stack really uses are ever touched. So blocks of a stack's size
// then come from mmap. On lo92-thm2 at n = 14 (16,384 mesh nodes, up to 41,000 actors per
// process, -j 2) the peak fell from 2.56 to 1.18 GiB per process at the same wall time (40.1 s
// against 40.7 s). But malloc takes a block from the heap's top before mmap whenever the top has
// room, and the heap grows by 128 KiB more than each request (M_TOP_PAD), so the top mostly has a
// stack's room; calloc clears such a block in full. With no pad the top rarely holds a stack, which
// then comes from mmap as meant: the Paragon at 2,048 nodes, AC d = 16 (34,816 actors) fell from
// 1.83 GiB to 946 MiB at the same CPU time, same simulated time. The settings stay for the rest of
// the process.
void stacks_from_fresh_pages(std::size_t stack_bytes) {
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(stack_bytes));
  mallopt(M_TOP_PAD, 0);
}

// SimGrid's network/optim: Lazy (its default) keeps a heap of completion dates and re-solves only
// the constraints a change touches; Full re-solves everything at every event. When every message
// of a run is in flight at once on a flow network (one phase: AC, or a single round), a fat tree's
// upper links couple every flow, each completion touches all of them, and Lazy's bookkeeping is
// pure overhead (its update_modified_cnst_set_rec was 12-22% of the cycles). Measured on the CM-5,
// d = 16, 2 idle cores, one run each, simulated times identical to the last digit printed:
//   AC 256 nodes  8.66 s Lazy -> 4.38 s Full;  AC 512 nodes  43.5 s -> 25.7 s;
//   CGM 256 0.18 -> 0.41 s, CGM 512 0.84 -> 1.58 s, LP 256 1.44 -> 2.87 s (phased runs: Lazy wins).
// So Full only when every job is a one-phase plan of at least kCoupledFrom messages on a flow
// network; `--cfg network/optim:...` still wins.
// (kCoupledFrom: sim/core/sharing.hpp.)
bool every_message_at_once(const Machine& machine, const std::vector<Job>& jobs) {
  if (!machine.switching().traits().shares_links_as_flows || jobs.empty()) return false;
  return std::all_of(jobs.begin(), jobs.end(), [](const Job& job) {
    return !job.program && job.plan.phases.size() == 1 && job.plan.message_count() >= kCoupledFrom;
  });
}

// The flow model as the machines of mcsim assume it (flow_model.hpp). Each setting yields to a
// --cfg given by the user. With mcsim's own sharing (`fluid`, below) SimGrid's
// network model carries only 0-byte notices, and Full would buy nothing.
void configure_network_model(std::size_t actors_at_once, bool all_at_once, bool fluid_expected) {
  auto set_default = [](const char* key, const char* value) {
    if (simgrid::config::is_default(key)) s4u::Engine::set_config(std::string(key) + ":" + value);
  };
  for (const auto& [key, value] : plain_flow_model) set_default(key, value);
  if (all_at_once && !fluid_expected) set_default("network/optim", "Full");
  // Switched machines ran one short-lived actor per message (now reused: helper_actors.hpp); with
  // SimGrid's default 8 MiB stacks the kernel's page mapping was the larger part of a run (a
  // 64-node iPSC/860 sweep: 4.8 s with 128 KiB, 4.1 s with 64 KiB; 56 s with the default, all
  // samples at once). Node programs, transfers and the schedulers (run by the orchestrating actor)
  // need far less.
  set_default("contexts/stack-size", "64");
  set_default("contexts/guard-size", guard_pages(actors_at_once) ? "1" : "0");
  if (simgrid::config::get_value<int>("contexts/guard-size") == 0)
    stacks_from_fresh_pages(static_cast<std::size_t>(simgrid::config::get_value<int>("contexts/stack-size")) * 1024);
}

// glibc gives the top of the heap back to the kernel as soon as 128 KiB of it is free, and takes
// zero-filled pages back at the next allocation. A run frees and makes actor stacks (64 KiB each)
// and activities in waves, so the heap's top went back and forth: with the iPSC/860's send queues,
// a wang94-fig5 sweep (2 samples, -j 2) spent 19.5 s of its 57 s of CPU in the kernel, and 0.6 s
// with a 512 MiB threshold (39.0 s wall -> 18.1 s). Memory freed in a run stays in the process for
// the next run of it; peak memory is unchanged.
void keep_freed_memory() {
  static const bool once = [] { return mallopt(M_TRIM_THRESHOLD, 512 << 20) == 1; }();
  (void)once;
}

}  // namespace

std::vector<Run> simulate(Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options) {
  std::vector<Run> runs(jobs.size());
  std::vector<std::string> args = {"mcsim", "--log=root.thres:warning", "--log=xbt_cfg.thres:warning"};
  if (const char* log = std::getenv("MCSIM_SIMGRID_LOG")) args.push_back(std::string("--log=") + log);
  if (!options.paje_trace.empty())
    for (const char* cfg : {"tracing:yes", "tracing/platform:yes", "tracing/uncategorized:yes"})
      args.push_back(std::string("--cfg=") + cfg);
  if (!options.paje_trace.empty()) args.push_back("--cfg=tracing/filename:" + options.paje_trace);
  for (const auto& cfg : options.simgrid_config) args.push_back("--cfg=" + cfg);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  int argc = static_cast<int>(argv.size());
  argv.push_back(nullptr);

  keep_freed_memory();
  s4u::Engine engine(&argc, argv.data());
  clear_actor_error();
  std::size_t largest_job = 0;
  for (const Job& job : jobs) largest_job = std::max(largest_job, job.program ? 0 : job.plan.message_count());
  // The run's sharing as decided before it (choose_sharing); recorded or not, the same.
  const SharingDecision sharing = options.sharing.value_or(SharingDecision{});
  const bool fluid = sharing.sharing == Sharing::fluid;
  if (fluid && !machine.switching().traits().shares_links_as_flows)
    throw Error("sharing", fmt::format("machine {}'s transport {} does not share links as flows",
                                       machine.name(), machine.switching().transport()));
  // choose_sharing never decides so (sim/runner/sharing_choice.hpp); a caller that decides alone may.
  if (fluid && machine.switching().link_latency_s() > 0)
    throw Error("sharing fluid", machine.name() + " has links with latency, which the fluid sharing leaves out");
  configure_network_model(static_cast<std::size_t>(machine.nodes()) + largest_job, every_message_at_once(machine, jobs),
                          fluid);
  machine.platform().build();

  s4u::Actor::create("orchestrator", machine.platform().host(0), guarded([&]() {
    // Made in the engine, in this order (and undone in the reverse order, still in the engine):
    // the one owner of the route draws, which the fluid sharing and the recorder subscribe to; the
    // fluid sharing's actor is the first the run makes, as when the flow transport made it.
    RouteDraws draws(machine.platform());
    std::unique_ptr<FluidNetwork> fluid_network;
    if (fluid) fluid_network = std::make_unique<FluidNetwork>(machine.platform(), draws);
    std::unique_ptr<ActivityRecorder> recorder;
    if (options.recorded())
      recorder = std::make_unique<ActivityRecorder>(machine.platform(), machine.nodes(), !options.paje_trace.empty(),
                                                    draws, fluid_network.get());
    if (fluid_network) fluid_network->set_recorder(recorder.get());
    Network net(machine);
    net.recorder = recorder.get();
    net.transport->attach({recorder.get(), &draws, fluid_network.get()});
    const int n = machine.nodes();
    HelperActors node_actors;  // node i's program runs in the same actor from job to job
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      const Job& job = jobs[k];
      machine.platform().reseed_routing(job.routing_seed);
      std::unique_ptr<Program> program =
          job.program ? job.program(n) : std::make_unique<PlanProgram>(job.plan, n, machine.library().receives.value);
      if (!program) throw Error("simulation", fmt::format("job {}: its program factory made no program", k));
      JobRuntime runtime(machine, net);
      std::deque<SimulatedNode> nodes;
      for (int i = 0; i < n; ++i) nodes.emplace_back(runtime, i);
      runtime.start_clock();
      if (recorder) recorder->start_job();
      std::vector<TransferHandle> programs;
      programs.reserve(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i)
        programs.push_back(node_actors.run(machine.platform().host(i), "node-" + std::to_string(i),
                                           [&program, &nodes, i] { program->run(nodes[static_cast<std::size_t>(i)]); }));
      for (auto& running : programs) running.wait();
      runtime.drain();
      runs[k] = program->result();
      if (recorder) recorder->finish_job(runs[k], job.routing_seed);
    }
  }));
  engine.run();
  rethrow_actor_error();
  return runs;
}

}  // namespace mcsim
