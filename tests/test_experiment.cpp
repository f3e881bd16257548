#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "test_paths.hpp"
#include <filesystem>

#include "sim/scenario/machine_comparison.hpp"
#include "sim/scenario/permutation_count.hpp"
#include "sim/output/overhead.hpp"
#include "sim/output/plot.hpp"
#include "sim/analysis/region_map.hpp"
#include "sim/output/region_report.hpp"
#include "sim/output/report.hpp"
#include "sim/output/sweep_plot.hpp"

using namespace mcsim;

namespace {
const std::string tiny = std::string(MCSIM_TEST_DATA) + "/tiny.toml";
}

TEST_CASE("A scenario runs every series at every msg_unit for every sample", "[engine]") {
  const auto s = load_scenario(tiny).as<SimulationScenario>();
  RunOptions options;
  options.workers = 2;
  const auto result = run_experiment(s, options);
  REQUIRE(result.cells.size() == 2 * 4);
  for (const auto& cell : result.cells) {
    REQUIRE(cell.comm_s.size() == 2);
    for (double t : cell.comm_s) REQUIRE(t > 0);
  }
  // LP always needs n - 1 = 31 phases (Ranka, Wang, Kumar 1992, claim C000-7).
  REQUIRE(result.cell(0, 0, 0, 0).phases == std::vector<double>{31, 31});
  // A bigger unit costs more.
  for (std::size_t k = 0; k < 4; ++k)
    REQUIRE(summarize(result.cell(0, 0, 1, k).comm_s).mean > summarize(result.cell(0, 0, 0, k).comm_s).mean);
  REQUIRE(result.cell(0, 0, 0, 2).strategy == Strategy::phase_synchronous);

  const std::string csv = table_csv(comparison_result_table(result, {.host_times = true}));
  REQUIRE(csv.rfind("experiment,row,series,x,paper,mcsim,ratio\n", 0) == 0);
  REQUIRE(csv.find("tiny,comm,LP,16,1,") != std::string::npos);
  REQUIRE(csv.find("tiny,comm,LP,4096,,") != std::string::npos);  // the paper gives no number there
  REQUIRE(csv.find("tiny,iters,LP,,31,31,1\n") != std::string::npos);
  REQUIRE(csv.find("tiny,comp,CGM,,,") != std::string::npos);
}

TEST_CASE("Same scenario and seed: byte-identical output, whatever the number of workers", "[engine]") {
  const auto s = load_scenario(tiny).as<SimulationScenario>();
  RunOptions one, two;
  one.workers = 1;
  two.workers = 2;
  const ReportOptions deterministic{.host_times = false};
  const auto a = table_csv(comparison_result_table(run_experiment(s, one), deterministic));
  const auto b = table_csv(comparison_result_table(run_experiment(s, two), deterministic));
  REQUIRE(a == b);
  REQUIRE(a.find(",comp,") == std::string::npos);
  RunOptions other = one;
  other.seed = 8;
  const auto c = table_csv(comparison_result_table(run_experiment(s, other), deterministic));
  REQUIRE(a != c);
}

TEST_CASE("Scenario errors name the file and the line") {
  const std::string data = MCSIM_TEST_DATA;
  REQUIRE_THROWS_WITH(load_scenario(data + "/bad_syntax.toml"), Catch::StartsWith(data + "/bad_syntax.toml:2"));
  REQUIRE_THROWS_WITH(load_scenario(data + "/unknown_scheduler.toml"),
                      Catch::Contains("unknown_scheduler.toml:8") && Catch::Contains("unknown scheduler 'CGMX'"));
  REQUIRE_THROWS_WITH(load_scenario(data + "/unknown_key.toml"),
                      Catch::Contains("unknown_key.toml:8") && Catch::Contains("unknown key 'densty'"));
  REQUIRE_THROWS_WITH(load_scenario(data + "/no_such_file.toml"), Catch::Contains("no_such_file.toml"));
}

TEST_CASE("Loosely synchronous rounds overlap safely (regression: a shared mailbox cache once returned null)", "[engine]") {
  // Nodes of different rounds ask for the same pair's mailbox while its creation (a simcall) yields;
  // this case crashed before the cache was filled only after creation.
  auto s = load_scenario(tiny).as<SimulationScenario>();
  s.machine.options.insert_or_assign("cmmd_bandwidth_MBps", std::string("4"));  // (operator[] = "4" trips a GCC 12 -Wrestrict false positive)
  s.series.resize(2);  // LP and CGM, both loosely synchronous
  s.seed = 1;
  RunOptions options;
  options.samples = 3;
  options.workers = 2;
  const auto result = run_experiment(s, options);
  for (const auto& cell : result.cells) REQUIRE(cell.comm_s.size() == 3);
}

TEST_CASE("A best_of series takes, per sample and msg_unit, the best of its schedulers", "[engine]") {
  auto s = load_scenario(tiny).as<SimulationScenario>();
  s.series.clear();
  const auto choice = [](const char* spec) { return find_scheduler(spec, "test"); };
  s.series.push_back({"best", "CGMH:lambda=3/4", {choice("CGMH:lambda=3/4"), choice("CGM+heap")}, std::nullopt, false});
  s.series.push_back({"three-quarters", "CGMH:lambda=3/4", {choice("CGMH:lambda=3/4")}, std::nullopt, false});
  s.series.push_back({"heap", "CGM+heap", {choice("CGM+heap")}, std::nullopt, false});
  RunOptions options;
  options.samples = 3;
  options.workers = 2;
  const auto result = run_experiment(s, options);
  for (std::size_t u = 0; u < s.msg_units.size(); ++u)
    for (int sample = 0; sample < 3; ++sample) {
      const double best = result.cell(0, 0, u, 0).comm_s[sample];
      // Same schedule, same routes; the runs start at other clock times in the engine, so they agree
      // to SimGrid's time precision, not bit for bit (see test_executor.cpp).
      REQUIRE(best == Approx(std::min(result.cell(0, 0, u, 1).comm_s[sample], result.cell(0, 0, u, 2).comm_s[sample]))
                          .epsilon(1e-6));
    }
}

TEST_CASE("Permutation-count experiments: closed forms and counted permutations side by side") {
  const std::string data = MCSIM_TEST_DATA;
  const auto s = load_scenario(data + "/permutations.toml").as<PermutationScenario>();
  RunOptions options;
  options.workers = 2;
  const auto result = run_permutation_count(s, options);
  const ResultTable rows = permutation_comparison(result);
  REQUIRE(rows.rows.size() == 2 * 2 * 4);  // 2 lambdas x 2 densities x (d1, d2, 2 series)
  const std::size_t row_c = *rows.column("row"), series_c = *rows.column("series"), paper_c = *rows.column("paper"),
                    mcsim_c = *rows.column("mcsim");
  REQUIRE(cell_text(rows.at(0, row_c)) == "n32-l0.75");
  REQUIRE(cell_text(rows.at(0, series_c)) == "d1");
  REQUIRE(*cell_number(rows.at(0, mcsim_c)) == Approx(8.888889).epsilon(1e-6));  // 4/0.75 + 2/0.5625
  REQUIRE(*cell_number(rows.at(0, paper_c)) == Approx(8.89));
  for (std::size_t r = 0; r < rows.rows.size(); ++r)
    if (cell_text(rows.at(r, series_c)) == "resetting" || cell_text(rows.at(r, series_c)) == "no_resetting")
      REQUIRE(*cell_number(rows.at(r, mcsim_c)) >= 4);
  const auto points = table_csv(permutation_points_table(result));
  REQUIRE(points.rfind("nodes,lambda,d,series,permutations_mean,heap_ops_per_node,d_over_lambda_ln_d\n", 0) == 0);
}

TEST_CASE("Plots are gnuplot scripts with the data inside, and a missing output directory is made") {
  PlotSpec spec{"t", "x", "y", true, false, {{.title = "a", .points = {{1, 2}, {2, 3}}}}};
  spec.settings = {"offsets graph 0.05, graph 0.05, 1, 1"};
  const auto script = gnuplot_script(spec, "/tmp/x.svg");
  REQUIRE(script.find("set logscale x 2") != std::string::npos);
  REQUIRE(script.find("set offsets graph 0.05, graph 0.05, 1, 1\n") < script.find("plot "));
  REQUIRE(script.find("$data0 << EOD\n1 2\n2 3\nEOD") != std::string::npos);
  const auto dir = test::temp_dir("plot");
  write_plot_svg(spec, dir + "/sub/p.svg");
  REQUIRE(std::filesystem::file_size(dir + "/sub/p.svg") > 100);
  REQUIRE_FALSE(std::filesystem::exists(dir + "/sub/p.svg.partial"));
}

TEST_CASE("Small multiples: panels beside a plot fill rows of `columns` panels, one row when it is 0") {
  PlotSpec spec{"p0", "x", "y", false, false, {{.title = "a", .points = {{1, 2}}}}};
  for (int k = 1; k < 6; ++k) spec.beside.push_back(spec);
  REQUIRE(gnuplot_script(spec, "/tmp/x.svg").find("set multiplot layout 1,6\n") != std::string::npos);
  spec.columns = 3;
  const auto script = gnuplot_script(spec, "/tmp/x.svg");
  REQUIRE(script.find("set multiplot layout 2,3\n") != std::string::npos);
  REQUIRE(script.find("set terminal svg size 1800,900 ") != std::string::npos);
  REQUIRE(script.find("$panel5data0 << EOD") != std::string::npos);
}

namespace {
// A result of two node counts x two densities x two units x two series with known sample times.
ExperimentResult grid_result() {
  ExperimentResult r;
  r.machine_name = "cm5";
  r.samples = 2;
  r.scenario.id = "sweep";
  r.scenario.nodes = {32, 64};
  r.scenario.densities = {2, 4};
  r.scenario.msg_units = {16, 256};
  r.scenario.series = {SeriesSpec{"LP", "LP", {}, std::nullopt, false}, SeriesSpec{"AC", "AC", {}, std::nullopt, false}};
  for (int n : r.scenario.nodes)
    for (int d : r.scenario.densities)
      for (auto u : r.scenario.msg_units)
        for (std::size_t k = 0; k < 2; ++k) {
          const double t = 1e-3 * static_cast<double>(u) * (k + 1);
          r.cells.push_back({n, d, u, k, Strategy::loosely_synchronous, {t, 3 * t}, {1, 1}, {0.5e-3, 0.5e-3}});
        }
  return r;
}
}  // namespace

TEST_CASE("The sweep's picture: a panel per node count and density, mean lines and min-max bars per scheduler") {
  // Drawn from the sweep's table, as `mcsim sweep` renders its CSV.
  const PlotSpec plot = sweep_plot(sweep_result_table(grid_result(), ReportOptions{}));
  REQUIRE(plot.beside.size() == 3);
  REQUIRE(plot.columns == 2);
  REQUIRE(plot.title.find("cm5: 32 nodes, d = 2") == 0);
  REQUIRE(plot.beside.back().title == "cm5: 64 nodes, d = 4");
  REQUIRE(plot.key == "left top");
  REQUIRE(plot.beside.front().key == "off");
  REQUIRE(plot.series.size() == 4);  // LP mean, LP bars, AC mean, AC bars
  REQUIRE(plot.series[0].title == "LP");
  REQUIRE(plot.series[0].points[1] == std::pair<double, double>{256, 2 * 256});  // mean of 256 and 768 ms
  REQUIRE(plot.series[1].segments);
  REQUIRE(plot.series[1].points[2].second == Approx(256));  // the bar at 256 B: from the fastest sample
  REQUIRE(plot.series[1].points[3].second == Approx(768));  // to the slowest
}

// A paper's scenario on one machine (run --machine FILE) drew every series and msg_unit on the one
// machine's tick: 7 series x 7 sizes = 49 markers at one x for ranka92-table3. One machine over
// several sizes is drawn as a sweep; two machines keep the machines along x.
TEST_CASE("The machines plot: one machine over several message sizes puts the sizes along x, several machines the machines") {
  const ExperimentResult r = grid_result();
  const MachineComparison alone{r.scenario, {r}};
  const PlotSpec one = machine_comparison_plot(alone, machine_comparison_result_table(alone, ReportOptions{}));
  CHECK(one.x_label == "msg_unit (bytes)");
  CHECK(one.log_x);
  REQUIRE(one.series.size() == 4);             // LP and AC, each its mean line and its bars
  CHECK(one.series[0].points.size() == 2);     // one point per msg_unit, not one x position
  CHECK(one.series[0].points[0].first == 16);
  CHECK(one.series[0].points[1].first == 256);
  CHECK(one.beside.size() == 3);               // a panel per node count and density
  ExperimentResult other = r;
  other.machine_name = "t3d";
  const MachineComparison both{r.scenario, {r, other}};
  const PlotSpec two = machine_comparison_plot(both, machine_comparison_result_table(both, ReportOptions{}));
  CHECK(two.x_label.empty());
  CHECK(two.series.size() == 2 * 2 * 2 * 2);  // a marker per series, msg_unit, density and node count
  REQUIRE(two.series[0].points.size() == 2);  // one per machine
  CHECK(two.settings.front().find("'cm5' 0, 't3d' 1") != std::string::npos);
  CHECK(two.series[0].points[1].second == 32);  // LP at 16 B on t3d, 32 nodes, d = 2: mean of 16 and 48 ms, from the table
}

// The region grid and the region plot are renderers of the region table: what they show is what its
// fastest, paper and agree columns say.
TEST_CASE("The region grid and plot render the region table: tags by agreement, markers per series, crosses where they differ") {
  const std::vector<std::string> series = {"AC", "RS_N"};
  const ResultTable table = test::two_cell_region_table("regions", "RS_N");
  const std::string grid = region_grid(table, series);
  CHECK(grid.find("AC = AC, N = RS_N") != std::string::npos);
  CHECK(grid.find("     4   AC/AC    n/ac\n") != std::string::npos);
  CHECK(grid.find("agreement with the paper's regions: 50% of 2 cells") != std::string::npos);
  const PlotSpec plot = region_plot(table, series);
  REQUIRE(plot.beside.size() == 1);
  REQUIRE(plot.series.size() == 1);  // the paper names AC in both cells
  CHECK(plot.series[0].points.size() == 2);
  const PlotSpec& ours = plot.beside.front();
  REQUIRE(ours.series.size() == 3);  // AC, RS_N, the cross
  CHECK(ours.series[1].points == std::vector<std::pair<double, double>>{{1024, 4}});
  CHECK(ours.series[2].title == "differs from the paper");
  CHECK(ours.series[2].points == std::vector<std::pair<double, double>>{{1024, 4}});
}

TEST_CASE("The comm plot renders the comparison table: mcsim's lines, the paper's markers, mcsim / paper beside") {
  ComparisonTable rows("t");
  rows.add("comm", "LP", "64", 10.0, 10.5);
  rows.add("comm", "AC", "64", 10.0, 30.0);
  rows.add("comm", "LP", "256", 40.0, 44.0);
  rows.add("comm", "AC", "256", std::nullopt, 20.0);
  rows.add("iters", "LP", "", 31.0, 31.0);
  const ResultTable& table = rows.table();
  const PlotSpec plot = comm_plot(table);
  REQUIRE(plot.series.size() == 4);  // mcsim LP, paper LP, mcsim AC, paper AC (64 B only)
  CHECK(plot.series[0].title == "mcsim LP");
  CHECK(plot.series[0].points == std::vector<std::pair<double, double>>{{64, 10.5}, {256, 44}});
  CHECK(plot.series[3].points == std::vector<std::pair<double, double>>{{64, 10}});
  REQUIRE(plot.beside.size() == 1);
  const PlotSpec& ratio = plot.beside.front();
  REQUIRE(ratio.series.size() == 3);  // LP, AC, the 1.0 line
  CHECK(ratio.series[0].points == std::vector<std::pair<double, double>>{{64, 1.05}, {256, 1.1}});
  CHECK(ratio.series[2].points == std::vector<std::pair<double, double>>{{64, 1}, {256, 1}});
}

TEST_CASE("The overhead figure: the host-dependent fraction beside the simulated time, or the simulated time alone under --deterministic") {
  const ExperimentResult r = grid_result();
  const PlotSpec measured =
      overhead_plot(overhead_result_table(r, ReportOptions{.host_times = true}), ReportOptions{.host_times = true});
  REQUIRE(measured.title.find("host-dependent") != std::string::npos);
  REQUIRE(measured.beside.size() == 1);
  REQUIRE(measured.series.front().points.front().second == Approx(0.5 / 32));  // 0.5 ms / mean 32 ms
  const PlotSpec deterministic =
      overhead_plot(overhead_result_table(r, ReportOptions{.host_times = false}), ReportOptions{.host_times = false});
  REQUIRE(deterministic.beside.empty());
  REQUIRE(deterministic.y_label == "communication time (ms)");
  REQUIRE(deterministic.series.front().points.front().second == Approx(32));
}

TEST_CASE("CSV fields with a comma or a quote are quoted (RFC 4180), so every line keeps its column count") {
  // A redistribution case is named like (8,5)->(6,5); labels are free text from the scenario.
  ComparisonTable rows("id,1");
  rows.add("comm", "say \"x\", then y", "(8,5)->(6,5)", std::nullopt, 0.5);
  REQUIRE(table_csv(rows.table()) ==
          "experiment,row,series,x,paper,mcsim,ratio\n"
          "\"id,1\",comm,\"say \"\"x\"\", then y\",\"(8,5)->(6,5)\",,0.5,\n");
  // and the project's reader takes the same fields back
  const auto read = csv_rows(table_csv(rows.table()));
  REQUIRE(read.size() == 2);
  REQUIRE(read[1] == std::vector<std::string>{"id,1", "comm", "say \"x\", then y", "(8,5)->(6,5)", "", "0.5", ""});
}

TEST_CASE("Tasks run before in the process are taken, not run again, and give the same bytes", "[engine]") {
  // reproduce --all: wang94-fig6 is wang94-fig5's tasks at one density.
  auto both = load_scenario(tiny).as<SimulationScenario>();
  both.densities = {4, 6};
  auto one = both;
  one.id = "one";
  one.densities = {6};
  one.series.front().label = "renamed";  // a label decides nothing
  RunOptions options;
  options.workers = 2;
  const ReportOptions deterministic{.host_times = false};
  const std::string alone = table_csv(comparison_result_table(run_experiment(one, options), deterministic));

  TaskResults shared;
  options.reuse = &shared;
  (void)run_experiment(both, options);
  REQUIRE(shared.size() == 2 * 2);  // (2 densities) x (2 samples)
  std::size_t progress_calls = 0;
  options.progress = [&](std::size_t, std::size_t total) { progress_calls += total; };
  const std::string reused = table_csv(comparison_result_table(run_experiment(one, options), deterministic));
  REQUIRE(reused == alone);
  REQUIRE(shared.size() == 4);
  REQUIRE(progress_calls == 0);

  // Anything that decides the results makes another task: here the seed.
  options.seed = 8;
  (void)run_experiment(one, options);
  REQUIRE(shared.size() == 6);
}
