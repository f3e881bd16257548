// Task graphs, mappings and metrics of Lo, Rajopadhye, Telle & Zhong 1992 (sim/mapping/).
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "sim/core/error.hpp"
#include "sim/mapping/alpha.hpp"
#include "sim/mapping/binomial_tree.hpp"
#include "sim/mapping/closed_forms.hpp"
#include "sim/mapping/complete_binary_tree.hpp"
#include "sim/mapping/growing.hpp"
#include "sim/mapping/mappings.hpp"
#include "sim/mapping/metrics.hpp"
#include "sim/mapping/reflecting.hpp"
#include "sim/mapping/row_major.hpp"
#include "sim/mapping/slowdown.hpp"
#include "sim/scenario/mapping_report.hpp"
#include "topologies/fabric_graph.hpp"
#include "topologies/k_ary_n_cube.hpp"

using namespace mcsim;

namespace {
int ceil_half(int i) { return (i + 1) / 2; }
}  // namespace

TEST_CASE("Binomial tree B(n): phase i has 2^(i-1) senders sending alpha^i, every task but the root receives once") {
  for (int n = 0; n <= 10; ++n) {
    const auto g = binomial_tree(n, 0.5);
    REQUIRE(g.tasks == (1 << n));
    REQUIRE(g.phases.size() == static_cast<std::size_t>(n));
    REQUIRE(g.edge_count() == static_cast<std::size_t>(g.tasks - 1));
    std::set<int> received;
    std::set<int> active{g.tasks - 1};  // the root holds the problem before phase 1
    for (int i = 1; i <= n; ++i) {
      const auto& phase = g.phases[static_cast<std::size_t>(i - 1)];
      std::set<int> senders;
      for (const auto& e : phase) {
        senders.insert(e.sender);
        REQUIRE(e.volume == Approx(std::pow(0.5, i)));
        REQUIRE(active.contains(e.sender));  // only a task that has its problem can divide it
        REQUIRE(received.insert(e.receiver).second);
      }
      REQUIRE(senders.size() == std::size_t{1} << (i - 1));
      REQUIRE(phase.size() == senders.size());  // one child each
      for (const auto& e : phase) active.insert(e.receiver);
    }
    REQUIRE(received.size() == static_cast<std::size_t>(g.tasks - 1));
  }
}

TEST_CASE("Binomial tree post-order labels (Figure 1): B(4) has root 15 with children 7, 11, 13, 14") {
  const auto g = binomial_tree(4, 1);
  std::vector<int> root_children;
  for (const auto& phase : g.phases)
    for (const auto& e : phase)
      if (e.sender == 15) root_children.push_back(e.receiver);
  REQUIRE(root_children == std::vector<int>{7, 11, 13, 14});  // phases 1..4, subtrees B(3), B(2), B(1), B(0)
  REQUIRE(binomial_parent(0, 4) == 1);
  REQUIRE(binomial_parent(3, 4) == 7);
  REQUIRE(binomial_parent(9, 4) == 11);
  REQUIRE(binomial_parent(15, 4) == -1);
  REQUIRE(binomial_phase(7, 4) == 1);
  REQUIRE(binomial_phase(0, 4) == 4);
}

TEST_CASE("Complete binary tree CBT(m): phase i sends alpha^i from each of 2^(i-1) parents to both children") {
  const auto g = complete_binary_tree(4, 0.5);
  REQUIRE(g.tasks == 15);
  REQUIRE(g.phases.size() == 3);
  for (int i = 1; i <= 3; ++i) {
    REQUIRE(g.phases[static_cast<std::size_t>(i - 1)].size() == std::size_t{1} << i);
    for (const auto& e : g.phases[static_cast<std::size_t>(i - 1)]) {
      REQUIRE((e.receiver - 1) / 2 == e.sender);
      REQUIRE(e.volume == Approx(std::pow(0.5, i)));
    }
  }
}

TEST_CASE("Task graphs and alpha reject impossible sizes with one clear error") {
  REQUIRE_THROWS_WITH(binomial_tree(25, 1), Catch::Contains("B(25) is outside"));
  REQUIRE_THROWS_WITH(binomial_tree(-1, 1), Catch::Contains("B(-1) is outside"));
  REQUIRE_THROWS_WITH(binomial_tree(3, 0), Catch::Contains("alpha = 0 is outside (0, 1]"));
  REQUIRE_THROWS_WITH(complete_binary_tree(0, 1), Catch::Contains("CBT(0)"));
  REQUIRE(parse_alpha("1/sqrt(2)", "test") == Approx(1 / std::sqrt(2.0)));
  REQUIRE(parse_alpha("1/4", "test") == 0.25);
  REQUIRE(parse_alpha("0.5", "test") == 0.5);
  REQUIRE_THROWS_WITH(parse_alpha("2", "here"), Catch::Contains("here: alpha '2' = 2 is outside (0, 1]"));
  REQUIRE_THROWS_WITH(parse_alpha("half", "here"), Catch::Contains("is not a number"));
  REQUIRE_THROWS_WITH(parse_alpha("1/0", "here"), Catch::Contains("is not a number"));
  REQUIRE_THROWS_WITH(find_mapping("spiral", "--mapping"), Catch::Contains("unknown mapping 'spiral'"));
  REQUIRE_THROWS_WITH(reflecting_mapping(25), Catch::Contains("B(25) is outside"));
  REQUIRE_THROWS_WITH(mapping_from_points("test", MeshShape{1, 2}, {{0, 0}, {0, 0}}),
                      Catch::Contains("tasks 0 and 1 both land at [0, 0]"));
  REQUIRE_THROWS_WITH(mapping_from_points("test", MeshShape{1, 2}, {{2, 0}}), Catch::Contains("off the 1 x 2 mesh"));
  REQUIRE_THROWS_WITH(compute_metrics(binomial_tree(3, 1), reflecting_mapping(2)), Catch::Contains("places 4 tasks"));
}

TEST_CASE("Every mapping of B(n) is one-to-one onto the 2^floor(n/2) x 2^ceil(n/2) mesh") {
  for (const auto& entry : mapping_registry())
    for (int n = 0; n <= 10; ++n) {
      const auto m = entry.map_binomial_tree(n);
      REQUIRE(m.mesh.rows == 1 << (n / 2));
      REQUIRE(m.mesh.cols == 1 << ((n + 1) / 2));
      REQUIRE(std::set<int>(m.node_of_task.begin(), m.node_of_task.end()).size() == std::size_t{1} << n);
    }
}

TEST_CASE("Reflecting mapping (Definition 7) equals the Gray-code formula read as inverse Gray") {
  for (int n = 0; n <= 12; ++n) {
    const auto m = reflecting_mapping(n);
    const auto formula = reflecting_formula_points(n, true);
    for (int b = 0; b < (1 << n); ++b) REQUIRE(m.point_of_task(b) == formula[static_cast<std::size_t>(b)]);
  }
  // Read literally, gray(v) = v xor (v >> 1) disagrees once a coordinate has 3 bits: B(5), node
  // 0b10000 = 16 (even bits 100): Definition 7 puts it at x = 7, gray(4) = 6.
  for (int n = 0; n <= 4; ++n) {
    const auto m = reflecting_mapping(n);
    const auto literal = reflecting_formula_points(n, false);
    for (int b = 0; b < (1 << n); ++b) REQUIRE(m.point_of_task(b) == literal[static_cast<std::size_t>(b)]);
  }
  REQUIRE(reflecting_mapping(5).point_of_task(16) == MeshPoint{7, 0});
  REQUIRE(reflecting_formula_points(5, false)[16] == MeshPoint{6, 0});
  REQUIRE(inverse_gray(gray(1234)) == 1234);
}

TEST_CASE("Lemma 2: the reflecting mapping has no contention in any phase, n <= 6 (and up to 10)") {
  for (int n = 1; n <= 10; ++n)
    for (auto links : {LinkModel::undirected_wire, LinkModel::directed_channel}) {
      const auto metrics = compute_metrics(binomial_tree(n, 1), reflecting_mapping(n), links);
      for (const auto& phase : metrics.phases) {
        INFO("n = " << n << ", phase " << phase.phase);
        REQUIRE(phase.conflict == 0);
        REQUIRE(phase.weighted_contention == 0);
        REQUIRE(phase.link_contention == 1);
      }
    }
}

TEST_CASE("Reflecting dilation in phase i of B(n) is Lemma 3's value for B(n-i+1), not for i") {
  // Lemma 3's recurrence (Figure 5) indexes D(E_2k) by the subtree B(2k) whose two halves the edge
  // joins: phase 1 of B(n). Read with i = phase, as the lemma is printed, it is wrong from B(5) on.
  for (int n = 1; n <= 10; ++n) {
    const auto metrics = compute_metrics(binomial_tree(n, 1), reflecting_mapping(n));
    for (const auto& phase : metrics.phases)
      REQUIRE(phase.dilation == lo92::lemma3_dilation(n - phase.phase + 1));
  }
  const auto b5 = compute_metrics(binomial_tree(5, 1), reflecting_mapping(5));
  REQUIRE(b5.phases[0].dilation == 3);
  REQUIRE(lo92::lemma3_dilation(1) == 1);
}

TEST_CASE("Growing mapping: dilation 2^(ceil(i/2)-2) and conflict set 2^(ceil(i/2)-2)-1 for phases i > 2 (sec. 4.2)") {
  for (int n = 1; n <= 12; ++n) {
    const auto metrics = compute_metrics(binomial_tree(n, 1), growing_mapping(n));
    for (const auto& phase : metrics.phases) {
      const int i = phase.phase;
      INFO("n = " << n << ", phase " << i);
      const int expected = i <= 2 ? 1 : 1 << (ceil_half(i) - 2);
      REQUIRE(phase.dilation == expected);
      REQUIRE(phase.conflict == expected - 1);
      for (const auto& e : phase.edges) REQUIRE(e.dilation == expected);  // "uniform dilation"
    }
  }
}

// A 4 x 4 mesh (k = 4), task t on node t (row t / 4, column t % 4), one phase of four messages,
// worked out by hand:
//   e0: 0 -> 3,  W = 1,    row 0 east over links 0-1, 1-2, 2-3     D = 3
//   e1: 1 -> 2,  W = 1/2,  row 0 east over 1-2                      D = 1
//   e2: 2 -> 1,  W = 1/4,  row 0 west over 1-2                      D = 1
//   e3: 4 -> 12, W = 1,    column 0 south over 4-8, 8-12            D = 2
// Undirected links: I(e0) = {e1, e2}, I(e1) = {e0, e2}, I(e2) = {e0, e1}, I(e3) = {};
//   C_w = 3/4, 5/4, 3/2, 0, so C(E) = 2, C_w(E) = 3/2, D_w(E) = 3, W(E) = 1, link 1-2 carries 3.
// Directed channels: e2 goes the other way, I(e0) = {e1}, I(e1) = {e0}: C(E) = 1, C_w(E) = 1.
// Slowdowns (undirected): eq. 2: (3 + 3/2) / 1 = 4.5; eq. 4: 1 + 3/2 = 2.5; eq. 6: 3 + 2 = 5;
// eq. 7: 1 + 2 = 3. With c = b = 1: max (1+W)D = 6, max sum (1+W') = 2 + 1.5 = 3.5 (e2), perfect
// 1 + 1 = 2: S = 9.5 / 2 = 4.75.
TEST_CASE("Metrics of a 4 x 4 phase worked out by hand") {
  PhasedTaskGraph g{"hand", 16, 1, {{{0, 3, 1}, {1, 2, 0.5}, {2, 1, 0.25}, {4, 12, 1}}}};
  const auto mapping = row_major_mapping(16);
  REQUIRE(mapping.mesh.rows == 4);
  const auto m = compute_metrics(g, mapping);
  const auto& p = m.phases.at(0);
  REQUIRE(p.edges[0].dilation == 3);
  REQUIRE(p.edges[3].dilation == 2);
  REQUIRE(p.edges[0].interference == std::vector<int>{1, 2});
  REQUIRE(p.edges[1].interference == std::vector<int>{0, 2});
  REQUIRE(p.edges[3].interference.empty());
  REQUIRE(p.edges[1].interference_weight == Approx(1.25));
  REQUIRE(p.weight == 1);
  REQUIRE(p.dilation == 3);
  REQUIRE(p.weighted_dilation == 3);
  REQUIRE(p.conflict == 2);
  REQUIRE(p.weighted_contention == Approx(1.5));
  REQUIRE(p.link_contention == 3);
  REQUIRE(slowdown(m, SwitchingFormula::store_and_forward, large_volumes) == Approx(4.5));
  REQUIRE(slowdown(m, SwitchingFormula::wormhole, large_volumes) == Approx(2.5));
  REQUIRE(slowdown(m, SwitchingFormula::store_and_forward, small_volumes) == Approx(5));
  REQUIRE(slowdown(m, SwitchingFormula::wormhole, small_volumes) == Approx(3));
  REQUIRE(slowdown(m, SwitchingFormula::store_and_forward, CostModel{1, 1}) == Approx(4.75));
  const auto directed = compute_metrics(g, mapping, LinkModel::directed_channel).phases.at(0);
  REQUIRE(directed.conflict == 1);
  REQUIRE(directed.weighted_contention == Approx(1));
  REQUIRE(directed.link_contention == 2);
}

TEST_CASE("Row-major B(4) on 4 x 4: dilations 2, 1, 2, 1, no contention, eq. 2 slowdown 5/3 at alpha = 1/2") {
  const auto m = compute_metrics(binomial_tree(4, 0.5), row_major_mapping(16));
  std::vector<int> dilations;
  for (const auto& p : m.phases) {
    dilations.push_back(p.dilation);
    REQUIRE(p.conflict == 0);
  }
  REQUIRE(dilations == std::vector<int>{2, 1, 2, 1});
  // (2/2 + 1/4 + 2/8 + 1/16) / (1/2 + 1/4 + 1/8 + 1/16) = 1.5625 / 0.9375
  REQUIRE(slowdown(m, SwitchingFormula::store_and_forward, large_volumes) == Approx(5.0 / 3.0));
  REQUIRE(slowdown(m, SwitchingFormula::store_and_forward, small_volumes) == Approx(1.5));
  REQUIRE(slowdown(m, SwitchingFormula::wormhole, large_volumes) == Approx(1));
}

TEST_CASE("Theorem 1: the reflecting mapping's wormhole slowdown is exactly 1 for every alpha and volume") {
  for (double alpha : {1.0, 0.5, 0.25})
    for (int n = 1; n <= 10; ++n) {
      const auto m = compute_metrics(binomial_tree(n, alpha), reflecting_mapping(n));
      REQUIRE(slowdown(m, SwitchingFormula::wormhole, large_volumes) == 1);
      REQUIRE(slowdown(m, SwitchingFormula::wormhole, small_volumes) == 1);
    }
}

TEST_CASE("Metrics reweighted to another alpha equal the ones measured at that alpha, bit for bit") {
  // sim/scenario/mapping_report.cpp walks the routes once per (mapping, n) and reweights per alpha.
  const auto same = [](const MappingMetrics& a, const MappingMetrics& b) {
    REQUIRE(a.phases.size() == b.phases.size());
    for (std::size_t p = 0; p < a.phases.size(); ++p) {
      const auto &x = a.phases[p], &y = b.phases[p];
      REQUIRE(x.weight == y.weight);
      REQUIRE(x.weighted_dilation == y.weighted_dilation);
      REQUIRE(x.weighted_contention == y.weighted_contention);
      REQUIRE(x.conflict == y.conflict);
      REQUIRE(x.link_contention == y.link_contention);
      for (std::size_t k = 0; k < x.edges.size(); ++k) {
        REQUIRE(x.edges[k].edge.volume == y.edges[k].edge.volume);
        REQUIRE(x.edges[k].interference_weight == y.edges[k].interference_weight);
        REQUIRE(x.edges[k].interference == y.edges[k].interference);
      }
    }
  };
  for (int n = 1; n <= 10; ++n)
    for (auto links : {LinkModel::undirected_wire, LinkModel::directed_channel}) {
      const auto mapping = growing_mapping(n);
      const auto uniform = compute_metrics(binomial_tree(n, 1), mapping, links);
      for (double alpha : {0.5, 1 / std::sqrt(2.0), 0.3}) {
        INFO("n = " << n << ", alpha " << alpha);
        same(reweighted(uniform, binomial_tree(n, alpha)), compute_metrics(binomial_tree(n, alpha), mapping, links));
      }
    }
  // The hand-worked phase below with unequal weights in one phase, reweighted from uniform ones.
  PhasedTaskGraph g{"hand", 16, 1, {{{0, 3, 1}, {1, 2, 0.5}, {2, 1, 0.25}, {4, 12, 1}}}};
  PhasedTaskGraph flat{"hand", 16, 1, {{{0, 3, 1}, {1, 2, 1}, {2, 1, 1}, {4, 12, 1}}}};
  const auto w = reweighted(compute_metrics(flat, row_major_mapping(16)), g);
  REQUIRE(w.phases[0].edges[1].interference_weight == 1.25);
  REQUIRE(w.phases[0].weighted_contention == 1.5);
  same(w, compute_metrics(g, row_major_mapping(16)));
  REQUIRE_THROWS_WITH(reweighted(compute_metrics(flat, row_major_mapping(16)), binomial_tree(4, 1)),
                      Catch::Contains("reweighting to B(4): the graph has 4 phases, the metrics 1"));
  PhasedTaskGraph moved{"moved", 16, 1, {{{0, 3, 1}, {1, 2, 1}, {2, 5, 1}, {4, 12, 1}}}};
  REQUIRE_THROWS_WITH(reweighted(compute_metrics(flat, row_major_mapping(16)), moved),
                      Catch::Contains("edge 2 of phase 1 is 2 -> 5, the metrics have 2 -> 1"));
}

TEST_CASE("The metrics' mesh is the engine's: its fabric graph has one wire per pair of links, and XY routes walk it") {
  const KAryNCube mesh({.sides = {8, 4}});  // 4 rows x 8 columns, dimension 0 the column
  const FabricGraph fabric(mesh);
  REQUIRE(fabric.wire_count() == 4 * 7 + 8 * 3);
  REQUIRE(mesh.link_count() == 2 * fabric.wire_count());
  const Route route = mesh.route(9, 2);  // (1, 1) -> (0, 2): along the row first, then the column
  REQUIRE(route.size() == 2);
  REQUIRE(mesh.link_ends(route[0].link) == std::pair{9, 10});
  REQUIRE(mesh.link_ends(route[1].link) == std::pair{10, 2});
  REQUIRE(fabric.is_path(9, 2, route));
  REQUIRE(!fabric.is_path(9, 3, route));
  REQUIRE(!fabric.is_path(2, 9, route));
  // A link and its way back are one wire (the undirected model of Definition 3), two links are two.
  const int back = mesh.link_from(10, 0, -1);
  REQUIRE(mesh.link_ends(back) == std::pair{10, 9});
  REQUIRE(fabric.wire_of(back) == fabric.wire_of(route[0].link));
  REQUIRE(fabric.wire_of(route[1].link) != fabric.wire_of(route[0].link));
  REQUIRE(fabric.hop_distances(0)[31] == 3 + 7);
}

// Issue 48: the lemma text renders the lemma table; whether a closed form agrees is the table's
// own "agree" column (judged on exact values when the table was made), not re-judged from the
// table's 6-digit numbers.
TEST_CASE("The lemma text renders its table: values, and DIFFERS where the table's agree says no") {
  MappingScenario s;
  s.id = "lemma-text";
  s.title = "two closed forms";
  const std::vector<LemmaRow> rows = {{"dilation", "reflecting", 4, 1, "", 2.0, 2.0, "Lemma 3"},
                                      {"dilation", "growing", 4, 2, "", 3.0, 4.0, "Lemma 5"}};
  const ResultTable table = lemma_result_table(s.id, rows);
  const std::string text = lemma_side_by_side(s, table);
  CHECK(text.find("agrees   dilation reflecting [Lemma 3] (1 values)") != std::string::npos);
  CHECK(text.find("DIFFERS  dilation growing [Lemma 5]: 1 of 1 values; first at n = 4, phase 2: paper 3, computed 4") !=
        std::string::npos);
  CHECK(text.find("n=4   mcsim: 4") != std::string::npos);
  // The agree column decides: the same numbers marked as agreeing read as agreeing.
  ResultTable marked = table;
  marked.rows[1][*marked.column("agree")] = text_cell("yes");
  CHECK(lemma_side_by_side(s, marked).find("agrees   dilation growing [Lemma 5]") != std::string::npos);
}
