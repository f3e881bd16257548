// libmcsim-platform.so and `mcsim mpi` (issue 50, docs/mpi.md): the machines of mcsim as SimGrid
// platforms for SMPI, built by the one builder, their message libraries as SMPI settings.
#include <catch2/catch.hpp>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/link_identity.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/redistribution/communication_table.hpp"
#include "sim/runner/pipeline.hpp"
#include "smpi/smpi_settings.hpp"
#include "test_paths.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;

namespace {

std::string setting(const SmpiConfiguration& c, const std::string& key) {
  for (const auto& s : c.settings)
    if (s.key == key) return s.value;
  FAIL("no setting " << key);
  return "";
}

// Every SimGrid link of the platform libmcsim-platform.so builds for `machine` at `nodes`, with its
// bandwidth, loaded by a SimGrid engine of a child process as smpirun's loads it.
std::map<std::string, double> links_loaded_by_simgrid(const std::string& machine, int nodes) {
  const std::string out = test::temp_dir("smpi-links") + "/links";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::setenv("MCSIM_SMPI_MACHINE", machine.c_str(), 1);
    ::setenv("MCSIM_SMPI_NODES", std::to_string(nodes).c_str(), 1);
    int argc = 2;
    char name[] = "test", log[] = "--log=root.thres:critical";
    char* argv[] = {name, log, nullptr};
    simgrid::s4u::Engine engine(&argc, argv);
    engine.load_platform(::mcsim::test_paths::platform_library());
    std::ofstream file(out);
    for (const auto* link : engine.get_all_links())
      file << link->get_name() << ' ' << fmt::format("{:.17g}", link->get_bandwidth()) << '\n';
    file.close();
    ::_exit(file ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  std::map<std::string, double> links;
  std::istringstream lines(test::slurp(out));
  std::string name;
  double bandwidth = 0;
  while (lines >> name >> bandwidth)
    if (name != "__loopback__") links[name] = bandwidth;  // SimGrid's network model makes its own
  return links;
}

// The value `mcsim list machines -v` shows for `option` of the CM-5, in MB/s.
double listed_MBps(const std::string& listing, const std::string& option) {
  std::smatch m;
  REQUIRE(std::regex_search(listing, m, std::regex("\\n    " + option + " +([0-9.]+) MB/s\\n")));
  return std::stod(m[1]);
}

// docs/examples/mpi/NAME.c compiled with smpicc into DIR/NAME; the compiler's output, when it
// fails, is shown with the failure.
std::string compiled_example(const std::string& dir, const std::string& name) {
  const std::string program = dir + "/" + name;
  const int compiled = std::system(fmt::format("smpicc -O1 -o {} {}/{}.c >{}/cc.log 2>&1", program,
                                               ::mcsim::test_paths::mpi_examples(), name, dir)
                                       .c_str());
  INFO(test::slurp(dir + "/cc.log"));
  REQUIRE(compiled == 0);  // tools/install-deps.sh installs SimGrid's SMPI (libsimgrid-dev)
  return program;
}

}  // namespace

TEST_CASE("The CM-5's CMMD as SMPI settings: rendezvous, synchronous, the start-up at the sender") {
  const auto cm5 = make_machine({"cm5", 32, {}});
  const SmpiConfiguration c = smpi_configuration(*cm5);
  CHECK(setting(c, "network/model") == "CM02");
  CHECK(setting(c, "network/crosstraffic") == "0");
  CHECK(setting(c, "smpi/async-small-thresh") == "0");        // no eager regime
  CHECK(setting(c, "smpi/send-is-detached-thresh") == "0");   // CMMD_send_block
  CHECK(setting(c, "smpi/ois") == "0:8.8e-05:0");              // 88 us (Ponnusamy et al.), none at the receiver
  CHECK(setting(c, "smpi/or") == "0:0:0");
  CHECK(!switching_beyond_smpi(*cm5));
}

TEST_CASE("ch_p4's three regimes as SMPI settings: eager up to 128,000 bytes, then rendezvous") {
  const auto cluster = make_machine({"ethernet-cluster", 24, {}});
  const SmpiConfiguration c = smpi_configuration(*cluster);
  CHECK(setting(c, "smpi/async-small-thresh") == "128001");
  CHECK(setting(c, "smpi/send-is-detached-thresh") == "128001");  // sends return once the data has left
  // 120 us split half and half; above 128,000 bytes the whole of it and four 60 us trip times.
  CHECK(setting(c, "smpi/os") == "0:6e-05:0;16384:6e-05:0;128000:0.00036:0");
  CHECK(setting(c, "smpi/or") == "0:6e-05:0;16384:6e-05:0;128000:0:0");
  CHECK(!c.not_expressed.empty());
}

TEST_CASE("Wormhole and circuit machines are beyond SMPI's flows, and say why") {
  const auto t3d = make_machine({"t3d", 64, {}});
  const auto why = switching_beyond_smpi(*t3d);
  REQUIRE(why);
  CHECK(why->find("'wormhole'") != std::string::npos);
  const auto ipsc = make_machine({"ipsc860", 32, {}});
  REQUIRE(switching_beyond_smpi(*ipsc));
  CHECK(switching_beyond_smpi(*ipsc)->find("'circuit'") != std::string::npos);
}

TEST_CASE("The CM-5 loaded into SMPI has the builder's links at the bandwidths `mcsim list machines -v` shows",
          "[cli][engine]") {
  const auto listing = test::run_mcsim("list machines -v");
  REQUIRE(listing.exit_code == 0);
  const std::string cm5_part = listing.out.substr(listing.out.find("\n  cm5 "));
  const double wire_Bps = listed_MBps(cm5_part, "wire_bandwidth_MBps") * 1e6;
  const double cmmd_Bps = listed_MBps(cm5_part, "cmmd_bandwidth_MBps") * 1e6;
  CHECK(wire_Bps == Approx(10e6).epsilon(1e-12));
  CHECK(cmmd_Bps == Approx(8.06e6).epsilon(1e-12));

  const auto loaded = links_loaded_by_simgrid("cm5", 32);
  const auto built = make_machine({"cm5", 32, {}});
  const NetworkLinks network = built->platform().links();
  std::map<std::string, double> expected{{"loopback", 1e12}};
  int interfaces = 0, wires = 0;
  for (const LinkIdentity& id : network.links) {
    const bool interface = id.role == LinkRole::node_interface;
    expected[link_name(id)] = interface ? cmmd_Bps : wire_Bps;
    ++(interface ? interfaces : wires);
  }
  CHECK(interfaces == 32);  // one shared CMMD interface per node
  CHECK(wires == 2 * static_cast<int>(test::cm5_fat_tree(32).wire_count()));  // each wire's two directions
  REQUIRE(loaded.size() == expected.size());
  for (const auto& [name, bandwidth] : expected) {
    INFO(name);
    REQUIRE(loaded.contains(name));
    CHECK(loaded.at(name) == Approx(bandwidth).epsilon(1e-12));
  }
}

TEST_CASE("An MPI program compiled with smpicc runs on the CM-5: one message takes mcsim's time", "[cli][engine]") {
  const std::string dir = test::temp_dir("smpi-one-message");
  const std::string program = compiled_example(dir, "one_message");
  const int bytes = 1000;
  const auto r = test::run_mcsim(fmt::format(
      "mpi --machine cm5 --nodes 32 -- -np 2 --log=root.thres:warning --cfg=smpi/wtime:0 "
      "--cfg=smpi/simulate-computation:no {} {}",
      program, bytes));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex("arrived ([0-9.e+-]+)")));
  const double smpi_s = std::stod(m[1]);

  const auto runs = simulate_isolated({"cm5", 32, {}},
                                      {Job{test::one_phase(32, Strategy::asynchronous, {{0, 1, bytes}}), 1}});
  const double mcsim_s = runs[0].communication_time();
  // The same start-up and CMMD rate; SMPI moves the bytes and a 16-byte envelope, CMMD whole 16-byte
  // packets (1,008 bytes): 8 bytes at 8.06 MB/s apart.
  const double envelope_s = (bytes + 16 - 1008) / 8.06e6;
  CHECK(mcsim_s == Approx(88e-6 + 1008 / 8.06e6).epsilon(1e-9));
  CHECK(smpi_s == Approx(mcsim_s + envelope_s).epsilon(1e-7));
}

TEST_CASE("mcsim mpi refuses a wormhole machine in one line, unless asked to approximate", "[cli]") {
  const auto refused = test::run_mcsim("mpi --machine t3d --nodes 64 -- -np 2 ./nothing");
  test::require_one_line_error(refused, "--approximate-switching");
  const auto shown = test::run_mcsim("mpi --machine t3d --nodes 64 --approximate-switching --show-settings");
  REQUIRE(shown.exit_code == 0);
  CHECK(shown.out.find("--cfg=smpi/async-small-thresh:") != std::string::npos);
  CHECK(shown.out.find("wormhole") != std::string::npos);
  // A machine option takes one value: smpirun's arguments after -- stay smpirun's.
  const auto overlapped = test::run_mcsim("mpi --machine cm5 --machine-option cmmd=overlapped --show-settings -- -np 2");
  REQUIRE(overlapped.exit_code == 0);
  CHECK(overlapped.out.find("--cfg=smpi/or:0:4.4e-05:0") != std::string::npos);  // CMMD_send_async: detached
  const auto unknown = test::run_mcsim("mpi --machine no-such-machine -- -np 2 ./nothing");
  test::require_one_line_error(unknown, "unknown machine");
}

TEST_CASE("Guo and Pan's Algorithm 1 in MPI on the cluster: every element placed, mcsim's align-message time within 10%",
          "[cli][engine]") {
  const std::string dir = test::temp_dir("smpi-guo05-algorithm1");
  const std::string program = compiled_example(dir, "guo05_algorithm1");
  // Fig. 7's cyclic(6) -> cyclic(8) on 5 at 60,000 elements a processor: messages of 40,000 and
  // 60,000 bytes, eager in ch_p4, bandwidth-bound (docs/mpi.md gives both times).
  const int local_n = 60000;
  const auto r = test::run_mcsim(fmt::format(
      "mpi --machine ethernet-cluster --nodes 24 -- -np 5 --log=root.thres:warning --cfg=smpi/wtime:0 "
      "--cfg=smpi/simulate-computation:no {} 6 5 8 5 {}",
      program, local_n));
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex("(\\d+) steps, misplaced elements (\\d+), time ([0-9.e+-]+)")));
  CHECK(m[1] == "5");  // P_0 sends to all 5 targets (one a local copy)
  CHECK(m[2] == "0");  // every element at its cyclic(8) place
  const double smpi_s = std::stod(m[3]);

  // mcsim's align-message series of `mcsim reproduce guo05-fig7` for the same cell.
  const MachineSpec spec{"ethernet-cluster", 24, {}};
  const redistribution::Redistribution rd{6, 5, 8, 5};
  const CommMatrix matrix = redistribution::redistribution_matrix(rd, std::int64_t{local_n} * 5, 4, 24);
  std::vector<CompiledJob> jobs;
  jobs.push_back(compile_job(matrix, find_scheduler("algorithm1:x=6,p=5,y=8,q=5", "test"),
                             Strategy::loosely_synchronous, make_machine(spec)->hints(), {}));
  const double mcsim_s = simulate_compiled_isolated(spec, std::move(jobs), {}).at(0).comm_s;
  // Both bandwidth-bound; what SMPI cannot express of ch_p4 (blocking writes, the copy out of the
  // unexpected queue) is a few per cent here.
  CHECK(smpi_s == Approx(mcsim_s).epsilon(0.10));
  CHECK(smpi_s > 0.016);  // P_0's bytes alone, 60,000 + 3 x 40,000 B at 11 MB/s: not a no-op
}

TEST_CASE("AC written in MPI on the CM-5 with CMMD's asynchronous calls takes mcsim's AC time, MPI_Alltoall's rotated order less",
          "[cli][engine]") {
  const std::string dir = test::temp_dir("smpi-ac-alltoall");
  const std::string ac = compiled_example(dir, "ac_alltoall");
  const std::string alltoall = compiled_example(dir, "alltoall");
  // 256 B: where MPI_Alltoall and mcsim's AC were 36% apart (docs/mpi.md).
  const int bytes = 256, nodes = 32;
  auto smpi_time = [&](const std::string& program) {
    const auto r = test::run_mcsim(fmt::format(
        "mpi --machine cm5 --nodes {} --machine-option cmmd=overlapped -- -np {} --log=root.thres:warning "
        "--cfg=smpi/wtime:0 --cfg=smpi/simulate-computation:no --cfg=smpi/alltoall:basic_linear {} {}",
        nodes, nodes, program, bytes));
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex("time ([0-9.e+-]+)")));
    return std::stod(m[1]);
  };
  const double ac_s = smpi_time(ac), alltoall_s = smpi_time(alltoall);

  std::vector<MatrixEntry> all_pairs;
  for (int src = 0; src < nodes; ++src)
    for (int dst = 0; dst < nodes; ++dst)
      if (src != dst) all_pairs.push_back({src, dst, static_cast<std::uint64_t>(bytes)});
  const MachineSpec spec{"cm5", nodes, {{"cmmd", "overlapped"}}};
  std::vector<CompiledJob> jobs;
  jobs.push_back(compile_job(CommMatrix(nodes, std::move(all_pairs)), find_scheduler("AC", "test"),
                             Strategy::asynchronous, make_machine(spec)->hints(), {}));
  const double mcsim_s = simulate_compiled_isolated(spec, std::move(jobs), {}).at(0).comm_s;
  INFO("SMPI AC " << ac_s << " s, SMPI MPI_Alltoall " << alltoall_s << " s, mcsim AC " << mcsim_s << " s");
  // The same order: within 3%; SMPI's 16-byte envelope crosses the last receiver's interface twice
  // per sender here (2 x 31 x 16 B / 8.06 MB/s = 123 us), all of the difference.
  CHECK(ac_s == Approx(mcsim_s + 2 * 31 * 16 / 8.06e6).epsilon(0.005));
  CHECK(ac_s == Approx(mcsim_s).epsilon(0.03));
  // basic_linear's rotated order spreads the receivers: each node's 31 x 88 us of CMMD time alone.
  CHECK(alltoall_s == Approx(31 * 88e-6).epsilon(1e-6));
  CHECK(alltoall_s < 0.7 * mcsim_s);
}
