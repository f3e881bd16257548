#include "activity_recorder.hpp"

#include <simgrid/instr.h>

#include <algorithm>
#include <memory>

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

ActivityRecorder::ActivityRecorder(const Platform& platform, int nodes, bool paje)
    : nodes_(nodes),
      paje_(paje),
      program_now_(static_cast<std::size_t>(nodes)),
      program_since_abs_(static_cast<std::size_t>(nodes), 0.0),
      claiming_now_(static_cast<std::size_t>(nodes), 0) {
  for (int i = 0; i < nodes; ++i) hosts_.push_back(platform.host(i)->get_name());
  links_ = s4u::Engine::get_instance()->get_all_links();
  std::sort(links_.begin(), links_.end(), [](const s4u::Link* a, const s4u::Link* b) { return a->get_name() < b->get_name(); });
  loads_.resize(links_.size());
  for (std::size_t i = 0; i < links_.size(); ++i) {
    loads_[i].link = links_[i]->get_name();
    loads_[i].bandwidth_Bps = links_[i]->get_bandwidth();
    link_index_.emplace(loads_[i].link, i);
  }
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
  }
}

ActivityRecorder::~ActivityRecorder() {
  if (g_clock_listener == this) g_clock_listener = nullptr;
}

void ActivityRecorder::advance(double seconds) {
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const double usage = links_[i]->get_usage();
    if (usage <= 0) continue;
    loads_[i].bytes += usage * seconds;
    loads_[i].busy_s += seconds;
  }
}

void ActivityRecorder::start_job() {
  job_start_abs_ = s4u::Engine::get_clock();
  for (std::size_t i = 0; i < program_now_.size(); ++i) {
    program_now_[i].clear();
    program_since_abs_[i] = job_start_abs_;
  }
  states_.clear();
  network_.clear();
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

void ActivityRecorder::held_idle(const std::string& link_name, double seconds) {
  if (auto it = link_index_.find(link_name); it != link_index_.end() && seconds > 0)
    loads_[it->second].held_idle_s += seconds;
}

void ActivityRecorder::link_stream_begins(const std::string& link_name, double bytes, double seconds) {
  const auto it = link_index_.find(link_name);
  if (it == link_index_.end()) return;
  loads_[it->second].bytes += bytes;
  loads_[it->second].busy_s += seconds;
  if (!paje_ || seconds <= 0) return;
  if (!paje_streamed_set_[it->second]) {  // pajeng refuses an addition to a variable never set
    simgrid::instr::set_link_variable(link_name, "streamed", 0);
    paje_streamed_set_[it->second] = true;
  }
  simgrid::instr::add_link_variable(link_name, "streamed", bytes / seconds);
}

void ActivityRecorder::link_stream_ends(const std::string& link_name, double bytes, double seconds) {
  if (paje_ && seconds > 0 && link_index_.contains(link_name))
    simgrid::instr::sub_link_variable(link_name, "streamed", bytes / seconds);
}

void ActivityRecorder::finish_job(Run& run) {
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
  run.links.clear();
  // Loopbacks (mcsim's and SimGrid's own "__loopback__") carry a node's messages to itself only.
  for (const auto& load : loads_)
    if (load.link != "loopback" && !load.link.starts_with("__")) run.links.push_back(load);
}

}  // namespace mcsim
