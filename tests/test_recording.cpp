// Recorded runs (SimulationOptions::record): what every node did and every link carried, checked
// against what the models imply by hand; recording must not change the simulation.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "helpers.hpp"
#include "routing/fat_tree_shape.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;
using test::end_of;
using test::one_phase;

namespace {

SimulationOptions recorded() {
  SimulationOptions options;
  options.record = true;
  return options;
}

const LinkLoad& link_named(const Run& run, const std::string& name) {
  for (const auto& link : run.links)
    if (link.link == name) return link;
  FAIL("no link " << name << " in the run");
  throw;
}

// Total time a node spent in `activity` on `lane`.
double time_in(const Run& run, int node, const std::string& lane, const std::string& activity) {
  double total = 0;
  for (const auto& s : run.states)
    if (s.node == node && s.lane == lane && s.activity == activity) total += s.end_s - s.start_s;
  return total;
}

// An iPSC/860 with round numbers (as in test_switching.cpp), each node's port unlimited so that
// only the channels limit the circuits.
const MachineSpec cube8{"ipsc860", 8, {{"channel_bandwidth_MBps", "2"}, {"short_startup_us", "60"},
                                        {"long_startup_us", "150"}, {"short_hop_us", "10"}, {"long_hop_us", "20"},
                                        {"node_ports", "unlimited"}, {"nx", "startup"}}};
// (nx = startup: one circuit per message. Under NX's protocols a long message's request and reply
// would each set up a circuit of their own first; test_nx_protocols.cpp times those.)

// A CM-5 with round numbers (as in test_node_programs.cpp): 50 us overhead at each end, 8 MB/s.
const MachineSpec round_cm5{"cm5", 32, {{"cmmd_startup_us", "100"}, {"cmmd_bandwidth_MBps", "8"}}};

}  // namespace

TEST_CASE("Recorded circuits: each channel carries its messages' bytes, and a circuit waiting for a channel holds the "
          "ones it has", "[engine]") {
  // 0 -> 3 (e-cube 0, 1, 3) and 1 -> 3 (1, 3) share channel 1->3; 20000 bytes are 10 ms at 2 MB/s.
  // Both start together; 1 -> 3 claims 1->3 at once; 0 -> 3 claims 0->1, crosses it (20 us), and
  // waits, holding 0->1, until 1 -> 3 has streamed its 10 ms.
  const std::uint64_t bytes = 20000;
  const Job job{one_phase(8, Strategy::asynchronous, {{0, 3, bytes}, {1, 3, bytes}}, false), 1};
  const auto plain = simulate_isolated(cube8, {job});
  const auto runs = simulate_isolated(cube8, {job}, recorded());
  const Run& run = runs.at(0);
  REQUIRE(run.messages == plain.at(0).messages);  // recording changes nothing
  REQUIRE(link_named(run, "channel-1-3").bytes == Approx(2 * bytes).epsilon(1e-9));
  REQUIRE(link_named(run, "channel-1-3").busy_s == Approx(2 * bytes / 2e6).epsilon(1e-9));
  REQUIRE(link_named(run, "channel-0-1").bytes == Approx(bytes).epsilon(1e-9));
  double elsewhere = 0;
  for (const auto& link : run.links)
    if (link.link != "channel-1-3" && link.link != "channel-0-1") elsewhere += link.bytes + link.busy_s;
  REQUIRE(elsewhere == 0);
  // 0 -> 3 claimed 0->1 at once and held it, idle, through its header's hop, 1 -> 3's header hop
  // and 10 ms transfer, and its own header's second hop; each header held its last channel one hop.
  REQUIRE(link_named(run, "channel-0-1").held_idle_s == Approx(bytes / 2e6 + 2 * 20e-6).epsilon(1e-6));
  REQUIRE(link_named(run, "channel-1-3").held_idle_s == Approx(2 * 20e-6).epsilon(1e-6));
  REQUIRE(time_in(run, 1, "network", "claiming") == Approx(20e-6).epsilon(1e-6));
  REQUIRE(time_in(run, 0, "network", "claiming") == Approx(bytes / 2e6 + 2 * 20e-6).epsilon(1e-6));
  REQUIRE(time_in(run, 0, "network", "sending") == Approx(bytes / 2e6).epsilon(1e-9));
  REQUIRE(time_in(run, 3, "network", "receiving") == Approx(2 * bytes / 2e6).epsilon(1e-9));
}

TEST_CASE("Recorded fat tree: every message crosses both ends' interfaces and climbs to its ends' common level", "[engine]") {
  const std::uint64_t bytes = 8000;
  const std::vector<PlannedMessage> messages = {{0, 1, bytes}, {2, 7, bytes}, {8, 30, bytes}, {31, 4, bytes}};
  const auto runs =
      simulate_isolated(round_cm5, {Job{one_phase(32, Strategy::asynchronous, messages, false), 7}}, recorded());
  const Run& run = runs.at(0);
  const double wire = static_cast<double>(make_machine(round_cm5)->library().wire_bytes(bytes));
  const FatTreeShape shape = test::cm5_fat_tree(32);
  std::map<std::string, const LinkIdentity*> identity;  // by the name the run records
  const NetworkLinks network = make_machine(round_cm5)->platform().links();
  for (const auto& link : network.links) identity[link_name(link)] = &link;
  std::map<std::string, double> by_level;
  double interfaces = 0;
  for (const auto& link : run.links) {
    REQUIRE(identity.contains(link.link));
    const LinkIdentity& id = *identity[link.link];
    if (id.role == LinkRole::fat_tree_wire)
      by_level[std::to_string(id.level) + (id.up ? "up" : "down")] += link.bytes;
    else if (id.role == LinkRole::node_interface)
      interfaces += link.bytes;
  }
  REQUIRE(interfaces == Approx(2 * messages.size() * wire).epsilon(1e-9));  // the shared copy link, both ends
  for (int level = 1; level <= shape.levels(); ++level) {
    int climbing = 0;
    for (const auto& m : messages) climbing += shape.common_level(m.src, m.dst) >= level;
    INFO("level " << level);
    REQUIRE(by_level[std::to_string(level) + "up"] == Approx(climbing * wire).epsilon(1e-9));
    REQUIRE(by_level[std::to_string(level) + "down"] == Approx(climbing * wire).epsilon(1e-9));
  }
}

TEST_CASE("A recorded run says what each node's program and interface did", "[engine]") {
  // One message 0 -> 1 of 8000 bytes under CMMD's blocking calls: node 0 spends 50 us of start-up,
  // waits for node 1's ready signal, sends 1000 us; node 1 waits for the message, then spends its
  // 50 us. Phase 0 is marked on both.
  const auto runs = simulate_isolated(
      round_cm5, {Job{one_phase(32, Strategy::loosely_synchronous, {{0, 1, 8000}}), 1}}, recorded());
  const Run& run = runs.at(0);
  REQUIRE(time_in(run, 0, "program", "cpu") == Approx(50e-6).epsilon(1e-9));
  REQUIRE(time_in(run, 1, "program", "cpu") == Approx(50e-6).epsilon(1e-9));
  REQUIRE(time_in(run, 0, "network", "sending") == Approx(1000e-6).epsilon(1e-6));
  REQUIRE(time_in(run, 1, "network", "receiving") == Approx(1000e-6).epsilon(1e-6));
  REQUIRE(time_in(run, 1, "program", "wait-message") == Approx(run.messages[0].end_s).epsilon(1e-6));
  REQUIRE(time_in(run, 0, "program", "wait-send") > 900e-6);
  int phase_marks = 0;
  for (const auto& s : run.states) phase_marks += s.lane == "phase" && s.activity == "0" && s.node < 2;
  REQUIRE(phase_marks == 2);
  // Program states of a node never overlap.
  for (int node = 0; node < 32; ++node) {
    double last_end = 0;
    for (const auto& s : run.states)
      if (s.node == node && s.lane == "program") {
        REQUIRE(s.start_s >= last_end - 1e-15);
        last_end = s.end_s;
      }
  }
}

TEST_CASE("A node with nothing to do in a phase passes through it: every node marks every phase once, in order",
          "[engine]") {
  // Three phases under S1 on an 8-node iPSC/860: 0 -> 1, then nothing, then 2 -> 3. The program
  // skips a node's rounds without messages (Wang and Ranka's LP has about 32 busy rounds of 4,095
  // per node at 4,096 nodes) but still marks their phases, at the instant the node passes them.
  Plan plan = one_phase(8, Strategy::receiver_ready, {{0, 1, 4000}});
  plan.phases.push_back(Phase{{}, true});
  plan.phases.push_back(Phase{{{2, 3, 4000}}, true});
  const auto runs = simulate_isolated(cube8, {Job{plan, 1}}, recorded());
  const Run& run = runs.at(0);
  for (int node = 0; node < 8; ++node) {
    std::vector<std::pair<int, double>> marks;  // (phase, when)
    for (const auto& s : run.states)
      if (s.node == node && s.lane == "phase") marks.emplace_back(std::stoi(s.activity), s.start_s);
    REQUIRE(marks.size() == 3);
    for (int phase = 0; phase < 3; ++phase) REQUIRE(marks[static_cast<std::size_t>(phase)].first == phase);
    REQUIRE(marks[0].second == 0);
    // Nodes 0 and 1 pass phase 1 once their message is done, the others at once; phase 2 at the
    // same instant as phase 1.
    if (node < 2)
      REQUIRE(marks[1].second >= end_of(run, 0, 1) - 1e-12);
    else
      REQUIRE(marks[1].second == 0);
    REQUIRE(marks[2].second == marks[1].second);
  }
  // Two like messages on disjoint routes, both sent at once: 2 -> 3 did not wait for phase 0's pair.
  REQUIRE(end_of(run, 2, 3) == Approx(end_of(run, 0, 1)).epsilon(1e-12));
}

TEST_CASE("Recorded worms: each channel of a worm's path carries its bytes at the channel's rate", "[engine]") {
  // A 2 x 2 wormhole mesh, XY routing: 0 -> 3 crosses channels 0->1 and 1->3; nothing else moves.
  const MachineSpec mesh{"mesh", 4, {{"rows", "2"}, {"cols", "2"}, {"switching", "wormhole"}}};
  const std::uint64_t bytes = 20000;
  const Job job{one_phase(4, Strategy::asynchronous, {{0, 3, bytes}}, false), 1};
  const auto plain = simulate_isolated(mesh, {job});
  const auto runs = simulate_isolated(mesh, {job}, recorded());
  const Run& run = runs.at(0);
  REQUIRE(run.messages == plain.at(0).messages);
  for (const char* name : {"channel-0-1", "channel-1-3"}) {
    const LinkLoad& link = link_named(run, name);
    REQUIRE(link.bytes == Approx(bytes).epsilon(1e-12));
    REQUIRE(link.busy_s == Approx(bytes / link.bandwidth_Bps).epsilon(1e-9));
  }
  double elsewhere = 0;
  for (const auto& link : run.links)
    if (link.link != "channel-0-1" && link.link != "channel-1-3") elsewhere += link.bytes + link.busy_s;
  REQUIRE(elsewhere == 0);
}
