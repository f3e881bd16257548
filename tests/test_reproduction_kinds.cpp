// A reproduction kind is a plug-in: this file adds one (the whole kind, and one registration call)
// and runs it through load_scenario and run_scenario as any bundled kind runs; then the `report`
// key, and the shared task runner's progress over a machines axis.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <fstream>

#include "helpers.hpp"
#include "sim/runner/pipeline.hpp"
#include "sim/runner/sample_seeds.hpp"
#include "sim/scenario/experiment.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/scenario/scenario_outputs.hpp"
#include "sim/scenario/work_estimate.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {

// --- the toy kind: kind = "message-count" --------------------------------------------------------
// For `samples` matrices of a workload on `nodes` nodes, the number of messages of each: no
// machine, no simulation; one task per sample, in its own process, through the shared runner.
struct MessageCountScenario : ScenarioHeader {
  WorkloadSpec workload;
  int nodes = 2;
  int samples = 1;
  std::uint64_t seed = 1;
};

class MessageCountKind : public TypedKind<MessageCountScenario> {
 public:
  using TypedKind::TypedKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<MessageCountKind>(*this); }
  std::vector<MachineSpec> machines() const override { return {}; }
  int samples(const RunOptions& run) const override { return run.samples.value_or(value_.samples); }
  WorkEstimate estimate_work(const RunOptions& run, double, double) const override {
    WorkEstimate w;
    w.tasks = samples(run) * max_workload_messages(value_.workload, value_.nodes) * 0.01;
    w.basis = fmt::format("{} matrices", samples(run));
    return w;
  }
  ScenarioOutputs run(const RunOptions& options, const ReportOptions&) const override {
    const SampleRun run = resolve_samples(value_.samples, value_.seed, options);
    TaskList<int> list;  // a task per sample
    for (int sample = 0; sample < run.samples; ++sample) list.keys.push_back(sample);
    list.run = [&](int sample) {
      const SampleSeeds seeds{run.seed, value_.nodes, value_.workload.density, sample};
      JobRecord record;
      record.measured["messages"] = static_cast<double>(workload_matrix(value_.workload, value_.nodes, seeds.matrix()).size());
      return std::vector<JobRecord>{record};
    };
    list.check = [](int, const std::vector<JobRecord>& got) {
      if (std::string problem = record_count_problem(got, 1); !problem.empty()) return problem;
      return got.front().measured.contains("messages") ? std::string() : std::string("measures no messages");
    };
    ScenarioOutputs out;
    std::string csv = "sample,messages\n";
    for (const auto& [sample, records] : run_task_list(list, options)) {
      const double messages = records.front().measured.at("messages");
      out.printed += fmt::format("sample {}: {} messages\n", sample, messages);
      csv += fmt::format("{},{}\n", sample, messages);
    }
    out.files.push_back({".csv", csv});
    return out;
  }
};

std::unique_ptr<KindScenario> read_message_count(const ScenarioFile& file) {
  MessageCountScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  const Reader& r = file.reader;
  const auto* table = file.root["count"].as_table();
  if (!table) throw Error(r.at("count"), "kind = \"message-count\" needs a [count] table");
  r.only_keys(*table, "count", {"workload", "density", "nodes"});
  s.workload.name = r.string(*table, "workload", "count.workload", true);
  s.workload.where = r.at(*table, "count");
  s.workload.density = static_cast<int>(r.integer(*table->get("density"), "count.density"));
  s.nodes = static_cast<int>(r.integer(*table->get("nodes"), "count.nodes"));
  if (const auto* node = file.root.get("samples")) s.samples = static_cast<int>(r.integer(*node, "samples"));
  if (const auto* node = file.root.get("seed")) s.seed = static_cast<std::uint64_t>(r.integer(*node, "seed"));
  return std::make_unique<MessageCountKind>(std::move(s));
}

void register_message_count() {
  if (!find_kind("message-count"))
    register_kind({"message-count", "messages per sample matrix", {"count", "samples", "seed"}, &read_message_count});
}

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("A new reproduction kind is one file and one registration: it reads, runs its tasks and reports") {
  register_message_count();
  const std::string dir = mcsim::test::temp_dir("toy-kind");
  const std::string path = write(dir, "count.toml",
                                 "id = \"count\"\nkind = \"message-count\"\nsamples = 3\nseed = 5\n"
                                 "[count]\nworkload = \"random-density\"\ndensity = 4\nnodes = 16\n");
  const Scenario scenario = load_scenario(path);
  REQUIRE(header(scenario).id == "count");
  REQUIRE(scenario.as<MessageCountScenario>().nodes == 16);
  REQUIRE(scenario.kind().samples({}) == 3);
  REQUIRE(estimate_work(scenario, {}).basis == "3 matrices");

  RunOptions run;
  run.workers = 2;
  const ScenarioOutputs out = run_scenario(scenario, run, {});
  // Each sample's count, in sample order, is its matrix's: drawn here again from the same seeds.
  std::string expected = "sample,messages\n";
  const MessageCountScenario& s = scenario.as<MessageCountScenario>();
  for (int sample = 0; sample < 3; ++sample) {
    const std::size_t messages = workload_matrix(s.workload, 16, SampleSeeds{5, 16, 4, sample}.matrix()).size();
    REQUIRE(messages > 0);
    REQUIRE(messages <= 16 * 4);  // random-density: at most d messages a node (Ranka, Wang, Kumar 1992, App. D)
    expected += fmt::format("{},{}\n", sample, messages);
  }
  REQUIRE(out.files.at(0).text == expected);
  REQUIRE(out.printed.find("sample 2: ") != std::string::npos);

  // The bundled kinds' keys are refused by name, and the kind's own by the others.
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "bad.toml", "id = \"b\"\nkind = \"message-count\"\n[machine]\n")),
                      Catch::Contains("bad.toml:3 (machine): kind = \"message-count\" does not take it"));
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "other.toml", "id = \"o\"\nkind = \"mapping-metrics\"\n[count]\n")),
                      Catch::Contains("(count): kind = \"mapping-metrics\" does not take it (kind = \"message-count\""));
  REQUIRE_THROWS_WITH(register_kind({"message-count", "", {}, &read_message_count}),
                      Catch::Contains("registered already"));
}

TEST_CASE("An unknown kind names the registered ones") {
  const std::string dir = mcsim::test::temp_dir("unknown-kind");
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "k.toml", "id = \"k\"\nkind = \"frob\"\n")),
                      Catch::Contains("k.toml:2 (kind): unknown kind 'frob' (simulation, permutations, mapping-metrics, "
                                      "redistribution, bounded-traffic"));
}

TEST_CASE("The report key chooses the report, the plot key only what is drawn") {
  const std::string dir = mcsim::test::temp_dir("report-key");
  const std::string body =
      "[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\nname = \"random-density\"\ndensity = [4, 8]\n"
      "[[series]]\nscheduler = \"LP\"\n";
  // Several densities: a sweep unless the file says otherwise.
  REQUIRE(load_scenario(write(dir, "a.toml", "id = \"a\"\n" + body)).as<SimulationScenario>().report ==
          SimulationScenario::Report::sweep);
  REQUIRE(load_scenario(write(dir, "b.toml", "id = \"b\"\nreport = \"regions\"\n" + body)).as<SimulationScenario>().report ==
          SimulationScenario::Report::regions);
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "c.toml", "id = \"c\"\nreport = \"pie\"\n" + body)),
                      Catch::Contains("c.toml:2 (report): unknown report 'pie' of kind = \"simulation\""));
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "d.toml", "id = \"d\"\nreport = \"comparison\"\n" + body)),
                      Catch::Contains("d.toml:2 (report): report = \"comparison\" takes one node count and one density"));
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "e.toml", "id = \"e\"\nreport = \"sweep\"\nplot = \"regions\"\n" + body)),
                      Catch::Contains("e.toml:3 (plot): report = \"sweep\" does not draw plot = \"regions\""));
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "f.toml", "id = \"f\"\nkind = \"permutations\"\nreport = \"sweep\"\n" + body)),
                      Catch::Contains("f.toml:3 (report): unknown report 'sweep' of kind = \"permutations\" (counts)"));
  REQUIRE_THROWS_WITH(load_scenario(write(dir, "g.toml", "id = \"g\"\nkind = \"mapping-metrics\"\n[mapping]\nn = [2]\n"
                                                         "alpha = [\"1\"]\n")),
                      Catch::Contains("g.toml (report): missing required key (lemmas or slowdown)"));
}

TEST_CASE("Max nodes makes a smaller run of the same series: a node axis keeps its counts up to N, a mapping "
          "scenario simulates B(n) up to 2^n <= N, a fixed larger machine is refused") {
  const std::string scenarios = MCSIM_SCENARIO_SOURCE_DIR;
  Scenario fig4 = load_scenario(scenarios + "/ranka92-fig4.toml");  // kind permutations, nodes = [32, 128, 512]
  const std::size_t series = fig4.as<PermutationScenario>().series.size();
  fig4.kind().limit_nodes(200);
  CHECK(fig4.as<PermutationScenario>().nodes == std::vector<int>{32, 128});
  CHECK(fig4.as<PermutationScenario>().machine.nodes == 32);
  CHECK(fig4.as<PermutationScenario>().series.size() == series);
  REQUIRE_THROWS_WITH(fig4.kind().limit_nodes(16), Catch::Contains("--max-nodes: ranka92-fig4 runs on 32, 128 nodes, "
                                                                   "none of them at most 16"));

  Scenario thm2 = load_scenario(scenarios + "/lo92-thm2.toml");  // simulate_up_to = 14
  const std::vector<int> trees = thm2.as<MappingScenario>().mapping.n;
  thm2.kind().limit_nodes(1 << 20);
  CHECK(thm2.as<MappingScenario>().mapping.simulate_up_to == 14);
  thm2.kind().limit_nodes(2047);  // B(10) is 1,024 nodes, B(11) 2,048
  CHECK(thm2.as<MappingScenario>().mapping.simulate_up_to == 10);
  CHECK(thm2.as<MappingScenario>().mapping.n == trees);  // every tree's metrics stay

  Scenario fig = load_scenario(scenarios + "/guo05-fig4.toml");  // redistribution times on 64 nodes
  fig.kind().limit_nodes(64);
  REQUIRE_THROWS_WITH(fig.kind().limit_nodes(63), Catch::Contains("--max-nodes: guo05-fig4 runs on 64 nodes and "
                                                                  "cannot run on fewer (--max-nodes 63)"));
}

TEST_CASE("A machines axis is one task list: its progress counts every machine's tasks", "[engine]") {
  const std::string dir = mcsim::test::temp_dir("axis-progress");
  const std::string path = write(dir, "axis.toml",
                                 "id = \"axis\"\nsamples = 2\n[machine]\nnames = [\"cm5\", \"mesh\"]\nnodes = 32\n"
                                 "[workload]\nname = \"random-density\"\ndensity = 2\n[[series]]\nscheduler = \"LP\"\n");
  const Scenario scenario = load_scenario(path);
  REQUIRE(scenario.as<SimulationScenario>().report == SimulationScenario::Report::machines);
  std::vector<std::size_t> totals;
  std::size_t last_done = 0;
  RunOptions run;
  run.workers = 2;
  run.progress = [&](std::size_t done, std::size_t total) {
    totals.push_back(total);
    last_done = done;
  };
  const ScenarioOutputs out = run_scenario(scenario, run, {});
  REQUIRE(!totals.empty());
  for (std::size_t total : totals) REQUIRE(total == 4);  // 2 machines x 2 samples, never 2 twice
  REQUIRE(last_done == 4);
  const std::vector<ExperimentResult> each = run_experiments(scenario.as<SimulationScenario>(), RunOptions{});
  REQUIRE(each.size() == 2);
  REQUIRE(each[0].scenario.machine.name == "cm5");
  REQUIRE(each[1].scenario.machine.name == "mesh");
  for (const auto& result : each) REQUIRE(result.cells.size() == 1);
  REQUIRE(out.printed.find("2 machines") != std::string::npos);
}
