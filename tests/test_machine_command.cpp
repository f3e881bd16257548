// `mcsim machine check` and `mcsim machine diff` (issue 49): a user's file checked and shown
// resolved, a what-if compared record by record, every line within 100 columns.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "test_paths.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "sim/core/machine_file_schema.hpp"
#include "topologies/node_counts.hpp"
#include "topologies/topology_family.hpp"

using namespace mcsim;
using mcsim::test::run_mcsim;

namespace {

std::size_t longest_line(const std::string& text) {
  std::istringstream in(text);
  std::size_t longest = 0;
  for (std::string line; std::getline(in, line);) longest = std::max(longest, line.size());
  return longest;
}

const std::string machines_folder = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/machines";

}  // namespace

TEST_CASE("machine check: a user's torus on the T3D is shown resolved, with its bases, counts and marks", "[cli]") {
  const auto dir = test::temp_dir("machine-check");
  std::ofstream(dir + "/torus.toml") << "name = \"my-torus\"\ntitle = \"an 8 x 8 torus\"\nbase = \"t3d\"\n"
                                        "[topology.shape]\nsides = { value = [8, 8], source = \"what-if\", "
                                        "assumption = true }\n";
  const auto r = run_mcsim("machine check " + dir + "/torus.toml");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.starts_with("my-torus: an 8 x 8 torus (valid)\n"));
  CHECK(r.out.find("base: ") != std::string::npos);
  CHECK(r.out.find("t3d.toml") != std::string::npos);
  CHECK(r.out.find("accepts: 64 nodes") != std::string::npos);  // the sides fix the count
  CHECK(r.out.find("k-ary-n-cube: 8 x 8 torus") != std::string::npos);
  CHECK(r.out.find("topology.shape.sides         [8, 8]\n        assumption: what-if\n") != std::string::npos);
  CHECK(r.out.find("assumption: assumption") == std::string::npos);
  CHECK(longest_line(r.out) <= 100);
  // A bundled name works too, at another node count; a count the file refuses is one line.
  const auto mesh = run_mcsim("machine check mesh --nodes 16");
  CHECK(mesh.out.find("resolved at 16 nodes") != std::string::npos);
  CHECK(mesh.out.find("accepts: 1-4096, 8192, 16384, 32768, 65536 nodes") != std::string::npos);
  CHECK(longest_line(mesh.out) <= 100);
  // The count the file fixes is named where it is fixed: the sides' file and line (it said "topology.shape").
  test::require_one_line_error(run_mcsim("machine check " + dir + "/torus.toml --nodes 32"),
                               "torus.toml:5 (topology.shape.sides): a 8 x 8 torus");
  test::require_one_line_error(run_mcsim("machine check " + dir + "/torus.toml --nodes 32"), "has 64 nodes, not 32");
  // Bare `mcsim machine`: its own help, as bare `mcsim` gives the program's (it said "A subcommand is required", exit 2).
  const auto bare = run_mcsim("machine");
  CHECK(bare.exit_code == 0);
  CHECK(bare.err.empty());
  CHECK(bare.out.find("check") != std::string::npos);
  CHECK(bare.out.find("diff") != std::string::npos);
  CHECK(bare.out.find("Usage: machine [OPTIONS] [SUBCOMMAND]") != std::string::npos);
  // A slip is refused as any command refuses it.
  std::ofstream(dir + "/slip.toml") << "name = \"slip\"\nbase = \"t3d\"\n[topology.shape]\nwrap_arond = { value = "
                                       "true, source = \"w\", assumption = true }\n";
  test::require_one_line_error(run_mcsim("machine check " + dir + "/slip.toml"),
                               "slip.toml:4 (topology.shape.wrap_arond): unknown key 'wrap_arond'");
}

TEST_CASE("machine check: a record the switching leaves unused is a note, not a parameter", "[cli]") {
  const auto r = run_mcsim("machine check mesh --machine-option switching=store-and-forward");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("note: not used: links.hop_latency (switching = store-and-forward has no header delay)") !=
        std::string::npos);
  CHECK(r.out.find("note: not used: flit, buffer (switching = store-and-forward has no flit buffers)") !=
        std::string::npos);
  CHECK(r.out.find("\n    flit ") == std::string::npos);
  const auto wormhole = run_mcsim("machine check mesh");
  CHECK(wormhole.out.find("\n    flit ") != std::string::npos);
  CHECK(wormhole.out.find("note:") == std::string::npos);
}

TEST_CASE("machine diff: the guide's what-if CM-5 against the CM-5, record by record", "[cli]") {
  const auto r = run_mcsim("machine diff cm5 " + std::string(MCSIM_SCENARIO_SOURCE_DIR) +
                           "/../docs/examples/cm5-binary-20.toml");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.starts_with("cm5 -> cm5-binary-20 at 32 nodes: 8 records differ\n"));
  CHECK(r.out.find("  - wire_bandwidth_MBps          10 MB/s\n") != std::string::npos);
  CHECK(r.out.find("  + wire_bandwidth_MBps          20 MB/s\n        assumption: what if: twice") !=
        std::string::npos);
  CHECK(r.out.find("  - topology.shape.arity         4\n") != std::string::npos);
  CHECK(r.out.find("cmmd_bandwidth_MBps") == std::string::npos);  // unchanged: not shown
  CHECK(longest_line(r.out) <= 100);
  CHECK(run_mcsim("machine diff cm5 cm5").out == "cm5 -> cm5 at 32 nodes: 0 records differ\n");
}

TEST_CASE("Node counts a machine file accepts: asked of its family, said in words") {
  CHECK(describe_node_counts({32, 64, 128}) == "every power of two from 32 to 128");
  CHECK(describe_node_counts({1, 2, 3, 4, 8, 9}) == "1-4, 8-9");
  CHECK(describe_node_counts({64}) == "64");
  CHECK(describe_node_counts({}) == "none");
  const MachineFile cp_pacs = load_machine_file(machines_folder + "/cp-pacs.toml", {machines_folder});
  CHECK(accepted_node_counts(cp_pacs, 256, 1024) == std::vector<int>{64});
  const MachineFile t3d = load_machine_file(machines_folder + "/t3d.toml", {machines_folder});
  CHECK(accepted_node_counts(t3d, 256, 1024) == std::vector<int>{64});
}

// The schema's shape keys are the families': one list per registered family, none for another.
TEST_CASE("Machine file schema: every registered topology family has its shape keys") {
  for (const auto& family : topology_family_names()) {
    INFO(family);
    CHECK(machine_file_schema::shape_keys(family).has_value());
  }
  CHECK_FALSE(machine_file_schema::shape_keys("dragonfly").has_value());
}

// Issue 49: `list machines -v` lines ran to ~250 characters and said "assumption: assumption:".
TEST_CASE("list machines -v: every line within 100 columns, each assumption marked once", "[cli]") {
  const auto r = run_mcsim("list machines -v");
  REQUIRE(r.exit_code == 0);
  CHECK(longest_line(r.out) <= 100);
  CHECK(r.out.find("assumption: assumption") == std::string::npos);
  CHECK(r.out.find("    wire_bandwidth_MBps          10 MB/s\n") != std::string::npos);
}

// Issue 49: `names` took bundled machines only. A user's torus beside the bundled T3D, its path
// relative to the scenario (mcsim started from another folder), labelled by the file's name.
TEST_CASE("Machines axis: a user's machine file beside a bundled machine", "[cli]") {
  const auto dir = test::temp_dir("machines-axis-file");
  std::filesystem::create_directories(dir + "/machines");
  std::ofstream(dir + "/machines/torus.toml")
      << "name = \"my-torus\"\nbase = \"t3d\"\n[topology.shape]\nsides = { value = [8, 8], source = \"what-if\", "
         "assumption = true }\n";
  std::ofstream(dir + "/axis.toml") << "id = \"axis\"\ntitle = \"axis\"\nsource = \"test\"\nkind = \"simulation\"\n"
                                       "samples = 1\nseed = 1\n[machine]\nnames = [\"t3d\", \"machines/torus.toml\"]\n"
                                       "nodes = 64\n[workload]\nname = \"uniform-density\"\ndensity = 2\n[sweep]\n"
                                       "msg_unit = [1024]\n[[series]]\nscheduler = \"AC\"\n";
  const auto r = run_mcsim(fmt::format("run {}/axis.toml -q -o {}/axis.csv", dir, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("2 machines") != std::string::npos);
  CHECK(r.out.find("\nt3d ") != std::string::npos);
  CHECK(r.out.find("\nmy-torus ") != std::string::npos);
  // The file is read as any machine file: a slip in it is refused at its line.
  std::ofstream(dir + "/machines/torus.toml", std::ios::app) << "wrap_arond = { value = true, source = \"w\", "
                                                                "assumption = true }\n";
  test::require_one_line_error(run_mcsim(fmt::format("run {}/axis.toml -q -o {}/axis2.csv", dir, dir)),
                               "torus.toml:5 (topology.shape.wrap_arond)");
  CHECK_FALSE(std::filesystem::exists(dir + "/axis2.csv"));
}

// The what-if the two cases below run: the CM-5 with 20 MB/s wires (twice the bundled 10), in DIR/cm5-fast.toml.
namespace {
void write_fast_cm5(const std::string& dir) {
  std::ofstream(dir + "/cm5-fast.toml") << "name = \"cm5-fast\"\nbase = \"cm5\"\n[links]\nbandwidth = { option = "
                                           "\"wire_bandwidth_MBps\", value = \"20 MB/s\", source = \"what if\", "
                                           "assumption = true }\n";
}
}  // namespace

// Issue 49: `run --machine FILE` on a paper's scenario printed the paper's numbers beside mcsim's
// (a paper of another machine) or a column of "-". Now mcsim's numbers, a note naming the file,
// and the plot.
TEST_CASE("A paper's scenario on a user's machine: mcsim's numbers, a note naming the file, its plot", "[cli]") {
  const auto dir = test::temp_dir("paper-on-user-machine");
  write_fast_cm5(dir);
  const auto r = run_mcsim(fmt::format("run {}/ranka92-table3.toml --machine {}/cm5-fast.toml --samples 1 -q "
                                       "--deterministic -o {}/t3.csv",
                                       MCSIM_SCENARIO_SOURCE_DIR, dir, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("note: machine " + dir + "/cm5-fast.toml in place of the scenario's cm5: mcsim's numbers only") !=
        std::string::npos);
  CHECK(r.out.find("paper / mcsim") == std::string::npos);
  CHECK(r.out.find(" - ") == std::string::npos);
  CHECK(r.out.find("\ncm5-fast ") != std::string::npos);
  CHECK(r.out.find("AC could not be measured on the CM-5") == std::string::npos);  // the paper's notes
  CHECK(std::filesystem::exists(dir + "/t3.svg"));
  // The title names the machine it ran on, not the paper's "32-node CM-5".
  CHECK(r.out.starts_with("ranka92-table3 — Table 3: communication and scheduling cost, test set 1, d = 8, 32 nodes "
                          "of " + dir + "/cm5-fast.toml\n"));
  CHECK(r.out.find("32-node CM-5") == std::string::npos);
  // The scenario's own machine keeps the paper beside it.
  const auto own = run_mcsim(fmt::format("run {}/ranka92-table3.toml --machine cm5 --samples 1 -q --deterministic "
                                         "-o {}/own.csv",
                                         MCSIM_SCENARIO_SOURCE_DIR, dir));
  CHECK(own.out.find("paper / mcsim / ratio") != std::string::npos);
  CHECK(own.out.find("32-node CM-5") != std::string::npos);
  // A machines axis on one machine says so: not "on every bundled machine" alone.
  const auto axis = run_mcsim(fmt::format("run {}/machines-alltoall.toml --machine {}/cm5-fast.toml --samples 1 -q "
                                          "--deterministic -o {}/ma.csv",
                                          MCSIM_SCENARIO_SOURCE_DIR, dir, dir));
  INFO(axis.err);
  REQUIRE(axis.exit_code == 0);
  CHECK(axis.out.find("on every bundled machine, here on " + dir + "/cm5-fast.toml alone\n") != std::string::npos);
}

// Issue 48: a redistribution scenario on another machine kept the paper's "Sun cluster with MPICH
// 1.1.2" in its title, the cluster's notes and the paper's "(paper ~0.8)" beside mcsim's ratios.
TEST_CASE("A redistribution scenario on a user's machine names that machine, not the paper's", "[cli]") {
  const auto dir = test::temp_dir("redistribution-on-user-machine");
  // The cluster's 24 nodes as a mesh (a CM-5 or T3D takes no fewer than 32).
  std::ofstream(dir + "/paragon-24.toml") << "name = \"paragon-24\"\nbase = \"paragon\"\n";
  const auto r = run_mcsim(fmt::format("run {}/guo05-fig7.toml --machine {}/paragon-24.toml -q --deterministic -o {}/f7.csv",
                                       MCSIM_SCENARIO_SOURCE_DIR, dir, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.starts_with("guo05-fig7 — Fig. 7: cyclic(6) -> cyclic(8), p = q = 5, on " + dir + "/paragon-24.toml\n"));
  CHECK(r.out.find("note: machine " + dir + "/paragon-24.toml in place of the scenario's ethernet-cluster") !=
        std::string::npos);
  for (const char* paper_machine : {"Sun cluster", "MPICH", "ch_p4", "Cluster model", "(paper ~", "the paper says"})
    CHECK(r.out.find(paper_machine) == std::string::npos);
  CHECK(r.out.find("align-message/MPI_Alltoallv") != std::string::npos);  // mcsim's ratios stay
  // On its own machine the paper's title, notes and ratio stay.
  const auto own = run_mcsim(fmt::format("run {}/guo05-fig7.toml --machine ethernet-cluster -q --deterministic -o {}/own.csv",
                                         MCSIM_SCENARIO_SOURCE_DIR, dir));
  CHECK(own.out.find("Sun cluster with MPICH 1.1.2") != std::string::npos);
  CHECK(own.out.find("(paper ~0.8)") != std::string::npos);
}

// Issue 49: sensitivity took the scenario's own machine only. On a what-if the study varies the
// what-if's records (its 20 MB/s wires x0.5 are the CM-5's 10).
TEST_CASE("sensitivity --machine FILE: a what-if's agreement with the paper, varied record by record", "[cli]") {
  const auto dir = test::temp_dir("sensitivity-user-machine");
  write_fast_cm5(dir);
  const auto r = run_mcsim(fmt::format("sensitivity ranka92-table3 --machine {}/cm5-fast.toml --option "
                                       "wire_bandwidth_MBps --samples 1 -q --deterministic -o {}/out",
                                       dir, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("wire_bandwidth_MBps=10 (x0.5)") != std::string::npos);
  CHECK(r.out.find("wire_bandwidth_MBps=40 (x2)") != std::string::npos);
  CHECK(std::filesystem::exists(dir + "/out/ranka92-table3.sensitivity.csv"));
  test::require_one_line_error(run_mcsim(fmt::format("sensitivity machines-alltoall --machine {}/cm5-fast.toml -q "
                                                     "-o {}/out2",
                                                     dir, dir)),
                               "--machine: machines-alltoall does not run on one [machine] to replace");
}

// Issue 49: `report` took the bundled machines only. With --machine FILE each chosen reproduction
// runs on the user's file as `run --machine` makes it: mcsim's numbers, the page naming the machine.
TEST_CASE("report --machine FILE: the chosen reproductions on a user's machine, its parameters on the page", "[cli]") {
  const auto dir = test::temp_dir("report-user-machine");
  write_fast_cm5(dir);
  const auto r = run_mcsim(fmt::format("report --machine {}/cm5-fast.toml --only ranka92-table3 --samples 1 -q -j 1 "
                                       "--deterministic -o {}/report",
                                       dir, dir));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string page = test::slurp(dir + "/report/ranka92.html");
  REQUIRE_FALSE(page.empty());
  CHECK(page.find("cm5-fast") != std::string::npos);       // the machine it ran on, with its parameters
  CHECK(page.find("20 MB/s") != std::string::npos);        // the what-if's record
  CHECK(page.find("what if") != std::string::npos);        // its source
  CHECK(test::slurp(dir + "/report/index.html").find("cm5-fast.toml in place of each reproduction's own machine") !=
        std::string::npos);
  const std::string csv = test::slurp(dir + "/report/ranka92-table3.csv");
  CHECK(csv.find("cm5-fast") != std::string::npos);  // mcsim's table on the what-if, no paper column
  CHECK(csv.find(",paper,") == std::string::npos);
  // A reproduction that builds its own machines has none to replace: one line, naming it.
  test::require_one_line_error(run_mcsim(fmt::format("report --machine {}/cm5-fast.toml --only lo92-lemmas -q -o {}/r2",
                                                     dir, dir)),
                               "--machine: lo92-lemmas has no [machine] to replace; give --only");
  CHECK_FALSE(std::filesystem::exists(dir + "/r2"));
}
