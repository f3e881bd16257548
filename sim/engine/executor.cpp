// The node program and the job loop. Each node of a job is one SimGrid actor; an orchestrating
// actor starts job k+1 when every node of job k has finished (simgrid-notes: one engine per
// process, so many runs share one engine and are measured from their own start).
#include "executor.hpp"

#include "switching.hpp"

#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

#include <fmt/format.h>

namespace mcsim {
namespace {

namespace s4u = simgrid::s4u;

// Messages of one node in one round (a phase; the whole plan for the asynchronous strategy).
struct NodeRound {
  std::vector<std::size_t> sends;     // indices into Run::messages
  std::vector<std::size_t> receives;  // indices into Run::messages
};

struct JobState {
  const Plan* plan = nullptr;
  Machine* machine = nullptr;
  Run run;
  double start_s = 0;
  std::vector<std::vector<NodeRound>> rounds;  // [node][round]
  s4u::BarrierPtr barrier;                     // phase-synchronous only
  std::vector<std::size_t> tokens;             // the payload of message i is &tokens[i] == i
};

// One mailbox per ordered pair of nodes: messages between two nodes are matched in order, which
// is the order both sides walk their rounds in. Data and ready signals (S1) have separate sets.
class PairMailboxes {
 public:
  PairMailboxes(int nodes, char kind) : nodes_(nodes), kind_(kind) {}
  s4u::Mailbox* get(int src, int dst) {
    const auto key = static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(dst);
    if (auto it = boxes_.find(key); it != boxes_.end()) return it->second;
    // by_name is a simcall: other actors run before it returns, so the cache is filled only after.
    s4u::Mailbox* box = s4u::Mailbox::by_name(fmt::format("{}{}>{}", kind_, src, dst));
    boxes_.emplace(key, box);
    return box;
  }

 private:
  int nodes_;
  char kind_;
  std::unordered_map<std::uint64_t, s4u::Mailbox*> boxes_;
};

struct Network {
  MessageTransport transport;
  PairMailboxes data;
  PairMailboxes ready;  // S1's 0-byte ready signals, receiver to sender
};

// The node program: one round per phase (one round in all for the asynchronous strategy).
void node_program(JobState& job, Network& net, int node) {
  Machine& machine = *job.machine;
  const Strategy strategy = job.plan->strategy;
  const bool ready_signals = strategy == Strategy::receiver_ready;
  const bool pair_exchanges = ready_signals && net.transport.exchanges_need_pairing();
  const double barrier_s = machine.barrier_seconds();
  auto now = [&job] { return s4u::Engine::get_clock() - job.start_s; };
  std::size_t no_token = 0;  // ready signals carry nothing

  for (const NodeRound& round : job.rounds[node]) {
    // Post every receive of the round first, so that no ring of rendezvous can deadlock.
    std::vector<s4u::CommPtr> receives;
    std::vector<std::size_t*> arrived(round.receives.size(), nullptr);
    receives.reserve(round.receives.size());
    for (std::size_t r = 0; r < round.receives.size(); ++r) {
      const auto& m = job.run.messages[round.receives[r]];
      receives.push_back(net.data.get(m.src, node)->get_async<std::size_t>(&arrived[r]));
    }
    std::vector<SendHandle> sends;
    if (ready_signals) {
      for (std::size_t index : round.receives) {
        const int sender = job.run.messages[index].src;
        const double overhead = machine.node_costs(0).send_overhead_s;
        if (overhead > 0) s4u::this_actor::sleep_for(overhead);
        sends.push_back(net.transport.start({node, sender, 0, &no_token, net.ready.get(node, sender)}));
      }
    }
    for (std::size_t index : round.sends) {
      auto& m = job.run.messages[index];
      if (ready_signals) {
        net.ready.get(m.dst, node)->get<std::size_t>();
        const double overhead = machine.node_costs(0).receive_overhead_s;
        if (overhead > 0) s4u::this_actor::sleep_for(overhead);
      }
      m.start_s = now();
      const Transfer transfer{node, m.dst, machine.wire_bytes(m.bytes), &job.tokens[index], net.data.get(node, m.dst)};
      const NodeCosts costs = machine.node_costs(m.bytes);
      const auto back = pair_exchanges ? std::find_if(round.receives.begin(), round.receives.end(),
                                                      [&](std::size_t r) { return job.run.messages[r].src == m.dst; })
                                       : round.receives.end();
      if (back == round.receives.end()) {
        if (costs.send_overhead_s > 0) s4u::this_actor::sleep_for(costs.send_overhead_s);
        sends.push_back(net.transport.start(transfer));
      } else if (node < m.dst) {
        // The lower node of a synchronised pair moves both messages; the higher one's send is
        // complete when its receive is.
        const auto& b = job.run.messages[*back];
        if (costs.send_overhead_s > 0) s4u::this_actor::sleep_for(costs.send_overhead_s);
        sends.push_back(net.transport.start_exchange(
            transfer, {b.src, node, machine.wire_bytes(b.bytes), &job.tokens[*back], net.data.get(b.src, node)}));
      }
    }
    // Take messages in the order they arrive; each costs the receiver its overhead.
    std::vector<std::size_t> slot_of(receives.size());
    for (std::size_t r = 0; r < slot_of.size(); ++r) slot_of[r] = r;
    while (!receives.empty()) {
      const auto k = static_cast<std::size_t>(s4u::Comm::wait_any(receives));
      auto& m = job.run.messages[*arrived[slot_of[k]]];
      m.end_s = receives[k]->get_finish_time() - job.start_s;
      receives.erase(receives.begin() + static_cast<std::ptrdiff_t>(k));
      slot_of.erase(slot_of.begin() + static_cast<std::ptrdiff_t>(k));
      const double overhead = machine.node_costs(m.bytes).receive_overhead_s;
      if (overhead > 0) s4u::this_actor::sleep_for(overhead);
    }
    for (auto& send : sends) send.wait();
    if (strategy == Strategy::phase_synchronous) {
      job.barrier->wait();
      if (barrier_s > 0) s4u::this_actor::sleep_for(barrier_s);
    }
  }
  job.run.node_finish_s[node] = now();
}

JobState prepare(const Job& job, Machine& machine) {
  JobState state;
  state.plan = &job.plan;
  state.machine = &machine;
  const int n = machine.nodes();
  state.run.nodes = n;
  state.run.node_finish_s.assign(n, 0.0);
  const bool one_round = job.plan.strategy == Strategy::asynchronous;
  const std::size_t round_count = one_round ? (job.plan.phases.empty() ? 0 : 1) : job.plan.phases.size();
  state.rounds.assign(n, std::vector<NodeRound>(round_count));
  for (std::size_t p = 0; p < job.plan.phases.size(); ++p) {
    const std::size_t round = one_round ? 0 : p;
    for (const auto& m : job.plan.phases[p].messages) {
      const std::size_t index = state.run.messages.size();
      state.run.messages.push_back({m.src, m.dst, m.bytes, static_cast<int>(p), m.dummy, 0.0, 0.0});
      state.rounds[m.src][round].sends.push_back(index);
      state.rounds[m.dst][round].receives.push_back(index);
    }
  }
  state.tokens.resize(state.run.messages.size());
  for (std::size_t i = 0; i < state.tokens.size(); ++i) state.tokens[i] = i;
  if (job.plan.strategy == Strategy::phase_synchronous) state.barrier = s4u::Barrier::create(static_cast<unsigned>(n));
  return state;
}

// Node count from which actor stacks go without guard pages (see configure_network_model).
constexpr int kUnguardedStacksFrom = 8192;

// The flow model as the machines of mcsim assume it: plain latency + bytes/bandwidth with max-min
// sharing (simgrid-notes: LV08's TCP calibration factors are off; cross-traffic is off).
// Each setting yields to a --cfg given by the user.
void configure_network_model(int node_count) {
  auto set_default = [](const char* key, const char* value) {
    if (simgrid::config::is_default(key)) s4u::Engine::set_config(std::string(key) + ":" + value);
  };
  set_default("network/model", "CM02");
  set_default("network/crosstraffic", "0");
  set_default("network/TCP-gamma", "0");
  // Switched machines run one short-lived actor per message; with SimGrid's default 8 MiB stacks
  // the kernel's page mapping was the larger part of a run (a 64-node iPSC/860 sweep: 4.8 s with
  // 128 KiB, 4.1 s with 64 KiB; 56 s with the default, all samples at once). Node programs,
  // transfers and the schedulers (run by the orchestrating actor) need far less. Guard pages stay,
  // so an overflow is a crash, not a silent corruption (without them: 2.6 s).
  set_default("contexts/stack-size", "64");
  // Each guarded stack costs two kernel memory mappings, and Linux allows 65530 per process
  // (vm.max_map_count): a 16384-node mesh running the store-and-forward hops aborted with "Failed to
  // protect stack". Machines that large run without guard pages.
  if (node_count >= kUnguardedStacksFrom) set_default("contexts/guard-size", "0");
}

}  // namespace

void simulate(Machine& machine, std::size_t job_count, const std::function<Job(std::size_t)>& make_job,
              const std::function<void(std::size_t, Run&&)>& take_run, const SimulationOptions& options) {
  std::vector<std::string> args = {"mcsim", "--log=root.thres:warning", "--log=xbt_cfg.thres:warning"};
  if (const char* log = std::getenv("MCSIM_SIMGRID_LOG")) args.push_back(std::string("--log=") + log);
  for (const auto& cfg : options.simgrid_config) args.push_back("--cfg=" + cfg);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  int argc = static_cast<int>(argv.size());
  argv.push_back(nullptr);

  s4u::Engine engine(&argc, argv.data());
  configure_network_model(machine.nodes());
  machine.build_platform();

  s4u::Actor::create("orchestrator", machine.host(0), [&]() {
    Network net{MessageTransport(machine), PairMailboxes(machine.nodes(), 'm'), PairMailboxes(machine.nodes(), 'r')};
    for (std::size_t k = 0; k < job_count; ++k) {
      const Job job = make_job(k);
      machine.reseed_routing(job.routing_seed);
      JobState state = prepare(job, machine);
      state.start_s = s4u::Engine::get_clock();
      std::vector<s4u::ActorPtr> nodes;
      nodes.reserve(static_cast<std::size_t>(machine.nodes()));
      for (int i = 0; i < machine.nodes(); ++i)
        nodes.push_back(s4u::Actor::create("node-" + std::to_string(i), machine.host(i),
                                           [&state, &net, i] { node_program(state, net, i); }));
      for (auto& actor : nodes) actor->join();
      take_run(k, std::move(state.run));
    }
  });
  engine.run();
}

std::vector<Run> simulate(Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options) {
  std::vector<Run> runs(jobs.size());
  simulate(
      machine, jobs.size(), [&jobs](std::size_t k) { return jobs[k]; },
      [&runs](std::size_t k, Run&& run) { runs[k] = std::move(run); }, options);
  return runs;
}

}  // namespace mcsim
