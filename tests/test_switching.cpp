// Switching models on idle and contended networks: times worked out by hand from the models'
// definitions (sim/engine/transports/).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>

#include <fmt/format.h>
#include <simgrid/s4u.hpp>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/random.hpp"
#include "sim/engine/transport.hpp"
#include "sim/engine/transports/channel_locks.hpp"
#include "sim/runner/sharing_choice.hpp"
#include "sim/workloads/workloads.hpp"
#include "topologies/machines.hpp"
#include "topologies/topology_family.hpp"

using namespace mcsim;
using test::end_of;
using test::in_machine;
using test::one_phase;
using test::run_mcsim;

namespace {
constexpr std::uint64_t unit = 1000000;  // one volume unit of the dimensionless mesh: 1 time unit

MachineSpec mesh(int rows, int cols, const std::string& switching, double startup, double hop) {
  return {"mesh", rows * cols, {{"rows", std::to_string(rows)}, {"cols", std::to_string(cols)},
                                {"switching", switching}, {"parameters", "dimensionless"},
                                {"startup", std::to_string(startup)}, {"hop", std::to_string(hop)}}};
}

// An iPSC/860 with round numbers, so that times can be checked by hand.
MachineSpec cube(int nodes, const std::string& ports = "shared") {
  return {"ipsc860", nodes, {{"channel_bandwidth_MBps", "2"}, {"short_startup_us", "60"}, {"long_startup_us", "150"},
                             {"short_hop_us", "10"}, {"long_hop_us", "20"}, {"node_ports", ports}}};
}

// The bundled mesh with a latency of `latency_s` on every link (links.latency), as a machine file.
std::string mesh_with_link_latency(const std::string& latency) {
  const std::string path = test::temp_dir("link-latency") + "/mesh-latency.toml";
  std::ofstream(path) << "base = \"mesh\"\nname = \"mesh-latency\"\n[links]\nlatency = { value = \"" << latency
                      << "\", source = \"test: a link latency\", assumption = true }\n";
  return path;
}

MachineSpec line_of_four(const std::string& machine, const std::string& switching) {
  return {machine, 4, {{"rows", "1"}, {"cols", "4"}, {"switching", switching}, {"parameters", "dimensionless"},
                       {"startup", "5"}, {"hop", "0.5"}}};
}

// The bundled mesh whose nodes take part in one transfer at a time (library.node_ports), as a
// machine file.
std::string mesh_with_shared_ports() {
  const std::string path = test::temp_dir("shared-ports") + "/mesh-one-port.toml";
  std::ofstream(path) << "base = \"mesh\"\nname = \"mesh-one-port\"\n[library]\nnode_ports = { value = \"one-shared\", "
                         "source = \"test: one transfer per node\", assumption = true }\n";
  return path;
}

// The arrival times of a run's messages, earliest first.
std::vector<double> sorted_ends(const Run& run) {
  std::vector<double> ends;
  for (const auto& m : run.messages) ends.push_back(m.end_s);
  std::sort(ends.begin(), ends.end());
  return ends;
}

}  // namespace

TEST_CASE("Link latency on every transport: one message over 2 and 3 hops takes its time without latency plus the latency of its links", "[engine]") {
  // A 1 x 4 line, start-up 5, header delay 0.5 a hop, 2 units (2 time units at the channel rate);
  // with links.latency = 0.25 a message over h hops takes h x 0.25 more on every transport: flow in
  // SimGrid's latency + bytes/bandwidth; circuit as the first byte's delay once the path is set
  // up; wormhole as the header's delay at each hop (its flits follow); store-and-forward at each
  // hop, after its start-up.
  const std::string latency_mesh = mesh_with_link_latency("0.25 s");
  const std::vector<Job> jobs = {Job{one_phase(4, Strategy::asynchronous, {{0, 2, 2 * unit}}), 1},
                                 Job{one_phase(4, Strategy::asynchronous, {{0, 3, 2 * unit}}), 1}};
  const std::vector<std::pair<std::string, std::function<double(int)>>> transports = {
      {"flow", [](int) { return 5.0 + 2; }},
      {"circuit", [](int h) { return 5 + h * 0.5 + 2; }},
      {"wormhole", [](int h) { return 5 + h * 0.5 + 2; }},
      {"store-and-forward", [](int h) { return h * (5.0 + 2); }},  // start-up at every hop, no header delay
  };
  for (const auto& [transport, without] : transports) {
    INFO(transport);
    const auto plain = simulate_isolated(line_of_four("mesh", transport), jobs);
    const auto delayed = simulate_isolated(line_of_four(latency_mesh, transport), jobs);
    for (const int hops : {2, 3}) {
      INFO(hops << " hops");
      const double before = plain[static_cast<std::size_t>(hops - 2)].messages.at(0).end_s;
      const double after = delayed[static_cast<std::size_t>(hops - 2)].messages.at(0).end_s;
      CHECK(before == Approx(without(hops)).epsilon(1e-12));
      CHECK(after == Approx(without(hops) + hops * 0.25).epsilon(1e-12));
    }
  }
}

TEST_CASE("node_ports on every transport: two messages into one node serialise under one-shared and overlap under unlimited", "[engine]") {
  // A 1 x 4 line, start-up 5, header delay 0.5 a hop, 2 units a message (2 time units at the
  // channel rate): 0 -> 1 and 2 -> 1, one hop each over links of their own. With unlimited ports
  // both end as one alone does. With one shared port (node 1's) both senders pay their start-up at
  // once, then the second waits for node 1 until the first's bytes are there, and ends one trip
  // later: the header delay and the bytes (flow: the bytes; store-and-forward: the start-up too,
  // paid in the hop, its ports held).
  const Plan into_one = one_phase(4, Strategy::asynchronous, {{0, 1, 2 * unit}, {2, 1, 2 * unit}}, false);
  struct Expected {
    std::string transport;
    double alone;
    double second;
  };
  const std::string one_port = mesh_with_shared_ports();
  for (const Expected& e : std::vector<Expected>{{"flow", 5 + 2.0, 5 + 2.0 + 2},
                                                 {"circuit", 5 + 0.5 + 2, 5 + 2 * (0.5 + 2)},
                                                 {"wormhole", 5 + 0.5 + 2, 5 + 2 * (0.5 + 2)},
                                                 {"store-and-forward", 5 + 2.0, 2 * (5 + 2.0)}}) {
    INFO(e.transport);
    const auto unlimited = sorted_ends(simulate_isolated(line_of_four("mesh", e.transport), {Job{into_one, 1}}).at(0));
    const auto shared = sorted_ends(simulate_isolated(line_of_four(one_port, e.transport), {Job{into_one, 1}}).at(0));
    REQUIRE(unlimited.size() == 2);
    REQUIRE(shared.size() == 2);
    CHECK(unlimited[0] == Approx(e.alone).epsilon(1e-12));
    CHECK(unlimited[1] == Approx(e.alone).epsilon(1e-12));
    CHECK(shared[0] == Approx(e.alone).epsilon(1e-12));
    CHECK(shared[1] == Approx(e.second).epsilon(1e-12));
    // 0 <-> 1 both ways: sent asynchronously the two take turns at the shared ports (the second
    // ends as above); as a synchronised pairwise exchange (S1: both receives posted first) they take
    // both nodes together and move at once, so both arrive at one instant (after S1's ready
    // signals, which cost more here than the turn they save: 12 / 13 / 13 / 17 against 9 / 10 / 10 / 14).
    const auto turns = sorted_ends(
        simulate_isolated(line_of_four(one_port, e.transport),
                          {Job{one_phase(4, Strategy::asynchronous, {{0, 1, 2 * unit}, {1, 0, 2 * unit}}), 1}}).at(0));
    const auto paired = sorted_ends(
        simulate_isolated(line_of_four(one_port, e.transport),
                          {Job{one_phase(4, Strategy::receiver_ready, {{0, 1, 2 * unit}, {1, 0, 2 * unit}}), 1}}).at(0));
    CHECK(turns.at(0) == Approx(e.alone).epsilon(1e-12));
    CHECK(turns.at(1) == Approx(e.second).epsilon(1e-12));
    CHECK(paired.at(0) == paired.at(1));
  }
}

TEST_CASE("Link latency: flows keep SimGrid's sharing with the reason recorded, and the fluid sharing asked is refused") {
  // mcsim's fluid sharing moves a flow's bytes from its start at its max-min rate; SimGrid's CM02
  // holds it for its route's latency first. So the runner's decision on a flow machine with link
  // latency is SimGrid's, and says why (it is written into the job record and the run's identity):
  // on the CM-5 (a rendezvous library, flows) the jobs that take the fluid sharing without latency.
  const std::string path = test::temp_dir("link-latency-cm5") + "/cm5-latency.toml";
  std::ofstream(path) << "base = \"cm5\"\nname = \"cm5-latency\"\n[links]\nlatency = { value = \"1 us\", source = "
                         "\"test: a link latency\", assumption = true }\n";
  const auto plain = make_machine({"cm5", 256, {}});
  const auto delayed = make_machine({path, 256, {}});
  CHECK(plain->switching().link_latency_s() == 0);
  CHECK(delayed->switching().link_latency_s() == 1e-6);
  const JobShape all_at_once{false, 4096, 4096};
  CHECK(choose_sharing(*plain, {all_at_once}, SharingRequest::automatic) ==
        SharingDecision{Sharing::fluid, SharingReason::many_flows});
  CHECK(choose_sharing(*delayed, {all_at_once}, SharingRequest::automatic) ==
        SharingDecision{Sharing::simgrid, SharingReason::link_latency});
  CHECK(describe(choose_sharing(*delayed, {all_at_once}, SharingRequest::automatic)) ==
        "simgrid (the links have latency, which mcsim's sharing leaves out)");
  CHECK(parse_sharing_reason("link-latency", "test") == SharingReason::link_latency);
  REQUIRE_THROWS_WITH(choose_sharing(*delayed, {all_at_once}, SharingRequest::fluid),
                      Catch::Contains("cm5-latency's links have latency (1e-06 s each)"));
}

TEST_CASE("Wormhole on an idle mesh: start-up + hops x header delay + bytes / bandwidth", "[engine]") {
  const auto runs = simulate_isolated(mesh(4, 4, "wormhole", 5, 0.5),
                                      {Job{one_phase(16, Strategy::asynchronous, {{0, 15, 2 * unit}}), 1},
                                       Job{one_phase(16, Strategy::asynchronous, {{0, 1, 2 * unit}}), 1}});
  REQUIRE(runs[0].messages[0].end_s == Approx(5 + 6 * 0.5 + 2));
  REQUIRE(runs[1].messages[0].end_s == Approx(5 + 1 * 0.5 + 2));
}

TEST_CASE("The mesh's switching option picks a transport from the registry", "[engine]") {
  // Circuit switching blocks like wormhole: the same time. Flow: the sender's start-up, then the
  // bytes at the channel rate over zero-latency channels (no header delay).
  const auto runs = simulate_isolated(mesh(4, 4, "circuit", 5, 0.5),
                                      {Job{one_phase(16, Strategy::asynchronous, {{0, 15, 2 * unit}}), 1}});
  REQUIRE(runs[0].messages[0].end_s == Approx(5 + 6 * 0.5 + 2));
  const auto flows = simulate_isolated(mesh(4, 4, "flow", 5, 0.5),
                                       {Job{one_phase(16, Strategy::asynchronous, {{0, 15, 2 * unit}}), 1}});
  REQUIRE(flows[0].messages[0].end_s == Approx(5 + 2));
  try {
    (void)make_machine(mesh(4, 4, "telepathy", 5, 0.5));
    FAIL("an unknown transport was accepted");
  } catch (const Error& e) {
    const std::string what = e.what();
    REQUIRE(what.find('\n') == std::string::npos);
    REQUIRE(what.find("unknown transport 'telepathy'") != std::string::npos);
    for (const auto& entry : transport_registry()) REQUIRE(what.find(entry.name) != std::string::npos);
  }
}

TEST_CASE("Store-and-forward on an idle mesh: hops x (start-up + bytes / bandwidth)", "[engine]") {
  const auto runs = simulate_isolated(mesh(4, 4, "store-and-forward", 5, 0),
                                      {Job{one_phase(16, Strategy::asynchronous, {{0, 15, 2 * unit}}), 1},
                                       Job{one_phase(16, Strategy::asynchronous, {{0, 1, 2 * unit}}), 1}});
  REQUIRE(runs[0].messages[0].end_s == Approx(6 * (5 + 2)));
  REQUIRE(runs[1].messages[0].end_s == Approx(5 + 2));
}

TEST_CASE("Two worms sharing a channel are serialised, not given half the bandwidth each", "[engine]") {
  // On a 1 x 4 line, 0 -> 2 and 1 -> 3 both need channel 1 -> 2: one worm gets the whole channel
  // and ends at 1, the other waits and ends at 2 (flows would share and both end at 2).
  const auto runs = simulate_isolated(
      mesh(1, 4, "wormhole", 0, 0), {Job{one_phase(4, Strategy::asynchronous, {{0, 2, unit}, {1, 3, unit}}), 1}});
  const double a = end_of(runs[0], 0, 2), b = end_of(runs[0], 1, 3);
  REQUIRE(std::min(a, b) == Approx(1.0));
  REQUIRE(std::max(a, b) == Approx(2.0));
}

TEST_CASE("Worms that only cross at a node do not slow each other", "[engine]") {
  // 4 x 4 mesh: (1,0) -> (1,2) runs along row 1 through node (1,1); (0,1) -> (2,1) runs down column 1
  // through the same node. No channel is shared.
  const auto runs = simulate_isolated(
      mesh(4, 4, "wormhole", 0, 0), {Job{one_phase(16, Strategy::asynchronous, {{4, 6, unit}, {1, 9, unit}}), 1}});
  REQUIRE(end_of(runs[0], 4, 6) == Approx(1.0));
  REQUIRE(end_of(runs[0], 1, 9) == Approx(1.0));
}

TEST_CASE("A blocked worm keeps the channels it holds, and later messages queue behind it", "[engine]") {
  // 1 x 4 line, header delay 0.1 per hop. B = 2 -> 3 (4 units) takes channel 2->3 first. A = 0 -> 3
  // takes 0->1 and 1->2, then waits for 2->3 until B ends at 4.1, ends at 4.1 + 0.1 + 1 = 5.2.
  // C = 1 -> 2 starts at 0.6 (after node 1's first-phase message 1 -> 0 of 0.5 units) and needs
  // 1->2, which A holds while it waits: C ends at 5.2 + 0.1 + 1 = 6.3, not 0.6 + 0.1 + 1 = 1.7.
  Plan plan;
  plan.nodes = 4;
  plan.strategy = Strategy::loosely_synchronous;
  plan.phases = {Phase{{{2, 3, 4 * unit}, {0, 3, unit}, {1, 0, unit / 2}}, false}, Phase{{{1, 2, unit}}, true}};
  const auto runs = simulate_isolated(mesh(1, 4, "wormhole", 0, 0.1), {Job{plan, 1}});
  REQUIRE(end_of(runs[0], 2, 3) == Approx(4.1));
  REQUIRE(end_of(runs[0], 0, 3) == Approx(5.2));
  REQUIRE(end_of(runs[0], 1, 2) == Approx(6.3));
}

TEST_CASE("Wormhole tail release: a chain of short blocked worms holds only what its flits fill", "[engine]") {
  // 1 x 5 line, header delay r = 0.1, flits of 1/4 unit and 4 flits of buffer per channel: a 1-unit
  // worm fits in one channel's buffer. W1 = 3 -> 4 (4 units) holds channel 3->4 until 4.1.
  // W2 = 1 -> 4 (1 unit) lands beyond 1->2 at 0.1 and beyond 2->3 at 0.2, waits for 3->4 until 4.1,
  // lands beyond it at 4.2 and ends at 4.2 + 1 = 5.2. Its flits all fit in the buffer of 2->3, so
  // its tail frees 1->2 at 0.1 + 1 = 1.1 and 2->3 at 0.2 + 1 = 1.2, long before its header moves on.
  // W3 = 0 -> 3 (1 unit) lands beyond 0->1 at 0.1, has 1->2 at 1.1 (beyond it at 1.2) and 2->3 at
  // 1.2 (beyond it at 1.3), where it queues behind W2's flits in that FIFO buffer: it is delivered
  // only once they have left, from 4.2 + 1 = 5.2 on, and ends at 6.2. With circuit switching W2 holds
  // both channels until 5.2: W3 has them only then and ends at 6.4.
  const std::vector<PlannedMessage> chain = {{3, 4, 4 * unit}, {1, 4, unit}, {0, 3, unit}};
  auto line = [](const std::string& switching) {
    MachineSpec spec = mesh(1, 5, switching, 0, 0.1);
    if (switching == "wormhole") spec.options.insert({{"flit", "250000"}, {"buffer", "4"}});
    return spec;
  };
  const auto worms = simulate_isolated(line("wormhole"), {Job{one_phase(5, Strategy::asynchronous, chain, false), 1}});
  REQUIRE(end_of(worms[0], 3, 4) == Approx(4.1));
  REQUIRE(end_of(worms[0], 1, 4) == Approx(5.2));
  REQUIRE(end_of(worms[0], 0, 3) == Approx(6.2));
  const auto circuits = simulate_isolated(line("circuit"), {Job{one_phase(5, Strategy::asynchronous, chain, false), 1}});
  REQUIRE(end_of(circuits[0], 1, 4) == Approx(5.2));
  REQUIRE(end_of(circuits[0], 0, 3) == Approx(6.4));
}

TEST_CASE("Wormhole flit buffers are machine options, checked") {
  REQUIRE_THROWS_WITH(make_machine({"mesh", 4, {{"flit", "0"}}}), Catch::Contains("at least 1"));
  const auto delta = make_machine({"mesh", 4, {}});
  REQUIRE(delta->switching().flit_buffers().flit_bytes == 2);
  REQUIRE(delta->switching().flit_buffers().depth_flits == 1);
}

TEST_CASE("The mesh's switching can be changed under a scenario's flit buffers: unused options get a note, not an error", "[cli]") {
  // A scenario that sets wormhole's flit buffers, run with switching = circuit (issue 32 found this
  // refused as "unknown option 'buffer'"): the run goes on, and one line says what is not used.
  const auto circuit = run_mcsim("sweep -q --force --machine mesh --nodes 16 --samples 1 --scheduler LP --machine-option "
                                 "switching=circuit --machine-option buffer=4 --machine-option flit=2");
  REQUIRE(circuit.exit_code == 0);
  REQUIRE(test::without_sanitizer_notes(circuit.err) ==
          "mcsim: note: machine mesh: options flit, buffer not used: switching = circuit has no flit buffers\n");
  const auto saf = run_mcsim("sweep -q --force --machine mesh --nodes 16 --samples 1 --scheduler LP --machine-option "
                             "switching=store-and-forward --machine-option parameters=dimensionless --machine-option hop=2");
  REQUIRE(saf.exit_code == 0);
  REQUIRE(test::without_sanitizer_notes(saf.err) ==
          "mcsim: note: machine mesh: option hop not used: switching = store-and-forward has no header delay\n");
  // Under wormhole they are read and checked as before.
  test::require_one_line_error(run_mcsim("sweep -q --force --machine mesh --nodes 16 --samples 1 --scheduler LP "
                                         "--machine-option switching=wormhole --machine-option buffer=0"),
                               "must be at least 1");
}

TEST_CASE("Routes claim links in increasing numbers, and a route's links join end to end") {
  for (const MachineSpec& spec : {mesh(3, 5, "wormhole", 0, 0), mesh(4, 4, "store-and-forward", 0, 0), cube(64)}) {
    const auto machine = make_machine(spec);
    const TopologyFamily& routes = machine->routes();
    REQUIRE(routes.virtual_channels() == 1);
    for (int s = 0; s < machine->nodes(); ++s)
      for (int d = 0; d < machine->nodes(); ++d) {
        const Route route = routes.route(s, d);
        int at = s;
        for (std::size_t i = 0; i < route.size(); ++i) {
          REQUIRE(routes.link_ends(route[i].link).first == at);
          at = routes.link_ends(route[i].link).second;
          if (i > 0) REQUIRE(route[i - 1].link < route[i].link);
        }
        REQUIRE(at == d);
      }
  }
}

TEST_CASE("A machine is composed of its concerns: documentation, hints, message library, switching, routes") {
  const auto cm5 = make_machine({"cm5", 32, {}});
  REQUIRE(cm5->name() == "cm5");
  REQUIRE(cm5->nodes() == 32);
  REQUIRE_FALSE(cm5->parameters().empty());
  REQUIRE(cm5->library().wire_bytes(1000) == 1008);  // 63 packets of 16 bytes
  REQUIRE(cm5->library().barrier_s.value == Approx(4e-6));
  REQUIRE(cm5->switching().transport() == "flow");
  REQUIRE_FALSE(cm5->has_routes());
  REQUIRE_THROWS_AS(cm5->routes(), Error);

  const auto hypercube = make_machine(cube(8));  // nx = protocols, the default
  REQUIRE(hypercube->switching().transport() == "circuit");
  REQUIRE(hypercube->library().node_ports.value == NodePorts::one_shared);
  REQUIRE(hypercube->switching().per_hop_seconds(100) == Approx(10e-6));
  // A long message's data trip: what its request and reply left of the long per-hop time, 20 - 2 x 10.
  REQUIRE(hypercube->switching().per_hop_seconds(101) == Approx(0).margin(1e-15));
  REQUIRE(hypercube->library().costs(101).send_overhead_s == Approx(30e-6));  // a short message's 60 / 2
  REQUIRE(hypercube->library().handshake(101).request_send_s == Approx(22.5e-6));  // (150 - 60) / 4
  MachineSpec aggregate = cube(8);
  aggregate.options["nx"] = "startup";
  REQUIRE(make_machine(aggregate)->switching().per_hop_seconds(101) == Approx(20e-6));
  REQUIRE(make_machine(aggregate)->library().costs(101).send_overhead_s == Approx(75e-6));
  REQUIRE(&hypercube->routes() == hypercube->hints().routes.get());  // one family: transports and schedulers

  // Store-and-forward pays the start-up at every hop instead of once at the sender.
  const auto saf = make_machine(mesh(2, 2, "store-and-forward", 5, 0));
  REQUIRE(saf->library().costs(1).send_overhead_s == 0);
  REQUIRE(saf->switching().per_hop_seconds(1) == Approx(5));
  REQUIRE(saf->routes().link_count() == 8);
}

TEST_CASE("iPSC/860: the protocol changes between 100 and 101 bytes", "[engine]") {
  // Node 0 to node 3: two hops. Short: 60 us + 2 x 10 us + bytes / 2 MB/s. Long: 150 + 2 x 20 + ...
  const auto runs = simulate_isolated(cube(8), {Job{one_phase(8, Strategy::loosely_synchronous, {{0, 3, 100}}), 1},
                                                Job{one_phase(8, Strategy::loosely_synchronous, {{0, 3, 101}}), 1}});
  REQUIRE(runs[0].communication_time() == Approx(60e-6 + 20e-6 + 100 / 2e6));
  REQUIRE(runs[1].communication_time() == Approx(150e-6 + 40e-6 + 101 / 2e6));
}

TEST_CASE("iPSC/860: circuits that share a channel serialise, circuits crossing at a node do not", "[engine]") {
  // 8-node cube. 0 -> 3 (e-cube 0,1,3) and 1 -> 2 (1,0,2) use no common channel or node port;
  // 2 -> 7 (2,3,7) passes through node 3, where 0 -> 3 ends, without using 0 -> 3's channels.
  const std::uint64_t bytes = 20000;  // 10 ms at 2 MB/s
  const double one = 150e-6 + bytes / 2e6;
  const auto runs = simulate_isolated(
      cube(8), {Job{one_phase(8, Strategy::asynchronous, {{0, 3, bytes}, {1, 2, bytes}}), 1},
                Job{one_phase(8, Strategy::asynchronous, {{0, 3, bytes}, {2, 7, bytes}}), 1}});
  // Disjoint circuits: both as fast as alone.
  REQUIRE(runs[0].communication_time() == Approx(one + 2 * 20e-6).epsilon(1e-6));
  REQUIRE(runs[1].communication_time() == Approx(one + 2 * 20e-6).epsilon(1e-6));
  // 0 -> 3 and 1 -> 3 share channel 1->3 (node ports lifted, so only the channel limits them).
  const auto shared = simulate_isolated(cube(8, "unlimited"),
                                        {Job{one_phase(8, Strategy::asynchronous, {{0, 3, bytes}, {1, 3, bytes}}, false), 1}});
  REQUIRE(shared[0].communication_time() > 2 * bytes / 2e6);
}

TEST_CASE("iPSC/860: one transfer per node, except a synchronised pairwise exchange", "[engine]") {
  const std::uint64_t bytes = 20000;
  const double transfer = bytes / 2e6;
  // Node 0 sends to 1 and receives from 2 at once: with one shared port the two serialise.
  const Plan send_and_receive = one_phase(4, Strategy::loosely_synchronous, {{0, 1, bytes}, {2, 0, bytes}});
  const auto shared = simulate_isolated(cube(4), {Job{send_and_receive, 1}});
  const auto unlimited = simulate_isolated(cube(4, "unlimited"), {Job{send_and_receive, 1}});
  REQUIRE(shared[0].communication_time() > 2 * transfer);
  REQUIRE(unlimited[0].communication_time() < 1.1 * transfer + 300e-6);
  // A pairwise exchange under S1 runs both ways at once; under S2 it does not.
  const auto s1 = simulate_isolated(cube(4), {Job{one_phase(4, Strategy::receiver_ready, {{0, 1, bytes}, {1, 0, bytes}}), 1}});
  const auto s2 = simulate_isolated(cube(4), {Job{one_phase(4, Strategy::asynchronous, {{0, 1, bytes}, {1, 0, bytes}}), 1}});
  REQUIRE(s1[0].communication_time() < 1.1 * transfer + 400e-6);
  REQUIRE(s2[0].communication_time() > 2 * transfer);
}

TEST_CASE("E-cube circuits never deadlock: every message of a dense all-at-once exchange arrives", "[engine]") {
  Rng rng(7);
  CommMatrix matrix = random_density_matrix(64, 16, rng);
  Plan plan;
  plan.nodes = 64;
  plan.strategy = Strategy::asynchronous;
  Phase all;
  all.partial_permutation = false;
  for (const auto& e : matrix.entries()) all.messages.push_back({e.src, e.dst, e.bytes * 1024, false});
  plan.phases.push_back(all);
  const auto runs = simulate_isolated(cube(64), {Job{plan, 1}});
  REQUIRE(runs[0].messages.size() == all.messages.size());
  for (const auto& m : runs[0].messages) REQUIRE(m.end_s > 0);
}

TEST_CASE("A held path's stream time: latency plus bytes at the slowest channel, and nothing for no channel", "[engine]") {
  // A route from a node to itself claims no channel; its stream must end at once (it once divided
  // by the bandwidth of a slowest channel that did not exist, which SimGrid aborts on as a duration
  // that is not finite).
  const std::string out = in_machine(cube(4), [](Machine& machine) {
    ChannelLocks locks(machine);
    Route scratch;
    const Route none = locks.route(2, 2, scratch);
    const Route two_hops = locks.route(0, 3, scratch);
    locks.stream(nullptr, {{none, 1000000}});
    return fmt::format("{} channels: {} s; {} channels: {} s; streamed at {} s", none.size(),
                       locks.stream_seconds(none, 1000000), two_hops.size(), locks.stream_seconds(two_hops, 1000000),
                       simgrid::s4u::Engine::get_clock());
  });
  REQUIRE(out == "0 channels: 0 s; 2 channels: 0.5 s; streamed at 0 s");
}
