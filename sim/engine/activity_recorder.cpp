#include "activity_recorder.hpp"

#include <simgrid/instr.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_map>

namespace mcsim {

namespace s4u = simgrid::s4u;

namespace {

// Colours of the Paje states (r g b in 0..1), the same hues `mcsim timeline` draws.
struct StateColour {
  const char* activity;
  const char* rgb;
};
constexpr StateColour kProgramColours[] = {
    {"cpu", "0.95 0.55 0.1"},       {"wait-message", "0.65 0.8 0.95"}, {"wait-partner", "0.55 0.6 0.95"},
    {"wait-send", "0.8 0.75 0.95"}, {"barrier", "0.6 0.6 0.6"},        {"wait-lock", "0.95 0.6 0.8"},
    {"none", "1 1 1"}};

// The recorder of the running engine (one engine per process), for the clock signal.
ActivityRecorder* g_clock_listener = nullptr;

}  // namespace

ActivityRecorder::ActivityRecorder(Platform& platform, int nodes, bool paje, RouteDraws& draws,
                                   const FluidNetwork* fluid)
    : platform_(platform),
      nodes_(nodes),
      paje_(paje),
      program_now_(static_cast<std::size_t>(nodes)),
      program_since_abs_(static_cast<std::size_t>(nodes), 0.0),
      claiming_now_(static_cast<std::size_t>(nodes), 0) {
  for (int i = 0; i < nodes; ++i) hosts_.push_back(platform.host(i)->get_name());
  std::vector<std::pair<std::string, int>> named;  // (SimGrid name, family link)
  for (const LinkIdentity& link : platform.links().links) named.emplace_back(link_name(link), link.family_link);
  std::sort(named.begin(), named.end());
  loads_.resize(named.size());
  for (std::size_t i = 0; i < named.size(); ++i) {
    const auto& [name, family_link] = named[i];
    links_.push_back(s4u::Link::by_name(name));
    loads_[i].link = name;
    loads_[i].bandwidth_Bps = links_[i]->get_bandwidth();
    if (family_link < 0) continue;
    if (slot_of_family_link_.size() <= static_cast<std::size_t>(family_link))
      slot_of_family_link_.resize(static_cast<std::size_t>(family_link) + 1, -1);
    slot_of_family_link_[static_cast<std::size_t>(family_link)] = static_cast<std::ptrdiff_t>(i);
  }
  for (std::size_t i = 0; i < links_.size(); ++i) slot_of_link_impl_.emplace(links_[i]->get_impl(), static_cast<int>(i));
  fluid_ = fluid;
  routes_drawn_ = draws.subscribe([this](const RouteDraws::For& drawn_for, int src, int dst, const RouteDraws::Links& links) {
    if (drawn_for.message) keep_route(*drawn_for.message, src, dst, links);
  });
  // The rates SimGrid solved for the interval that just ended are still in force when the clock
  // signal fires (checked: two flows sharing a link, one joining later, give the exact bytes).
  static bool connected = false;
  g_clock_listener = this;
  if (!connected) {
    s4u::Engine::on_time_advance_cb([](double seconds) {
      if (g_clock_listener) g_clock_listener->advance(seconds);
    });
    connected = true;
  }
  if (paje_) {
    TRACE_host_state_declare("program");
    for (const auto& c : kProgramColours) TRACE_host_state_declare_value("program", c.activity, c.rgb);
    TRACE_host_state_declare("phase");
    TRACE_host_state_declare("network");
    TRACE_host_state_declare_value("network", "claiming", "0.85 0.1 0.1");
    TRACE_host_state_declare_value("network", "none", "1 1 1");
    simgrid::instr::declare_link_variable("streamed");
    paje_streamed_set_.assign(links_.size(), false);
    if (fluid_) {  // the flows' rates, from the start: pajeng refuses a change to a variable never set
      paje_streamed_.assign(links_.size(), 0.0);
      for (std::size_t i = 0; i < links_.size(); ++i) simgrid::instr::set_link_variable(loads_[i].link, "streamed", 0);
    }
  }
}

void ActivityRecorder::keep_route(std::uint64_t message, int src, int dst, const RouteDraws::Links& links) {
  Kept& kept = kept_[message];
  kept.src = src;
  kept.dst = dst;
  kept.route.clear();
  for (const auto* link : links)
    if (const auto slot = slot_of_link_impl_.find(link); slot != slot_of_link_impl_.end()) kept.route.push_back(slot->second);
}

double ActivityRecorder::usage(std::size_t slot) const {
  return fluid_ ? fluid_->usage(links_[slot]->get_impl()) : links_[slot]->get_usage();
}

ActivityRecorder::~ActivityRecorder() {
  if (g_clock_listener == this) g_clock_listener = nullptr;
}

void ActivityRecorder::advance(double seconds) {
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const double usage = this->usage(i);
    if (!paje_streamed_.empty() && usage != paje_streamed_[i]) {  // fluid sharing, Paje trace
      simgrid::instr::set_link_variable(loads_[i].link, "streamed", usage, s4u::Engine::get_clock() - seconds);
      paje_streamed_[i] = usage;
    }
    if (usage <= 0) continue;
    loads_[i].bytes += usage * seconds;
    loads_[i].busy_s += seconds;
    const double now = s4u::Engine::get_clock();  // the signal fires once the clock has moved on
    busy(i, now - seconds, now, usage);
  }
}

void ActivityRecorder::busy(std::size_t slot, double start_abs, double end_abs, double rate_Bps) {
  if (!(end_abs > start_abs)) return;
  const std::ptrdiff_t last = last_busy_of_[slot];
  // One entry for a stretch at one rate: the clock advances at every event anywhere in the machine.
  if (last >= 0) {
    LinkBusy& previous = busy_[static_cast<std::size_t>(last)];
    if (previous.end_s == start_abs && previous.rate_Bps == rate_Bps) {
      previous.end_s = end_abs;
      return;
    }
  }
  last_busy_of_[slot] = static_cast<std::ptrdiff_t>(busy_.size());
  busy_.push_back({static_cast<int>(slot), start_abs, end_abs, rate_Bps});
}

void ActivityRecorder::start_job() {
  job_start_abs_ = s4u::Engine::get_clock();
  kept_.clear();
  for (std::size_t i = 0; i < program_now_.size(); ++i) {
    program_now_[i].clear();
    program_since_abs_[i] = job_start_abs_;
  }
  states_.clear();
  network_.clear();
  busy_.clear();
  last_busy_of_.assign(loads_.size(), -1);
  for (auto& load : loads_) load.bytes = load.busy_s = load.held_idle_s = 0;
}

std::string ActivityRecorder::program(int node, const std::string& activity) {
  const auto i = static_cast<std::size_t>(node);
  std::string previous = program_now_[i];
  if (previous == activity) return previous;
  const double now = s4u::Engine::get_clock();
  if (!previous.empty() && now > program_since_abs_[i])
    states_.push_back({node, "program", previous, program_since_abs_[i] - job_start_abs_, now - job_start_abs_});
  program_now_[i] = activity;
  program_since_abs_[i] = now;
  if (paje_) TRACE_host_set_state(hosts_[i].c_str(), "program", activity.empty() ? "none" : activity.c_str());
  return previous;
}

void ActivityRecorder::phase(int node, int phase) {
  const double now = s4u::Engine::get_clock() - job_start_abs_;
  const std::string name = std::to_string(phase);
  states_.push_back({node, "phase", name, now, now});
  if (!paje_) return;
  // Every value gets its colour declared before it is used: SimGrid 3.32 writes a value first seen
  // in a set_state without one, and pajeng refuses that line.
  if (static_cast<std::size_t>(phase) >= paje_phases_declared_.size())
    paje_phases_declared_.resize(static_cast<std::size_t>(phase) + 1, false);
  if (!paje_phases_declared_[static_cast<std::size_t>(phase)]) {
    TRACE_host_state_declare_value("phase", name.c_str(), phase % 2 ? "0.7 0.85 0.95" : "0.95 0.9 0.7");
    paje_phases_declared_[static_cast<std::size_t>(phase)] = true;
  }
  TRACE_host_set_state(hosts_[static_cast<std::size_t>(node)].c_str(), "phase", name.c_str());
}

void ActivityRecorder::network_event(double at_abs, int node, int sending, int receiving, int claiming) {
  network_.push_back({at_abs, node, sending, receiving, claiming});
}

void ActivityRecorder::stream_begins(int src, int dst) {
  const double now = s4u::Engine::get_clock();
  network_event(now, src, 1, 0, 0);
  network_event(now, dst, 0, 1, 0);
}

void ActivityRecorder::stream_ends(int src, int dst) {
  const double now = s4u::Engine::get_clock();
  network_event(now, src, -1, 0, 0);
  network_event(now, dst, 0, -1, 0);
}

void ActivityRecorder::stream(int src, int dst, double start_abs, double end_abs) {
  network_event(start_abs, src, 1, 0, 0);
  network_event(start_abs, dst, 0, 1, 0);
  network_event(end_abs, src, -1, 0, 0);
  network_event(end_abs, dst, 0, -1, 0);
}

void ActivityRecorder::claim_begins(int node) {
  network_event(s4u::Engine::get_clock(), node, 0, 0, 1);
  if (paje_ && claiming_now_[static_cast<std::size_t>(node)]++ == 0)
    TRACE_host_set_state(hosts_[static_cast<std::size_t>(node)].c_str(), "network", "claiming");
}

void ActivityRecorder::claim_ends(int node) {
  network_event(s4u::Engine::get_clock(), node, 0, 0, -1);
  if (paje_ && --claiming_now_[static_cast<std::size_t>(node)] == 0)
    TRACE_host_set_state(hosts_[static_cast<std::size_t>(node)].c_str(), "network", "none");
}

std::optional<std::size_t> ActivityRecorder::slot_of(int family_link) const {
  if (family_link < 0 || static_cast<std::size_t>(family_link) >= slot_of_family_link_.size()) return std::nullopt;
  const std::ptrdiff_t slot = slot_of_family_link_[static_cast<std::size_t>(family_link)];
  if (slot < 0) return std::nullopt;
  return static_cast<std::size_t>(slot);
}

void ActivityRecorder::held_idle(int family_link, double seconds) {
  if (const auto slot = slot_of(family_link); slot && seconds > 0) loads_[*slot].held_idle_s += seconds;
}

void ActivityRecorder::link_stream_begins(int family_link, double bytes, double seconds) {
  const auto slot = slot_of(family_link);
  if (!slot) return;
  loads_[*slot].bytes += bytes;
  loads_[*slot].busy_s += seconds;
  if (seconds > 0) {
    const double now = s4u::Engine::get_clock();
    busy(*slot, now, now + seconds, bytes / seconds);
  }
  if (!paje_ || seconds <= 0) return;
  const std::string& name = loads_[*slot].link;
  if (!paje_streamed_set_[*slot]) {  // pajeng refuses an addition to a variable never set
    simgrid::instr::set_link_variable(name, "streamed", 0);
    paje_streamed_set_[*slot] = true;
  }
  simgrid::instr::add_link_variable(name, "streamed", bytes / seconds);
}

void ActivityRecorder::link_stream_ends(int family_link, double bytes, double seconds) {
  if (const auto slot = slot_of(family_link); paje_ && seconds > 0 && slot)
    simgrid::instr::sub_link_variable(loads_[*slot].link, "streamed", bytes / seconds);
}

// Each message's route as the run drew it where it was drawn at random, else asked of the platform
// now (its routes are fixed; a drawn one not kept is drawn again with the job's seed, and may
// differ: the replay's page checks every link's bytes and says so).
std::vector<std::vector<int>> ActivityRecorder::routes_of(const std::vector<MessageRecord>& messages,
                                                          std::uint64_t routing_seed) {
  std::unordered_map<const s4u::Link*, int> slot_of_link;
  for (std::size_t i = 0; i < links_.size(); ++i) slot_of_link.emplace(links_[i], static_cast<int>(i));
  bool reseeded = false;
  std::vector<std::vector<int>> routes;
  routes.reserve(messages.size());
  std::vector<s4u::Link*> crossed;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const MessageRecord& m = messages[i];
    std::vector<int>& route = routes.emplace_back();
    if (m.src == m.dst) continue;
    if (routes_drawn_) {
      if (const auto kept = kept_.find(i); kept != kept_.end() && kept->second.src == m.src && kept->second.dst == m.dst) {
        route = kept->second.route;
        continue;
      }
      if (!reseeded) platform_.reseed_routing(routing_seed);
      reseeded = true;
    }
    crossed.clear();
    double latency = 0;
    platform_.host(m.src)->route_to(platform_.host(m.dst), crossed, &latency);
    for (const s4u::Link* link : crossed)
      if (const auto it = slot_of_link.find(link); it != slot_of_link.end()) route.push_back(it->second);
  }
  return routes;
}

void ActivityRecorder::finish_job(Run& run, std::uint64_t routing_seed) {
  const double now = s4u::Engine::get_clock();
  for (int node = 0; node < nodes_; ++node) program(node, "");
  // The network lane: per node, the counts after every event, in time order (ends before
  // beginnings at the same instant, so back-to-back messages do not overlap).
  std::stable_sort(network_.begin(), network_.end(), [](const NetworkEvent& a, const NetworkEvent& b) {
    if (a.at_abs != b.at_abs) return a.at_abs < b.at_abs;
    return a.sending + a.receiving + a.claiming < b.sending + b.receiving + b.claiming;
  });
  struct Counts {
    int sending = 0, receiving = 0, claiming = 0;
    std::string activity;
    double since = 0;
  };
  std::vector<Counts> counts(static_cast<std::size_t>(nodes_));
  std::vector<NodeState> network_states;
  auto activity_of = [](const Counts& c) -> std::string {
    if (c.sending > 0 && c.receiving > 0) return "sending+receiving";
    if (c.sending > 0) return "sending";
    if (c.receiving > 0) return "receiving";
    if (c.claiming > 0) return "claiming";
    return "";
  };
  for (const auto& e : network_) {
    Counts& c = counts[static_cast<std::size_t>(e.node)];
    c.sending += e.sending;
    c.receiving += e.receiving;
    c.claiming += e.claiming;
    const std::string next = activity_of(c);
    if (next == c.activity) continue;
    if (!c.activity.empty() && e.at_abs > c.since)
      network_states.push_back({e.node, "network", c.activity, c.since - job_start_abs_, e.at_abs - job_start_abs_});
    c.activity = next;
    c.since = e.at_abs;
  }
  for (int node = 0; node < nodes_; ++node) {
    const Counts& c = counts[static_cast<std::size_t>(node)];
    if (!c.activity.empty() && now > c.since)
      network_states.push_back({node, "network", c.activity, c.since - job_start_abs_, now - job_start_abs_});
  }
  run.states = std::move(states_);
  run.states.insert(run.states.end(), network_states.begin(), network_states.end());
  std::stable_sort(run.states.begin(), run.states.end(), [](const NodeState& a, const NodeState& b) {
    if (a.node != b.node) return a.node < b.node;
    if (a.lane != b.lane) return a.lane < b.lane;
    return a.start_s < b.start_s;
  });
  states_.clear();
  network_.clear();
  // The platform's links only: its loopback (and SimGrid's own) carry a node's messages to itself.
  run.links = loads_;
  std::stable_sort(busy_.begin(), busy_.end(), [](const LinkBusy& a, const LinkBusy& b) {
    if (a.link != b.link) return a.link < b.link;
    return a.start_s < b.start_s;
  });
  for (LinkBusy& b : busy_) b.start_s -= job_start_abs_, b.end_s -= job_start_abs_;
  run.link_busy = std::move(busy_);
  busy_.clear();
  run.routes = routes_of(run.messages, routing_seed);
  kept_.clear();
}

}  // namespace mcsim
