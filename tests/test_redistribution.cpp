// Array redistribution (Guo and Pan 2005): the communication table against an element-by-element
// count, Lemma 2 and Theorem 1 as properties, the schedules of Examples 1 and 2 as the paper prints
// them, and every schedule delivering every element once.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <set>

#include "sim/core/error.hpp"
#include "sim/core/plan_validator.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/scenario/scenario_outputs.hpp"
#include "helpers.hpp"
#include "sim/redistribution/communication_table.hpp"
#include "sim/redistribution/descriptor.hpp"
#include "sim/redistribution/schedules.hpp"
#include "sim/redistribution/timeline_svg.hpp"
#include "sim/scenario/redistribution_plot.hpp"
#include "test_paths.hpp"

using namespace mcsim::redistribution;

namespace {
// Formulas (4): count every element of A[0 .. size) by its source and target processor.
CommunicationTable brute_force(const Redistribution& r, std::int64_t size) {
  CommunicationTable m(r.p, r.q);
  for (std::int64_t g = 0; g < size; ++g) ++m.at(r.source_of(g), r.target_of(g));
  return m;
}

std::vector<std::vector<int>> single_targets(const CommunicationSchedule& s, int sender) {
  std::vector<std::vector<int>> row;
  for (const auto& step : s.steps) row.push_back(step[static_cast<std::size_t>(sender)]);
  return row;
}

// Small random redistributions: blocks 1..12, processors 1..12.
std::vector<Redistribution> random_redistributions(int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> block(1, 12), procs(1, 12);
  std::vector<Redistribution> out;
  for (int k = 0; k < count; ++k) out.push_back({block(gen), procs(gen), block(gen), procs(gen)});
  return out;
}
}  // namespace

TEST_CASE("LDD intersection (Lemma 1) counts the shared elements of two descriptors") {
  // cyclic(4) on 5: P0 owns 0-3, 20-23, 40-43 of a 60-element slice; cyclic(3) on 5: Q0 owns 0-2,
  // 15-17, 30-32, 45-47. They share 0, 1, 2 only.
  const auto p0 = cyclic_descriptor(4, 5, 0, 60);
  const auto q0 = cyclic_descriptor(3, 5, 0, 60);
  REQUIRE(p0.n == 3);
  REQUIRE(q0.n == 4);
  REQUIRE(intersection_size(p0, q0) == 3);
  REQUIRE(intersects(p0, q0));
  REQUIRE(intersection_size(p0, q0, 2) == 2);
  REQUIRE_FALSE(intersects(cyclic_descriptor(2, 2, 0, 4), cyclic_descriptor(2, 2, 1, 4)));
}

TEST_CASE("The communication table equals an element-by-element count for random redistributions and sizes") {
  std::mt19937 gen(16);
  for (const auto& r : random_redistributions(300, 3)) {
    const std::int64_t slice = r.slice();
    REQUIRE(slice % (r.x * r.p) == 0);
    REQUIRE(slice % (r.y * r.q) == 0);
    INFO(r.name());
    REQUIRE(communication_table(r) == brute_force(r, slice));
    // Any global size: whole slices and a partial one.
    const std::int64_t size = std::uniform_int_distribution<std::int64_t>(0, 3 * slice)(gen);
    INFO("global size " << size);
    REQUIRE(communication_table(r, size) == brute_force(r, size));
  }
}

// The slice table is counted by residues modulo gcd(xp, yq) (communication_table.cpp); Lemma 1's
// block-pair walk over the slice must give the same numbers, for blocks far beyond the sizes above.
TEST_CASE("The slice table by residues equals Lemma 1's intersections of the descriptors, for large blocks") {
  std::mt19937 gen(36);
  std::uniform_int_distribution<int> block(1, 3000), procs(1, 16);
  for (int k = 0; k < 200; ++k) {
    const Redistribution r{block(gen), procs(gen), block(gen), procs(gen)};
    INFO(r.name());
    const auto m = communication_table(r);
    for (int i = 0; i < r.p; ++i)
      for (int j = 0; j < r.q; ++j)
        REQUIRE(m(i, j) == intersection_size(cyclic_descriptor(r.x, r.p, i, r.slice()),
                                             cyclic_descriptor(r.y, r.q, j, r.slice())));
  }
}

// Issue 36, item 10: cyclic(999983) on 63 -> cyclic(999979) on 64 has a slice of 4e15 elements;
// walking it block pair by block pair for every (i, j) took about 5e11 steps (half an hour) per
// table, in the parent, in every shard and in merge, before any simulation.
TEST_CASE("Issue 36: the slice table of cyclic(999983) on 63 -> cyclic(999979) on 64 costs p*q steps, not the slice") {
  const Redistribution r{999983, 63, 999979, 64};
  const auto m = communication_table(r);
  for (int i = 0; i < r.p; ++i) REQUIRE(m.row_sum(i) == r.slice() / r.p);
  for (int j = 0; j < r.q; ++j) REQUIRE(m.column_sum(j) == r.slice() / r.q);
  for (const auto& [i, j] : {std::pair{0, 0}, std::pair{62, 63}})  // one pair's walk: 1.3e8 steps
    REQUIRE(m(i, j) == intersection_size(cyclic_descriptor(r.x, r.p, i, r.slice()),
                                         cyclic_descriptor(r.y, r.q, j, r.slice())));
  // An array far shorter than the slice: only its own elements are walked.
  const std::int64_t size = 20'000'000;
  REQUIRE(communication_table(r, size) == brute_force(r, size));
}

TEST_CASE("Lemma 2: cyclic(zx) -> cyclic(zy) has z times the table of cyclic(x) -> cyclic(y)") {
  for (const auto& r : random_redistributions(100, 5)) {
    const auto m = communication_table(r);
    for (std::int64_t z = 2; z <= 4; ++z) {
      const auto mz = communication_table({z * r.x, r.p, z * r.y, r.q});
      for (int i = 0; i < r.p; ++i)
        for (int j = 0; j < r.q; ++j) REQUIRE(mz(i, j) == z * m(i, j));
    }
  }
}

TEST_CASE("Theorem 1: M(i, j) = M((i + y k) mod p, (j + x k) mod q)") {
  for (const auto& r : random_redistributions(200, 7)) {
    const auto m = communication_table(r);
    INFO(r.name());
    for (int i = 0; i < r.p; ++i)
      for (int j = 0; j < r.q; ++j)
        for (std::int64_t k = 0; k < r.slice() / (r.x * r.y) + 1; ++k)
          REQUIRE(m((i + r.y * k) % r.p, (j + r.x * k) % r.q) == m(i, j));
  }
}

TEST_CASE("Example 1: the table of Fig. 1(a) and Algorithm 1's CS of Fig. 1(c)") {
  const Redistribution r{4, 5, 3, 5};
  const auto m = communication_table(r);
  // Fig. 1(a), rows P0..P4, columns Q0..Q4 (the figure prints it column by column).
  const std::int64_t fig1a[5][5] = {
      {3, 2, 3, 2, 2}, {3, 2, 2, 3, 2}, {2, 3, 2, 3, 2}, {2, 3, 2, 2, 3}, {2, 2, 3, 2, 3}};
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) REQUIRE(m(i, j) == fig1a[i][j]);
  REQUIRE(algorithm1_applies(r));
  const auto a1 = algorithm1_schedule(r, m);
  const int fig1c[5][5] = {{0, 1, 2, 3, 4}, {3, 4, 0, 1, 2}, {1, 2, 3, 4, 0}, {4, 0, 1, 2, 3}, {2, 3, 4, 0, 1}};
  for (int i = 0; i < 5; ++i)
    for (int k = 0; k < 5; ++k) REQUIRE(a1.steps[k][i] == std::vector<int>{fig1c[i][k]});
  // Fig. 1(b): (me + k) mod q.
  const auto cf = contention_free_schedule(m);
  for (int i = 0; i < 5; ++i)
    for (int k = 0; k < 5; ++k) REQUIRE(cf.steps[k][i] == std::vector<int>{(i + k) % 5});
  REQUIRE(unit_cost(a1, m) == 12);
  REQUIRE(unit_cost(cf, m) == 15);
  // Each of Algorithm 1's steps moves messages of one length; (me + k)'s first step mixes 3 and 2.
  REQUIRE(steps_have_equal_lengths(a1, m));
  REQUIRE_FALSE(steps_have_equal_lengths(cf, m));
}

TEST_CASE("Example 2: Algorithm 2 reproduces the CS table of Fig. 2(c), cost 9 units -> 6 units") {
  const Redistribution r{2, 6, 3, 6};
  const auto m = communication_table(r);
  const std::int64_t fig2a[6][6] = {{2, 0, 2, 0, 2, 0}, {1, 1, 1, 1, 1, 1}, {0, 2, 0, 2, 0, 2},
                                    {2, 0, 2, 0, 2, 0}, {1, 1, 1, 1, 1, 1}, {0, 2, 0, 2, 0, 2}};
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) REQUIRE(m(i, j) == fig2a[i][j]);
  REQUIRE_FALSE(algorithm1_applies(r));
  REQUIRE(block_shape(r) == std::pair<int, int>{3, 2});
  REQUIRE(has_identical_blocks(r, m));
  const auto a2 = algorithm2_schedule(r, m);
  using V = std::vector<std::vector<int>>;
  REQUIRE(single_targets(a2, 0) == V{{0}, {2}, {4}});
  REQUIRE(single_targets(a2, 1) == V{{4, 5}, {0, 1}, {2, 3}});
  REQUIRE(single_targets(a2, 2) == V{{1}, {3}, {5}});
  REQUIRE(single_targets(a2, 3) == V{{2}, {4}, {0}});
  REQUIRE(single_targets(a2, 4) == V{{5, 4}, {1, 0}, {3, 2}});
  REQUIRE(single_targets(a2, 5) == V{{3}, {5}, {1}});
  REQUIRE(unit_cost(a2, m) == 6);
  // Fig. 2(b): the same order with a barrier after every small step.
  const auto stepwise = algorithm2_stepwise_schedule(r, m);
  REQUIRE(single_targets(stepwise, 1) == V{{4}, {5}, {0}, {1}, {2}, {3}});
  REQUIRE(single_targets(stepwise, 0) == V{{0}, {}, {2}, {}, {4}, {}});
  REQUIRE(unit_cost(stepwise, m) == 9);
  REQUIRE(steps_are_permutations(a2));
  // Theorem 1's equal lengths are Algorithm 1's: Algorithm 2's first step sends P0's 2 units beside P1's 1.
  REQUIRE_FALSE(steps_have_equal_lengths(stepwise, m));
}

TEST_CASE("Algorithm 1 steps are permutations with equal message lengths where gcd(x, q) = gcd(y, p) = 1") {
  int checked = 0;
  for (const auto& r0 : random_redistributions(400, 11)) {
    const Redistribution r{r0.x, r0.p, r0.y, r0.p};  // p = q: a step can be a full permutation
    if (!algorithm1_applies(r)) continue;
    const auto m = communication_table(r);
    const auto s = algorithm1_schedule(r, m);
    INFO(r.name());
    REQUIRE(steps_are_permutations(s));
    REQUIRE(steps_have_equal_lengths(s, m));
    for (const auto& step : s.steps) {
      std::set<std::int64_t> lengths;
      for (int i = 0; i < r.p; ++i) {
        REQUIRE(step[i].size() == 1);
        lengths.insert(m(i, step[i][0]));
      }
      REQUIRE(lengths.size() == 1);
    }
    ++checked;
  }
  REQUIRE(checked > 40);
}

TEST_CASE("Every schedule delivers every element exactly once") {
  int algorithm2_runs = 0;
  for (const auto& r : random_redistributions(300, 13)) {
    const auto m = communication_table(r);
    INFO(r.name());
    for (const auto& name : schedule_names()) {
      if ((name == "algorithm1" || (name == "align-message" && algorithm1_applies(r))) &&
          std::gcd(r.reduced().y, static_cast<std::int64_t>(r.p)) != 1) {
        REQUIRE_THROWS_AS(schedule_by_name(name, r, m, "test"), mcsim::Error);
        continue;
      }
      if (name.rfind("algorithm2", 0) == 0) ++algorithm2_runs;
      INFO(name);
      REQUIRE(delivery_problem(schedule_by_name(name, r, m, "test"), m) == "");
    }
  }
  REQUIRE(algorithm2_runs > 100);
}

TEST_CASE("Theorem 2's identical s x t blocks do not hold for every redistribution: Algorithm 2 then uses M's periods") {
  // Fig. 8's (20,12) -> (30,12): reduced x = 2, y = 3, s = gcd(3, 12) = 3, t = gcd(2, 12) = 2, but
  // M repeats only every 6 rows and 4 columns.
  const Redistribution r{20, 12, 30, 12};
  const auto m = communication_table(r);
  REQUIRE(block_shape(r) == std::pair<int, int>{3, 2});
  REQUIRE_FALSE(has_identical_blocks(r, m));
  REQUIRE(algorithm2_block_shape(r, m) == std::pair<int, int>{6, 4});
  const auto a2 = algorithm2_schedule(r, m);
  REQUIRE(a2.steps.size() == 3);
  REQUIRE(delivery_problem(a2, m) == "");
  // Example 2 keeps Theorem 2's blocks.
  const Redistribution ex2{2, 6, 3, 6};
  REQUIRE(algorithm2_block_shape(ex2, communication_table(ex2)) == std::pair<int, int>{3, 2});
}

TEST_CASE("Timeline SVG: one bar per sender, one box per unit, idle drawn") {
  const Redistribution r{4, 5, 3, 5};
  const auto m = communication_table(r);
  const std::string svg = timeline_svg(contention_free_schedule(m), m, "Fig. 1(d)");
  std::size_t boxes = 0;
  for (std::size_t at = svg.find("stroke=\"black\"/><text"); at != std::string::npos;
       at = svg.find("stroke=\"black\"/><text", at + 1))
    ++boxes;
  REQUIRE(boxes == 60);  // L / 1 elements: every unit of the slice once
  REQUIRE(svg.find("stroke-dasharray") != std::string::npos);
  REQUIRE(svg.find("(15 units)") != std::string::npos);
}

TEST_CASE("Every redistribution scheduler's plan delivers its redistribution's matrix exactly") {
  int runs = 0;
  for (const auto& r : random_redistributions(60, 17)) {
    const auto m = redistribution_matrix(r, r.slice() * 3 + 7, 4, std::max(r.p, r.q) + 2);
    for (const char* name : {"general", "contention-free", "algorithm1", "algorithm2", "algorithm2-stepwise",
                             "MPI_Alltoallv", "MPI_Alltoallv-1.2.5"}) {
      const auto choice = mcsim::find_scheduler(fmt::format("{}:x={},p={},y={},q={}", name, r.x, r.p, r.y, r.q), "test");
      mcsim::Rng rng(1);
      INFO(r.name() << " " << name);
      if (std::string(name) == "algorithm1" && std::gcd(r.reduced().y, static_cast<std::int64_t>(r.p)) != 1) {
        REQUIRE_THROWS_AS(mcsim::run_scheduler(choice, {m, {}, rng}), mcsim::Error);
        continue;
      }
      const auto schedule = mcsim::run_scheduler(choice, {m, {}, rng});
      REQUIRE_NOTHROW(mcsim::validate_plan(schedule.plan, m, name));
      REQUIRE(schedule.plan.strategy == choice.entry->default_strategy);
      ++runs;
    }
  }
  REQUIRE(runs > 300);
  // A matrix that is not the redistribution's is refused.
  mcsim::Rng rng(1);
  const auto other = redistribution_matrix({2, 5, 3, 5}, 60, 4, 5);
  REQUIRE_THROWS_WITH(mcsim::run_scheduler(mcsim::find_scheduler("algorithm1:x=4,p=5,y=3,q=5", "t"), {other, {}, rng}),
                      Catch::Contains("not the communication table"));
}

TEST_CASE("Redistribution scenarios: bad files fail with one line naming the place") {
  const std::string dir = mcsim::test::temp_dir("redistribution-scenarios");
  auto write = [&](const std::string& name, const std::string& text) {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << text;
    return path;
  };
  const std::string head = "id = \"t\"\nkind = \"redistribution\"\n";
  REQUIRE_THROWS_WITH(mcsim::load_scenario(write("no_table.toml", head)),
                      Catch::Contains("needs a [redistribution] table"));
  REQUIRE_THROWS_WITH(
      mcsim::load_scenario(write("zero.toml", head + "report = \"tables\"\n[redistribution]\n"
                                                     "cases = [{x = 0, p = 5, y = 3, q = 5}]\nschedules = [\"general\"]\n")),
      Catch::Contains("below 1"));
  REQUIRE_THROWS_WITH(
      mcsim::load_scenario(write("mixed.toml", head + "report = \"tables\"\n[redistribution]\n"
                                                      "cases = [{x = 4, p = 5, y = 3, q = 5}]\nschedules = [\"general\"]\n"
                                                      "local_sizes = [10]\n")),
      Catch::Contains("belongs to report = \"times\" only"));
  const auto ok = mcsim::load_scenario(write("ok.toml", head + "report = \"tables\"\n[redistribution]\n"
                                                               "cases = [{x = 4, p = 5, y = 3, q = 5}]\n"
                                                               "schedules = [\"algorithm1\"]\n"));
  REQUIRE(ok.as<mcsim::RedistributionScenario>().cases.at(0).x == 4);
  // An unknown schedule is named when the scenario runs.
  const auto bad = mcsim::load_scenario(write("unknown.toml", head + "report = \"tables\"\n[redistribution]\n"
                                                                    "cases = [{x = 4, p = 5, y = 3, q = 5}]\n"
                                                                    "schedules = [\"fastest\"]\n"));
  REQUIRE_THROWS_WITH(mcsim::run_scenario(bad, {}, {}), Catch::Contains("unknown schedule 'fastest'"));
}

TEST_CASE("The times reports draw their figure as the paper did: against size, source processors or case") {
  using namespace mcsim;
  auto load = [](const std::string& id) {
    return load_scenario(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/" + id + ".toml").as<RedistributionScenario>();
  };
  auto cells_of = [](const RedistributionScenario& s) {
    std::vector<RedistributionCellTimes> cells;
    for (std::size_t c = 0; c < s.cases.size(); ++c)
      for (auto size : s.global_size > 0 ? std::vector<std::int64_t>{s.global_size / s.cases[c].p} : s.local_sizes) {
        std::vector<double> ms;
        for (std::size_t k = 0; k < s.series.size(); ++k) ms.push_back(static_cast<double>(size) * (k + 1) / 1000);
        cells.push_back({c, size, fmt::format("case {}", c), ms});
      }
    return cells;
  };
  // Fig. 4: time against the local size; beside it the ratios to the baseline and the paper's 0.85.
  const auto fig4 = load("guo05-fig4");
  const PlotSpec p4 = redistribution_times_plot(fig4, cells_of(fig4));
  REQUIRE(p4.x_label.starts_with("local array size N"));
  REQUIRE(p4.log_x);
  REQUIRE(p4.series.size() == fig4.series.size());
  REQUIRE(p4.series[2].points.front() == std::pair<double, double>{1200, 3.6});
  REQUIRE(p4.beside.size() == 1);
  const auto& ratios = p4.beside.front().series;
  REQUIRE(ratios.size() == fig4.series.size() + 1);  // every series but the baseline, the paper's line, the line at 1
  const auto paper = std::find_if(ratios.begin(), ratios.end(), [](const auto& s) { return s.title.starts_with("paper"); });
  REQUIRE(paper != ratios.end());
  REQUIRE(paper->points.front() == std::pair<double, double>{1200, 0.85});
  REQUIRE(paper->points.back() == std::pair<double, double>{600000, 0.85});
  // Fig. 6: cases that differ only in p, one global size: time against p.
  const auto fig6 = load("guo05-fig6");
  const PlotSpec p6 = redistribution_times_plot(fig6, cells_of(fig6));
  REQUIRE(p6.x_label == "source processors p (global size 120000)");
  REQUIRE(p6.series[0].points.back().first == 60);
  // Fig. 8: five unlike cases: one category each, named as in the CSV.
  const auto fig8 = load("guo05-fig8");
  const PlotSpec p8 = redistribution_times_plot(fig8, cells_of(fig8));
  REQUIRE(p8.series[0].points.back().first == 4);
  REQUIRE(std::any_of(p8.settings.begin(), p8.settings.end(),
                      [](const auto& s) { return s.starts_with("xtics ('case 0' 0, 'case 1' 1"); }));
}
