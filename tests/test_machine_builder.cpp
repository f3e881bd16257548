// Machines built from their files (topologies/machine_builder.hpp): every bundled machine file,
// found by listing the machines folder, so that a new file is tested with no C++ change.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <simgrid/s4u.hpp>

#include "cube_machines.hpp"
#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "test_paths.hpp"
#include "topologies/machine_builder.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;
using test::one_phase;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Every bundled machine file builds at its listed node count, runs a small exchange and describes every record", "[machine-files][engine]") {
  const auto machines = bundled_machines();
  REQUIRE(machines.size() >= 5);
  for (const auto& entry : machines) {
    INFO(entry.name);
    const MachineSpec spec{entry.name, entry.listed_nodes, {}};
    const auto machine = make_machine(spec);
    CHECK(machine->name() == entry.name);
    CHECK(machine->nodes() == entry.listed_nodes);
    CHECK(machine->hints().seconds_per_byte > 0);
    // The description: every record of the file but the library's (describe_library shows those),
    // with its source and the file's assumption flag.
    const MachineFile file = read_machine(spec);
    const auto described = machine->parameters();
    for (const auto& p : file.parameters) {
      if (p.path.starts_with("library.")) continue;
      INFO(p.path);
      const auto row = std::find_if(described.begin(), described.end(), [&](const MachineParameter& d) {
        return d.name == p.name && d.source == p.source;
      });
      REQUIRE(row != described.end());
      CHECK(row->assumption == p.assumption);
      CHECK(!row->value.empty());
    }
    for (const auto& c : file.choices)
      CHECK(std::any_of(described.begin(), described.end(), [&](const MachineParameter& d) {
        return d.name == c.name && d.value == c.chosen && d.assumption == c.assumption;
      }));
    // A small simulation: node 0 sends 4 kB to the last node and back; both arrive after the
    // machine's start-up and the bytes' time at its rate.
    const int last = entry.listed_nodes - 1;
    const auto runs = simulate_isolated(
        spec, {Job{one_phase(entry.listed_nodes, Strategy::asynchronous, {{0, last, 4096}, {last, 0, 4096}}), 1}});
    REQUIRE(runs.size() == 1);
    REQUIRE(runs[0].messages.size() == 2);
    for (const auto& m : runs[0].messages) CHECK(m.end_s >= 4096 * machine->hints().seconds_per_byte);
  }
}

TEST_CASE("A machine is named by its bundled name or by a path, and an unknown one lists the known ones", "[machine-files]") {
  const auto machines = bundled_machines();
  REQUIRE(!machines.empty());
  const auto by_path = make_machine({machines.front().path, machines.front().listed_nodes, {}});
  CHECK(by_path->name() == machines.front().name);
  const std::string e = error_of([] { make_machine({"cm6", 32, {}}); });
  CHECK(e.find("unknown machine 'cm6' (known: ") != std::string::npos);
  for (const auto& m : machines) CHECK(e.find(m.name) != std::string::npos);
}

TEST_CASE("Options: a changed input moves what is derived from it once the node count is known", "[machine-files]") {
  // The cluster's barrier is ceil(log2 n) latencies: a changed latency changes it.
  const auto plain = make_machine({"ethernet-cluster", 16, {}});
  const auto slower = make_machine({"ethernet-cluster", 16, {{"latency_us", "200"}}});
  CHECK(plain->library().barrier_s.value == 4 * 120e-6);
  CHECK(slower->library().barrier_s.value == 4 * 200e-6);
  // An unknown option is refused, listing the known ones.
  const std::string e = error_of([] { make_machine({"ethernet-cluster", 16, {{"colour", "red"}}}); });
  CHECK(e.find("unknown option 'colour' (known: ") != std::string::npos);
  CHECK(e.find("latency_us") != std::string::npos);
}

TEST_CASE("Store-and-forward pays the start-up at every hop, not at the nodes, and the schedulers' tau stays the start-up", "[machine-files]") {
  const auto saf = make_machine({"mesh", 16, {{"parameters", "ipsc1"}}});
  CHECK(saf->switching().transport() == "store-and-forward");
  CHECK(saf->switching().per_hop_seconds(100) == 1e-3);
  CHECK(saf->library().regimes[0].startup_s.value == 0);
  CHECK(saf->library().control_send_s.value == 0);
  CHECK(saf->hints().startup_s == 1e-3);
  const auto delta = make_machine({"mesh", 16, {}});
  CHECK(delta->switching().per_hop_seconds(100) == 150e-9);
  CHECK(delta->library().regimes[0].startup_s.value == 75e-6);
  CHECK(delta->hints().startup_s == 75e-6);
}

TEST_CASE("The worked example of docs/machine-files.md, a what-if CM-5 on base = \"cm5\", builds and runs", "[machine-files][engine]") {
  const std::string doc = test::slurp(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../docs/machine-files.md");
  const std::string start = "```toml\n# cm5-binary-20.toml";
  const auto from = doc.find(start);
  REQUIRE(from != std::string::npos);
  const auto to = doc.find("```\n", from + 7);
  const std::string dir = test::temp_dir("machine-builder-doc");
  const std::string path = dir + "/cm5-binary-20.toml";
  {
    std::ofstream out(path);
    out << doc.substr(from + 8, to - from - 8);
  }
  const MachineSpec spec{path, 64, {}};
  const auto machine = make_machine(spec);
  CHECK(machine->name() == "cm5-binary-20");
  const auto cm5 = make_machine({"cm5", 64, {}});
  CHECK(machine->hints().startup_s == cm5->hints().startup_s);
  // Nodes i -> 63 - i cross the top of the tree: the binary tree keeps 20 MB/s per node there (more
  // than the 8.06 MB/s CMMD interface), the CM-5 has 5 MB/s per node beyond 16, so these 32
  // messages take longer on the CM-5.
  std::vector<PlannedMessage> across;
  for (int i = 0; i < 32; ++i) across.push_back({i, 63 - i, 64000});
  const auto what_if = simulate_isolated(spec, {Job{one_phase(64, Strategy::asynchronous, across), 1}});
  const auto real = simulate_isolated({"cm5", 64, {}}, {Job{one_phase(64, Strategy::asynchronous, across), 1}});
  CHECK(what_if[0].messages.size() == 32);
  double what_if_end = 0, real_end = 0;
  for (const auto& m : what_if[0].messages) what_if_end = std::max(what_if_end, m.end_s);
  for (const auto& m : real[0].messages) real_end = std::max(real_end, m.end_s);
  CHECK(what_if_end < real_end);
}

TEST_CASE("Concentration as a command-line what-if: docs/examples/t3d-pairs.toml, the choice pes_per_switch on base = \"t3d\"", "[machine-files][engine]") {
  // The text docs/machine-files.md shows is the file shipped.
  const std::string root = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/..";
  const std::string path = root + "/docs/examples/t3d-pairs.toml";
  const std::string file = test::slurp(path), doc = test::slurp(root + "/docs/machine-files.md");
  const auto from = doc.find("```toml\n# t3d-pairs.toml");
  REQUIRE(from != std::string::npos);
  CHECK(doc.substr(from + 8, doc.find("```\n", from + 8) - from - 8) == file);
  // Its default is the T3D's own file: one PE a router, 64 PEs on 4 x 4 x 4, no node interface.
  const auto one = make_machine({path, 64, {}});
  const auto t3d = make_machine({"t3d", 64, {}});
  CHECK(one->routes().vertex_count() == 64);
  CHECK(one->routes().route(0, 1) == t3d->routes().route(0, 1));
  // Bundled, the record has no option key: concentration cannot be asked of t3d.toml itself.
  REQUIRE_THROWS_WITH(make_machine({"t3d", 128, {{"nodes_per_router", "2"}}}),
                      Catch::Contains("unknown option 'nodes_per_router'"));
  // pes_per_switch=two: the same 4 x 4 x 4 routers take 128 PEs, PE i on router i / 2; the PEs are
  // vertices 0..127, the routers 128..191. PEs 0 and 1 talk through their router: injection and
  // ejection; PE 0 to PE 2 crosses one router link between them.
  const MachineSpec two{path, 128, {{"pes_per_switch", "two"}}};
  const auto pairs = make_machine(two);
  const TopologyFamily& routes = pairs->routes();
  CHECK(routes.vertex_count() == 128 + 64);
  const Route same = routes.route(0, 1), next = routes.route(0, 2);
  REQUIRE(same.size() == 2);
  REQUIRE(next.size() == 3);
  CHECK(routes.node_interface(same[0].link));
  CHECK(routes.node_interface(same[1].link));
  CHECK_FALSE(routes.node_interface(next[1].link));
  // The option keys the choice brings: four PEs a router, 256 on the same routers.
  const auto fours = make_machine({path, 256, {{"pes_per_switch", "two"}, {"nodes_per_router", "4"}}});
  CHECK(fours->routes().vertex_count() == 256 + 64);
  // Without the choice, 128 PEs do not fit the 64 routers; the choice's option is unknown there.
  REQUIRE_THROWS_WITH(make_machine({path, 128, {}}), Catch::Contains("has 64 nodes, not 128"));
  REQUIRE_THROWS_WITH(make_machine({path, 256, {{"nodes_per_router", "4"}}}),
                      Catch::Contains("unknown option 'nodes_per_router'"));
  // It runs: a message between the PEs of one switch ends before one to the next switch (a header
  // delay less), each alone.
  const auto runs = simulate_isolated(two, {Job{one_phase(128, Strategy::asynchronous, {{0, 1, 1024}}), 1},
                                            Job{one_phase(128, Strategy::asynchronous, {{0, 2, 1024}}), 1}});
  REQUIRE(runs.at(0).messages.size() == 1);
  REQUIRE(runs.at(1).messages.size() == 1);
  CHECK(runs[0].messages[0].end_s < runs[1].messages[0].end_s);
}

TEST_CASE("A machine file is read once per process for its options: tasks built after the check reuse it") {
  const auto dir = test::temp_dir("read-once");
  const std::string path = dir + "/w.toml";
  std::ofstream(path) << "base = \"cm5\"\nname = \"first\"\n";
  REQUIRE(read_machine({path, 32, {}}).name == "first");
  REQUIRE(make_machine({path, 64, {}})->name() == "first");
  // Edited meanwhile: this process keeps what it read (a run's tasks all see one machine) ...
  std::ofstream(path) << "base = \"cm5\"\nname = \"second\"\n";
  REQUIRE(read_machine({path, 32, {}}).name == "first");
  // ... while other options are another reading, which reads the file as it is now.
  const MachineFile overlapped = read_machine({path, 32, {{"cmmd", "overlapped"}, {"cmmd_startup_us", "100"}}});
  REQUIRE(overlapped.name == "second");
  REQUIRE(overlapped.find("cmmd_startup_us")->value == Approx(100e-6));
  const auto cmmd = std::find_if(overlapped.choices.begin(), overlapped.choices.end(),
                                 [](const MachineChoice& c) { return c.name == "cmmd"; });
  REQUIRE(cmmd != overlapped.choices.end());
  REQUIRE(cmmd->chosen == "overlapped");
}

TEST_CASE("node_ports = one-shared builds under every transport, its ports kept", "[machine-files]") {
  // The iPSC/860's file states one-shared ports (scenarios/machines/ipsc860.toml, library.node_ports);
  // a what-if on it that changes only the switching keeps them: every transport runs under the
  // node-port send queues (sim/engine/transports/node_ports.hpp; their times: test_switching.cpp).
  const std::string dir = test::temp_dir("machine-builder-node-ports");
  for (const std::string switching : {"flow", "store-and-forward", "wormhole"}) {
    INFO(switching);
    const std::string path = dir + "/ipsc-" + switching + ".toml";
    std::ofstream(path) << "base = \"ipsc860\"\nname = \"ipsc-" << switching
                        << "\"\n[links]\nswitching = { value = \"" << switching
                        << "\", source = \"what if\", assumption = true }\n";
    const auto machine = make_machine({path, 8, {}});
    CHECK(machine->switching().transport() == switching);
    CHECK(machine->library().node_ports.value == NodePorts::one_shared);
  }
  CHECK(make_machine({"ipsc860", 8, {}})->library().node_ports.value == NodePorts::one_shared);
}

TEST_CASE("No bundled machine has a link latency, and a file's links.latency reaches the SimGrid links only under flow", "[machine-files][engine]") {
  // links.latency is 0 when a file does not give it, and no bundled file does (the CP-PACS's
  // crossbar latency is a [parameters] value its header delay is made of): their outputs are as
  // they were. A file's latency is the links' own (SwitchingRules::link_latency_s); SimGrid's
  // links carry it where SimGrid moves the bytes (flow), and the switched transports, whose
  // receivers are told by 0-byte notices over the same SimGrid routes, pay it themselves.
  const auto simgrid_latency = [](const MachineSpec& spec) {
    return test::in_machine(spec, [](Machine& machine) {
      double most = 0;
      for (const auto* link : simgrid::s4u::Engine::get_instance()->get_all_links())
        most = std::max(most, link->get_latency());
      return fmt::format("{} {}", most, machine.switching().link_latency_s());
    });
  };
  for (const auto& entry : bundled_machines()) {
    INFO(entry.name);
    CHECK(simgrid_latency({entry.name, entry.listed_nodes, {}}) == "0 0");
  }
  const std::string path = test::temp_dir("machine-builder-latency") + "/mesh-latency.toml";
  std::ofstream(path) << "base = \"mesh\"\nname = \"mesh-latency\"\n[links]\nlatency = { value = \"2 us\", source = "
                         "\"test\", assumption = true }\n";
  CHECK(simgrid_latency({path, 16, {{"switching", "flow"}}}) == "2e-06 2e-06");
  CHECK(simgrid_latency({path, 16, {{"switching", "wormhole"}}}) == "0 2e-06");
}

TEST_CASE("A k-ary n-cube with two nodes a router and interface links runs one message in the time worked by hand", "[machine-files][engine]") {
  // The mesh file (Touchstone Delta: 25 MB/s channels, 150 ns a hop, 75 us start-up at the sender)
  // as a 4 x 2 mesh of routers with 2 nodes each, their injection and ejection links at 10 MB/s.
  const std::string path = test::temp_dir("concentrated-mesh") + "/concentrated.toml";
  std::ofstream(path) << "base = \"mesh\"\nname = \"concentrated\"\n[topology.shape]\n"
                         "sides = { value = [4, 2], source = \"test\", assumption = true }\n"
                         "nodes_per_router = { value = 2, source = \"test\", assumption = true }\n"
                         "[links]\ninterface_bandwidth = { value = \"10 MB/s\", source = \"test\", assumption = true }\n";
  const auto ends = [&](const std::string& switching, int dst) {
    const Plan plan = one_phase(16, Strategy::asynchronous, {{0, dst, 10000}});
    return test::message_ends([&] { return make_machine({path, 16, {{"switching", switching}}}); }, {Job{plan, 1}})
        .at(0)
        .at(0);
  };
  // Node 0 -> node 1, one router: injection and ejection link, 10,000 B at 10 MB/s = 1 ms.
  CHECK(ends("flow", 1) == Approx(75e-6 + 1e-3).epsilon(1e-9));
  CHECK(ends("circuit", 1) == Approx(75e-6 + 2 * 150e-9 + 1e-3).epsilon(1e-9));
  CHECK(ends("wormhole", 1) == Approx(75e-6 + 2 * 150e-9 + 1e-3).epsilon(1e-9));  // the worm at its slowest link
  CHECK(ends("store-and-forward", 1) == Approx(2 * (75e-6 + 1e-3)).epsilon(1e-9));  // the start-up at every hop
  // Node 0 -> node 2, the next router in x: one channel between the routers (25 MB/s: 0.4 ms alone).
  CHECK(ends("flow", 2) == Approx(75e-6 + 1e-3).epsilon(1e-9));
  CHECK(ends("circuit", 2) == Approx(75e-6 + 3 * 150e-9 + 1e-3).epsilon(1e-9));
  CHECK(ends("wormhole", 2) == Approx(75e-6 + 3 * 150e-9 + 1e-3).epsilon(1e-9));
  CHECK(ends("store-and-forward", 2) == Approx(2 * (75e-6 + 1e-3) + 75e-6 + 0.4e-3).epsilon(1e-9));
  // Without links.interface_bandwidth the file is refused at the key that asks for the links.
  const std::string bare = test::temp_dir("concentrated-mesh") + "/bare.toml";
  std::ofstream(bare) << "base = \"mesh\"\nname = \"bare\"\n[topology.shape]\n"
                         "sides = { value = [4, 2], source = \"test\", assumption = true }\n"
                         "nodes_per_router = { value = 2, source = \"test\", assumption = true }\n";
  CHECK(error_of([&] { make_machine({bare, 16, {}}); })
            .find("bare.toml:5 (topology.shape.nodes_per_router): interface links need their bandwidth") !=
        std::string::npos);
}
