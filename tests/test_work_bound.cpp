// The bound before work (issue 36, item 10; sim/scenario/work_estimate.hpp): every run
// estimates its work from the scenario alone and refuses, in one line naming the estimate and
// --max-work, above the limit. Before, a valid scenario ran for half an hour or more with no word.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/runner/sharing_choice.hpp"
#include "sim/scenario/work_estimate.hpp"
#include "topologies/machines.hpp"

namespace fs = std::filesystem;
using mcsim::test::require_one_line_error;
using mcsim::test::run_mcsim;

namespace {

const std::string scenarios = MCSIM_SCENARIO_SOURCE_DIR;

mcsim::WorkEstimate estimate_of(const std::string& path, std::optional<int> samples = std::nullopt) {
  mcsim::RunOptions run;
  run.samples = samples;
  return mcsim::estimate_work(mcsim::load_scenario(path), run);
}

}  // namespace

TEST_CASE("Every bundled reproduction is well within the default bound, at its own sample count") {
  for (const auto& entry : fs::directory_iterator(scenarios)) {
    if (entry.path().extension() != ".toml") continue;  // machines/ holds machine files
    INFO(entry.path());
    const auto work = estimate_of(entry.path().string());
    REQUIRE(work.total() > 0);
    REQUIRE(work.total() < mcsim::default_max_work / 2);
    // MCSIM_PRINT_WORK=1: the estimates behind the table of docs/bad-input.md (its own samples, 1 and 3).
    if (std::getenv("MCSIM_PRINT_WORK"))
      fmt::print("{}\t{:.3g}\t{:.3g}\t{:.3g}\n", entry.path().stem().string(), work.total(),
                 estimate_of(entry.path().string(), 1).total(), estimate_of(entry.path().string(), 3).total());
  }
}

TEST_CASE("The estimate counts what the run does: samples, LP's dummies, the redistribution slice") {
  const auto one = estimate_of(scenarios + "/ranka92-table3.toml", 1);
  const auto ten = estimate_of(scenarios + "/ranka92-table3.toml", 10);
  REQUIRE(ten.tasks == Approx(10 * one.tasks));
  REQUIRE(ten.here == Approx(one.here));  // the parent's checks do not grow with the samples

  // LP exchanges with every node whatever the matrix (dummies): n(n-1) messages at any density.
  const auto cm5 = mcsim::make_machine({"cm5", 1024, {}});
  const auto& lp = *mcsim::find_scheduler("LP", "test").entry;
  const auto& cgm = *mcsim::find_scheduler("CGM", "test").entry;
  // (Beyond them the sharing of the fat tree's links, counted in the next test.)
  REQUIRE(mcsim::job_work(*cm5, 1024 * 4, lp, std::nullopt, mcsim::SharingRequest::automatic) >= 1024 + 1024.0 * 1023);
  REQUIRE(mcsim::job_work(*cm5, 1024 * 4, cgm, std::nullopt, mcsim::SharingRequest::automatic) >= 1024 + 1024.0 * 4);
}

TEST_CASE("The estimate counts the sharing that will run: CGM on the CM-5 at 16384 nodes is minutes on mcsim's sharing and hours on SimGrid's") {
  const auto cm5 = mcsim::make_machine({"cm5", 16384, {}});
  const auto& cgm = *mcsim::find_scheduler("CGM", "test").entry;
  const double messages = 16384.0 * 16;
  const double fluid = mcsim::job_work(*cm5, messages, cgm, std::nullopt, mcsim::SharingRequest::automatic);
  const double simgrid = mcsim::job_work(*cm5, messages, cgm, std::nullopt, mcsim::SharingRequest::simgrid);
  REQUIRE(fluid < mcsim::default_max_work / 10);  // 33.6 s of CPU measured
  REQUIRE(simgrid > mcsim::default_max_work);     // about n^3 d on SimGrid's solver
  // The estimate asks the runner's own decision: the same shape, the same sharing.
  const mcsim::JobShape shape{false, messages, 16384};
  REQUIRE(mcsim::choose_sharing(*cm5, {shape}, mcsim::SharingRequest::automatic).sharing == mcsim::Sharing::fluid);
  REQUIRE(mcsim::choose_sharing(*cm5, {shape}, mcsim::SharingRequest::simgrid).sharing == mcsim::Sharing::simgrid);
  // Where the transport does not share links as flows the request means nothing: SimGrid's.
  const auto ipsc = mcsim::make_machine({"ipsc860", 64, {}});
  REQUIRE(mcsim::choose_sharing(*ipsc, {shape}, mcsim::SharingRequest::fluid) ==
          mcsim::SharingDecision{mcsim::Sharing::simgrid, mcsim::SharingReason::not_flows});

  // Few flows a phase (CGM on 256 nodes, d = 4) stay on SimGrid's solver under `auto`: the same
  // either way. A machine whose library sends eagerly (MPI on Ethernet) never takes the fluid one.
  const auto small = mcsim::make_machine({"cm5", 256, {}});
  REQUIRE(mcsim::job_work(*small, 1024, cgm, std::nullopt, mcsim::SharingRequest::automatic) == mcsim::job_work(*small, 1024, cgm, std::nullopt, mcsim::SharingRequest::simgrid));
  const auto ethernet = mcsim::make_machine({"ethernet-cluster", 1024, {}});
  REQUIRE(mcsim::job_work(*ethernet, 1024.0 * 16, cgm, std::nullopt, mcsim::SharingRequest::automatic) ==
          mcsim::job_work(*ethernet, 1024.0 * 16, cgm, std::nullopt, mcsim::SharingRequest::simgrid));
}

TEST_CASE("A run above the bound is refused at once in one line naming the estimate and --max-work, and below it runs", "[cli]") {
  const std::string dir = mcsim::test::temp_dir("work-bound");
  // LP on a 16384-node CM-5: 2.7e8 messages (nearly all dummies) per simulation, and the sharing
  // of its 8 real flows a phase.
  const std::string huge = "sweep --nodes 16384 --scheduler LP --msg-unit 16 --samples 1 -q -o " + dir + "/s.csv";
  require_one_line_error(run_mcsim(huge), "sweep: the estimated work is 2.69e+08 units (1 task, 1 simulation each", 2);
  const auto refused = run_mcsim(huge);
  REQUIRE(refused.err.find("above the limit of 1e+08; --max-work 2.7e+08 allows it") != std::string::npos);
  REQUIRE(fs::is_empty(dir));

  // The same check at any limit: a small sweep refused below its estimate, run above it.
  const std::string sweep = "sweep --nodes 32 --density 2 --msg-unit 16 --scheduler CGM --samples 4 -q -j 1 ";
  const auto low = run_mcsim(sweep + "--max-work 100 -o " + dir + "/s.csv");
  require_one_line_error(low, "--max-work", 2);
  REQUIRE_FALSE(fs::exists(dir + "/s.csv"));
  REQUIRE(run_mcsim(sweep + "--max-work 1e4 -o " + dir + "/s.csv").exit_code == 0);
  REQUIRE(fs::exists(dir + "/s.csv"));
  require_one_line_error(run_mcsim(sweep + "--max-work nan -o " + dir + "/t.csv"), "--max-work", 2);
  require_one_line_error(run_mcsim(sweep + "--max-work 0 -o " + dir + "/t.csv"), "'0' is not a positive number", 2);

  // A shard runs its share of the tasks: a quarter of the sweep fits where the whole does not.
  const auto whole = std::stod(low.err.substr(low.err.find("work is ") + 8));
  const std::string limit = fmt::format("--max-work {} ", whole / 2);
  require_one_line_error(run_mcsim(sweep + limit + "-o " + dir + "/sharded/s.csv"), "--max-work", 2);
  REQUIRE(run_mcsim(sweep + limit + "--shard 0/4 -o " + dir + "/sharded/s.csv").exit_code == 0);
}
