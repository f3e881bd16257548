// E-cube routes, link-contention checks, and the schedulers of Wang and Ranka 1994 (RS_N, RS_NL)
// on a 64-node hypercube with the uniform-density test set of its section 6.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <set>

#include "helpers.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"
#include "sim/scenario/experiment.hpp"
#include "sim/scenario/permutation_count.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workloads/workloads.hpp"
#include "test_paths.hpp"
#include "topologies/k_ary_n_cube.hpp"
#include "topologies/machines.hpp"
#include "topologies/topology_family.hpp"

using namespace mcsim;
using test::end_of;

namespace {
constexpr int cube_nodes = 64;
constexpr int cube_dimensions = 6;

// The 6-cube with its e-cube routes (the iPSC/860's), as the machine's family gives them.
std::shared_ptr<const TopologyFamily> cube64() {
  static const auto cube = std::make_shared<const KAryNCube>(
      KAryNCube({.sides = std::vector<int>(cube_dimensions, 2), .binary_numbering = true, .routing = "e-cube"}));
  return cube;
}

// The nodes the route src -> dst visits.
std::vector<int> ecube64(int src, int dst) { return route_nodes(*cube64(), src, cube64()->route(src, dst)); }

Schedule schedule_on_cube(const std::string& name, const CommMatrix& m, std::uint64_t seed) {
  Rng rng(seed);
  SchedulingHints hints;
  hints.routes = cube64();
  return run_scheduler(find_scheduler(name, "test"), {m, hints, rng});
}

CommMatrix uniform(int d, std::uint64_t sample) {
  Rng rng(derive_seed(94, "uniform", sample * 100 + static_cast<std::uint64_t>(d)));
  return uniform_density_matrix(cube_nodes, d, rng);
}

// Messages of the plan whose reverse message runs in the same phase.
std::size_t messages_in_exchanges(const Plan& plan) {
  std::size_t count = 0;
  for (const auto& phase : plan.phases) {
    std::set<std::pair<int, int>> pairs;
    for (const auto& m : phase.messages) pairs.insert({m.src, m.dst});
    for (const auto& m : phase.messages) count += pairs.contains({m.dst, m.src});
  }
  return count;
}
}  // namespace

TEST_CASE("E-cube: hop count is the Hamming distance, dimensions corrected lowest first, all pairs of 64 nodes") {
  for (int src = 0; src < cube_nodes; ++src)
    for (int dst = 0; dst < cube_nodes; ++dst) {
      const auto path = ecube64(src, dst);
      REQUIRE(path.front() == src);
      REQUIRE(path.back() == dst);
      REQUIRE(static_cast<int>(path.size()) - 1 == std::popcount(static_cast<unsigned>(src ^ dst)));
      int last_dimension = -1;
      for (std::size_t i = 1; i < path.size(); ++i) {
        const unsigned step = static_cast<unsigned>(path[i - 1] ^ path[i]);
        REQUIRE(std::has_single_bit(step));  // one hypercube link
        const int dimension = std::countr_zero(step);
        REQUIRE(dimension > last_dimension);
        last_dimension = dimension;
      }
    }
}

TEST_CASE("Uniform-density workload: exactly d sends and d receives per node, unit lengths, random partners") {
  for (int d : {1, 4, 16, 48, 63}) {
    const CommMatrix m = uniform(d, 1);
    INFO("d=" << d);
    REQUIRE(m.size() == static_cast<std::size_t>(cube_nodes * d));
    for (int node = 0; node < cube_nodes; ++node) {
      REQUIRE(m.sends_of(node) == d);
      REQUIRE(m.receives_of(node) == d);
    }
    for (const auto& e : m.entries()) REQUIRE(e.bytes == 1);  // CommMatrix itself refuses self messages and repeats
  }
  // Shifted diagonals alone would have no message whose reverse exists (shifts 1..d < n/2); random
  // partners have about d^2/2 such pairs.
  const CommMatrix m = uniform(16, 2);
  int reciprocal = 0;
  for (const auto& e : m.entries()) reciprocal += m.bytes(e.dst, e.src) > 0;
  REQUIRE(reciprocal > 2 * 50);
  REQUIRE_FALSE(uniform(16, 3).entries() == m.entries());
  Rng a(4), b(4);
  REQUIRE(uniform_density_matrix(cube_nodes, 8, a).entries() == uniform_density_matrix(cube_nodes, 8, b).entries());
}

TEST_CASE("Uniform-density workload: d below 1 or not below the node count is an error") {
  Rng rng(1);
  REQUIRE_THROWS_WITH(uniform_density_matrix(64, 64, rng), Catch::Contains("uniform-density") && Catch::Contains("1..63"));
  REQUIRE_THROWS_WITH(uniform_density_matrix(64, 0, rng), Catch::Contains("uniform-density"));
  WorkloadSpec spec{"uniform-density", 0, "", "", "scenario.toml"};
  REQUIRE_THROWS_WITH(generate_workload(spec, 64, rng),
                      Catch::Contains("scenario.toml") && Catch::Contains("needs density (d) >= 1"));
  spec.density = 8;
  REQUIRE(generate_workload(spec, 64, rng).size() == 64 * 8);
}

TEST_CASE("LP on a 64-node cube: every phase is link-contention-free under e-cube") {
  const CommMatrix m = uniform(16, 0);
  const Schedule s = schedule_on_cube("LP", m, 1);
  REQUIRE(s.phases() == cube_nodes - 1);
  for (std::size_t p = 0; p < s.plan.phases.size(); ++p) {
    REQUIRE(s.plan.phases[p].messages.size() == cube_nodes);  // dummies included: every channel of a full exchange
    REQUIRE_NOTHROW(check_link_contention_free(s.plan.phases[p], *cube64(), "LP phase " + std::to_string(p)));
  }
  // LP does not claim it (it also runs on the CM-5's fat tree).
  for (const auto& phase : s.plan.phases) REQUIRE_FALSE(phase.link_contention_free);
}

TEST_CASE("LP-no-dummies on a 64-node cube: each message in the phase of src xor dst, phases link-contention-free") {
  const CommMatrix m = uniform(16, 0);
  const Schedule s = schedule_on_cube("LP-no-dummies", m, 1);
  REQUIRE(s.phases() == cube_nodes - 1);
  REQUIRE(s.plan.message_count() == m.size());  // 1,024 messages, where LP sends 4,032 with its dummies
  for (std::size_t p = 0; p < s.plan.phases.size(); ++p) {
    for (const auto& msg : s.plan.phases[p].messages) {
      REQUIRE_FALSE(msg.dummy);
      REQUIRE(static_cast<std::size_t>(msg.src ^ msg.dst) == p + 1);
    }
    REQUIRE_NOTHROW(check_link_contention_free(s.plan.phases[p], *cube64(), "LP-no-dummies phase " + std::to_string(p)));
  }
  REQUIRE_NOTHROW(validate_plan(s.plan, m, "LP-no-dummies"));
}

TEST_CASE("LP-no-dummies on a 4-node iPSC/860 under S1: a node that only receives gets its message, no dummy is sent", "[engine]") {
  // The 4-node matrix worked by hand in test_schedulers.cpp, in 1 KB units (NX's long protocol).
  // Phase 0: 0 <-> 1 exchange, 2 -> 3 one way; phase 1: 0 -> 2; phase 2: 2 -> 1 and 3 -> 0.
  const CommMatrix m =
      CommMatrix(4, {{0, 1, 1}, {1, 0, 2}, {2, 3, 3}, {0, 2, 4}, {3, 0, 5}, {2, 1, 6}}).scaled(1024);
  const auto plan_of = [&m](const std::string& name) {
    Rng rng(1);
    return run_scheduler(find_scheduler(name, "test"), {m, SchedulingHints{}, rng}).plan;
  };
  const Plan wang94 = plan_of("LP-no-dummies");
  REQUIRE(wang94.strategy == Strategy::receiver_ready);
  Plan cm5 = plan_of("LP");  // the CM-5 LP with its dummies, run under S1 as the wang94 scenarios did before
  cm5.strategy = Strategy::receiver_ready;
  const Plan alone = test::one_phase(4, Strategy::receiver_ready, {{2, 3, 3 * 1024}});
  const auto runs = simulate_isolated({"ipsc860", 4, {}}, {Job{wang94, 1}, Job{cm5, 1}, Job{alone, 1}});

  const Run& run = runs[0];
  REQUIRE(run.messages.size() == 6);
  for (const auto& msg : run.messages) {
    INFO(msg.src << " -> " << msg.dst);
    REQUIRE_FALSE(msg.dummy);
    REQUIRE(msg.end_s > msg.start_s);
  }
  // Node 3 only receives in phase 0, from node 2, whose circuit shares nothing with the 0 <-> 1
  // exchange: its ready signal and the data take exactly what they take alone.
  REQUIRE(end_of(run, 2, 3) == Approx(end_of(runs[2], 2, 3)));
  // Node 0 goes on to phase 1 (it only sends, to node 2, which only receives) once its phase-0
  // message has arrived; in phase 2 node 0 only receives, from node 3.
  const auto start_of = [&run](int src, int dst) {
    return std::find_if(run.messages.begin(), run.messages.end(),
                        [&](const MessageRecord& r) { return r.src == src && r.dst == dst; })->start_s;
  };
  REQUIRE(start_of(0, 2) >= end_of(run, 1, 0));
  REQUIRE(end_of(run, 3, 0) > end_of(run, 0, 2));
  // The CM-5 LP sends twelve messages, six of them dummies, and takes longer for it.
  REQUIRE(runs[1].messages.size() == 12);
  REQUIRE(std::count_if(runs[1].messages.begin(), runs[1].messages.end(),
                        [](const MessageRecord& r) { return r.dummy; }) == 6);
  REQUIRE(run.communication_time() < runs[1].communication_time());
}

TEST_CASE("RS_N: partial permutations that deliver every message, never fewer than the busiest node needs") {
  for (int d : {4, 16, 48})
    for (std::uint64_t sample = 0; sample < 4; ++sample) {
      INFO("d=" << d << " sample=" << sample);
      const CommMatrix m = uniform(d, sample);
      const Schedule s = schedule_on_cube("RS_N", m, sample);
      REQUIRE_NOTHROW(validate_plan(s.plan, m, "RS_N"));
      std::size_t messages = 0;
      for (const auto& phase : s.plan.phases) {
        REQUIRE(phase.partial_permutation);
        REQUIRE_FALSE(phase.messages.empty());
        std::set<int> senders, receivers;
        for (const auto& msg : phase.messages) {
          REQUIRE(senders.insert(msg.src).second);
          REQUIRE(receivers.insert(msg.dst).second);
          REQUIRE_FALSE(msg.dummy);
        }
        messages += phase.messages.size();
      }
      REQUIRE(messages == m.size());
      REQUIRE(static_cast<int>(s.phases()) >= std::max(m.max_sends(), m.max_receives()));
      REQUIRE(s.operations.at("iterations") == s.phases());
      REQUIRE(s.operations.at("probes") >= m.size());
    }
}

TEST_CASE("RS_N: on average within d + log2 d permutations (Wang and Ranka 1994, sec. 4.2)") {
  for (int d : {8, 32}) {
    double sum = 0;
    const int samples = 10;
    for (int sample = 0; sample < samples; ++sample)
      sum += static_cast<double>(schedule_on_cube("RS_N", uniform(d, static_cast<std::uint64_t>(sample)), 7).phases());
    INFO("d=" << d);
    REQUIRE(sum / samples <= d + std::log2(d));
  }
}

TEST_CASE("RS_NL: phases share no channel of the e-cube routes, on random uniform-density matrices") {
  for (int d : {4, 16, 48})
    for (std::uint64_t sample = 0; sample < 4; ++sample) {
      INFO("d=" << d << " sample=" << sample);
      const CommMatrix m = uniform(d, sample);
      const Schedule s = schedule_on_cube("RS_NL", m, sample);
      REQUIRE_NOTHROW(validate_plan(s.plan, m, "RS_NL"));
      for (std::size_t p = 0; p < s.plan.phases.size(); ++p) {
        const Phase& phase = s.plan.phases[p];
        REQUIRE(phase.link_contention_free);
        // checked against the routes, whatever the flag says
        REQUIRE_NOTHROW(check_link_contention_free(phase, *cube64(), "RS_NL phase " + std::to_string(p)));
      }
      REQUIRE(s.operations.at("paths_checked") > 0);
      REQUIRE(s.operations.at("channels_checked") >= s.operations.at("paths_checked") / 2);
    }
}

TEST_CASE("RS_NL: pairwise exchanges first, far more of them than RS_N makes on a symmetric matrix") {
  // P_i <-> P_(i xor k) for 8 values of k: every message has its reverse.
  std::vector<MatrixEntry> entries;
  for (int i = 0; i < cube_nodes; ++i)
    for (int k : {1, 3, 6, 12, 17, 33, 40, 63}) entries.push_back({i, i ^ k, 1});
  const CommMatrix m(cube_nodes, std::move(entries));
  const Schedule nl = schedule_on_cube("RS_NL", m, 5), n = schedule_on_cube("RS_N", m, 5);
  REQUIRE_NOTHROW(validate_plan(nl.plan, m, "RS_NL"));
  const std::size_t exchanged = messages_in_exchanges(nl.plan);
  REQUIRE(exchanged == 2 * nl.operations.at("pairwise_exchanges"));
  // Measured with these seeds: 302 of 512 messages in exchanges for RS_NL, 52 for RS_N.
  REQUIRE(exchanged > m.size() / 2);
  REQUIRE(exchanged > 4 * messages_in_exchanges(n.plan));
}

TEST_CASE("RS_NL without fixed routes is an error naming the scheduler") {
  Rng rng(1);
  const CommMatrix m = uniform(4, 0);
  REQUIRE_THROWS_WITH(run_scheduler(find_scheduler("RS_NL", "test"), {m, SchedulingHints{88e-6, 1e-7, {}}, rng}),
                      Catch::StartsWith("scheduler RS_NL:") && Catch::Contains("route"));
  // RS_N needs no routes.
  REQUIRE_NOTHROW(run_scheduler(find_scheduler("RS_N", "test"), {m, SchedulingHints{88e-6, 1e-7, {}}, rng}));
}

TEST_CASE("RS_NL on CP-PACS and on the cluster: routes through crossbars and the switch, from the topology family") {
  for (const auto& [machine, nodes] : {std::pair{"cp-pacs", 64}, std::pair{"ethernet-cluster", 24}}) {
    INFO(machine);
    const SchedulingHints hints = make_machine(MachineSpec{machine, nodes, {}})->hints();
    REQUIRE(hints.routes);
    Rng rng(7);
    const CommMatrix m = uniform_density_matrix(nodes, 8, rng);
    const Plan plan = run_scheduler(find_scheduler("RS_NL", "test"), {m, hints, rng}).plan;
    REQUIRE_NOTHROW(validate_link_contention_free(plan, hints.routes.get(), "RS_NL"));
    REQUIRE_NOTHROW(validate_plan(plan, m, "RS_NL"));
  }
  // Node 1 -> switch (vertex 24) -> node 3; x, then y, then z crossbars (vertices 64 on) on CP-PACS.
  const auto visits = [](const SchedulingHints& hints, int src, int dst) {
    return route_nodes(*hints.routes, src, hints.routes->route(src, dst));
  };
  CHECK(visits(make_machine(MachineSpec{"ethernet-cluster", 24, {}})->hints(), 1, 3) == std::vector<int>{1, 24, 3});
  CHECK(visits(make_machine(MachineSpec{"cp-pacs", 64, {}})->hints(), 0, 1) == std::vector<int>{0, 64, 1});
}

TEST_CASE("iPSC/860 hints: e-cube routes over log2(nodes) dimensions, power-of-two nodes only") {
  const SchedulingHints hints = make_machine(MachineSpec{"ipsc860", 64, {}})->hints();
  REQUIRE(hints.routes);
  REQUIRE(route_nodes(*hints.routes, 0, hints.routes->route(0, 63)) == std::vector<int>{0, 1, 3, 7, 15, 31, 63});
  REQUIRE_THROWS_WITH(make_machine(MachineSpec{"ipsc860", 48, {}}), Catch::Contains("power of two"));
  REQUIRE_THROWS_WITH(make_machine(MachineSpec{"ipsc861", 64, {}}), Catch::Contains("unknown machine"));
  REQUIRE(make_machine(MachineSpec{"cm5", 32, {}})->hints().routes);  // the fat tree's d-mod-k routes
}

TEST_CASE("wang94-permutations: RS_N and RS_NL counts, mean and max, beside d + log2 d") {
  const auto s = load_scenario(std::string(MCSIM_TEST_DATA) + "/../../scenarios/wang94-permutations.toml").as<PermutationScenario>();
  RunOptions options;
  options.samples = 3;
  options.workers = 2;
  const auto result = run_permutation_count(s, options);
  const ResultTable rows = permutation_comparison(result);
  REQUIRE(rows.rows.size() == 5 * 5);  // 5 densities x (d+log2d, RS_N, RS_N max, RS_NL, RS_NL max)
  const std::size_t row_c = *rows.column("row"), series_c = *rows.column("series"), paper_c = *rows.column("paper"),
                    mcsim_c = *rows.column("mcsim");
  const auto series = [&](std::size_t r) { return cell_text(rows.at(r, series_c)); };
  const auto mcsim = [&](std::size_t r) { return *cell_number(rows.at(r, mcsim_c)); };
  REQUIRE(cell_text(rows.at(0, row_c)) == "n64-l1");
  REQUIRE(series(0) == "d+log2d");
  REQUIRE(mcsim(0) == Approx(6));
  REQUIRE_FALSE(cell_number(rows.at(0, paper_c)));
  REQUIRE(series(1) == "RS_N");
  REQUIRE(series(2) == "RS_N max");
  REQUIRE(mcsim(2) >= mcsim(1));
  REQUIRE(mcsim(1) >= 4);
  REQUIRE(series(23) == "RS_NL");
  REQUIRE(mcsim(23) >= 48);
  const auto text = permutation_side_by_side(result, rows);
  REQUIRE(text.find("d + log2(d)") != std::string::npos);
  // The text renders the table: d = 4's line, the bound d + log2 d = 6 with no paper value.
  REQUIRE(text.find("\nn64-l1               4              - / 6.00 / -") != std::string::npos);
}

TEST_CASE("Permutation scenarios: an unknown closed form or statistic is an error naming the key") {
  const std::string dir = test::temp_dir("closed-forms");
  const auto write = [&](const std::string& permutations) {
    const std::string path = dir + "/s.toml";
    std::ofstream(path) << "id = \"s\"\nkind = \"permutations\"\n[machine]\nname = \"ipsc860\"\nnodes = 64\n"
                           "[workload]\nname = \"uniform-density\"\ndensity = [4]\n[permutations]\n"
                        << permutations << "\n[[series]]\nscheduler = \"RS_N\"\n";
    return path;
  };
  REQUIRE_THROWS_WITH(load_scenario(write("closed_forms = [\"d3\"]")),
                      Catch::Contains("permutations.closed_forms") && Catch::Contains("unknown name 'd3'") &&
                          Catch::Contains("d+log2d"));
  REQUIRE_THROWS_WITH(load_scenario(write("statistics = [\"median\"]")), Catch::Contains("permutations.statistics"));
  const auto s = load_scenario(write("closed_forms = []\nstatistics = [\"max\"]")).as<PermutationScenario>();
  REQUIRE(s.closed_forms.empty());
  REQUIRE(s.statistics == std::vector<std::string>{"max"});
}

TEST_CASE("RS_NL on the CM-5: its route hint is the fat-tree family's d-mod-k routes", "[engine]") {
  // Every machine now gives a route hint; the CM-5's up-links are random per message, so RS_NL
  // avoids contention on the nominal routes only (topologies/fat_tree_family.hpp).
  const std::string path = test::temp_dir("rsnl-cm5") + "/s.toml";
  std::ofstream(path) << "id = \"s\"\n[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\nname = "
                         "\"uniform-density\"\ndensity = 4\n[sweep]\nmsg_unit = 16\n[[series]]\nscheduler = \"RS_NL\"\n";
  RunOptions options;
  const auto simulation = load_scenario(path).as<SimulationScenario>();
  REQUIRE_NOTHROW(run_experiment(simulation, options));
  const auto cm5 = make_machine({"cm5", 32, {}});
  REQUIRE(cm5->hints().routes);
  const auto path_0_31 = route_nodes(*cm5->hints().routes, 0, cm5->hints().routes->route(0, 31));
  REQUIRE(path_0_31.front() == 0);
  REQUIRE(path_0_31.back() == 31);
  REQUIRE(path_0_31.size() == 7);  // up 3 levels, down 3: 32 nodes need 3 levels of a 4-ary tree
}
