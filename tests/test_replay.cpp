// The replay (`mcsim timeline --html`): its data escaped for a <script> element, its counts and
// bounds, and the routes and busy times a recorded run gives it, checked against the bytes every
// link carried.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "helpers.hpp"
#include "routing/fat_tree_shape.hpp"
#include "sim/core/scheduler.hpp"
#include "sim/output/replay_json.hpp"
#include "sim/output/replay_page.hpp"
#include "sim/runner/job_record.hpp"
#include "sim/runner/pipeline.hpp"
#include "sim/runner/sample_seeds.hpp"
#include "topologies/machines.hpp"

using namespace mcsim;
using test::one_phase;

namespace {

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

// Two nodes joined by one channel each way; three messages 0 -> 1, one 1 -> 0.
Run small_run() {
  Run run;
  run.nodes = 2;
  run.links = {{"channel-0-1", 1e6, 3000, 3e-3, 0}, {"channel-1-0", 1e6, 1000, 1e-3, 0}};
  run.messages = {{0, 1, 1000, 0, false, 0, 1e-3}, {1, 0, 1000, 0, false, 0.5e-3, 1.5e-3},
                  {0, 1, 1000, 1, false, 1e-3, 2e-3}, {0, 1, 1000, 1, false, 2e-3, 3e-3}};
  run.routes = {{0}, {1}, {0}, {0}};
  run.link_busy = {{0, 0, 3e-3, 1e6}, {1, 0.5e-3, 1.5e-3, 1e6}};
  run.node_finish_s = {3e-3, 1.5e-3};
  run.states = {{0, "program", "wait-send", 0, 3e-3}, {0, "phase", "1", 1e-3, 1e-3}, {1, "network", "receiving", 0, 3e-3}};
  return run;
}

double as_sent(std::uint64_t bytes) { return static_cast<double>(bytes); }

NetworkLinks two_node_network() {
  NetworkLinks network;
  network.layout = NetworkLayout::grid;
  network.grid_sides = {2};
  LinkIdentity a, b;
  a.from = {0, 0}, a.to = {0, 1};
  b.from = {0, 1}, b.to = {0, 0};
  network.links = {a, b};
  return network;
}

// Every link of a recorded run carries exactly the bytes of the messages whose routes cross it,
// and its busy times add up to them too.
void require_routes_carry_the_bytes(const Run& run, const MessageLibrary& library) {
  REQUIRE(run.routes.size() == run.messages.size());
  std::vector<double> routed(run.links.size(), 0), busy(run.links.size(), 0);
  for (std::size_t i = 0; i < run.messages.size(); ++i)
    for (int link : run.routes[i]) routed[static_cast<std::size_t>(link)] += static_cast<double>(library.wire_bytes(run.messages[i].bytes));
  for (const LinkBusy& b : run.link_busy) {
    REQUIRE(b.end_s > b.start_s);
    REQUIRE(b.end_s <= run.communication_time() * (1 + 1e-12));
    busy[static_cast<std::size_t>(b.link)] += (b.end_s - b.start_s) * b.rate_Bps;
  }
  int used = 0;
  for (std::size_t k = 0; k < run.links.size(); ++k) {
    INFO(run.links[k].link);
    REQUIRE(routed[k] == Approx(run.links[k].bytes).epsilon(1e-6).margin(1e-3));
    REQUIRE(busy[k] == Approx(run.links[k].bytes).epsilon(1e-6).margin(1e-3));
    used += run.links[k].bytes > 0;
  }
  REQUIRE(used > 0);
}

Run recorded_run(const MachineSpec& spec, const std::string& scheduler, int density, std::uint64_t unit,
                 bool record = true, SharingRequest sharing = SharingRequest::automatic) {
  const auto machine = make_machine(spec);
  const SchedulerChoice choice = find_scheduler(scheduler, "test");
  const SampleSeeds seeds{1, spec.nodes, density, 0};
  const CommMatrix matrix = workload_matrix({"random-density", density, "", "", "test"}, spec.nodes, seeds.matrix()).scaled(unit);
  std::vector<CompiledJob> jobs;
  jobs.push_back(compile_job(matrix, choice, std::nullopt, machine->hints(), seeds.job(scheduler, unit)));
  SimulationOptions options;
  options.record = record;
  options.sharing_request = sharing;
  return *simulate_compiled_isolated(spec, std::move(jobs), options, /*keep_runs=*/true).at(0).run;
}

// AC on the CM-5 where `auto` takes mcsim's fluid sharing (every message at once, at least 1,024):
// recorded, the run gives the unrecorded run's bytes, and its recorder, fed by the fluid sharing
// (each message's start and finish, its drawn route, the links' rates), sees every link carry the
// bytes of the messages routed over it. Before recording worked on the fluid sharing, a recorded
// run took SimGrid's, whose dates differ from the fluid sharing's in the last bits (checked
// here: what recording used to give is not what the unrecorded run gives).
void require_recording_changes_nothing_on_fluid(int nodes, bool against_simgrid) {
  const MachineSpec cm5{"cm5", nodes, {}};
  const Run plain = recorded_run(cm5, "AC", 16, 1024, false);
  const Run recorded = recorded_run(cm5, "AC", 16, 1024, true);
  REQUIRE(recorded.messages.size() >= kCoupledFrom);
  REQUIRE(recorded.messages == plain.messages);
  REQUIRE(recorded.node_finish_s == plain.node_finish_s);
  require_routes_carry_the_bytes(recorded, make_machine(cm5)->library());
  REQUIRE(std::any_of(recorded.states.begin(), recorded.states.end(),
                      [](const NodeState& s) { return s.lane == "network" && s.activity == "sending"; }));
  if (!against_simgrid) return;
  const Run on_simgrid = recorded_run(cm5, "AC", 16, 1024, true, SharingRequest::simgrid);
  REQUIRE(on_simgrid.messages != plain.messages);
}

}  // namespace

TEST_CASE("Recorded or not, a CM-5 run on mcsim's fluid sharing gives the same bytes (AC, 128 nodes, d = 16), and the "
          "recorder's links carry its messages' bytes",
          "[engine]") {
  require_recording_changes_nothing_on_fluid(128, true);
}

// The case (45): 8,175 messages at once, recorded (about 16 s of CPU: the recorder reads every
// link's rate at every advance of the clock) and not (about 1 s).
TEST_CASE("Recorded or not, the same bytes: CM-5 AC 512 nodes, d = 16", "[engine]") {
  require_recording_changes_nothing_on_fluid(512, false);
}

namespace {

}  // namespace

TEST_CASE("Replay JSON: no text can close its script element", "[replay]") {
  const std::string nasty = "a\"b\\c</script><!-- \n\t\x01 & \xe2\x80\xa8 \xe2\x80\xa9 é";
  const std::string quoted = json::string(nasty);
  REQUIRE(quoted == "\"a\\\"b\\\\c\\u003c/script\\u003e\\u003c!-- \\u000a\\u0009\\u0001 \\u0026 \\u2028 \\u2029 é\"");
  REQUIRE(quoted.find('<') == std::string::npos);
  REQUIRE(json::number(0.25) == "0.25");
  REQUIRE(json::number(-0.0) == "0");
  REQUIRE(json::number(1e-7) == "1e-07");
  REQUIRE_THROWS_WITH(json::number(std::numeric_limits<double>::quiet_NaN()), Catch::Contains("JSON number"));
  REQUIRE_THROWS_WITH(json::number(std::numeric_limits<double>::infinity()), Catch::Contains("JSON number"));
}

TEST_CASE("Replay data: every message, its route, each link's bytes per bin, and the page's two scripts", "[replay]") {
  const Run run = small_run();
  const ReplayData data = replay_data(run, two_node_network(), "two </script> nodes", as_sent, {.load_bins = 3});
  REQUIRE(data.messages == 4);
  REQUIRE(data.messages_kept == 4);
  REQUIRE(data.left_out.empty());
  // In start order, with their routes; a bin is 1 ms: channel 0-1 is in full use in all three, 1-0
  // at half its bandwidth in the first two.
  REQUIRE(data.json.find("\"messages\":[[0,1,1000,0,0,0.001,[0]],[1,0,1000,0,0.0005,0.0015,[1]],[0,1,1000,1,0.001,0.002,[0]],"
                         "[0,1,1000,1,0.002,0.003,[0]]]") != std::string::npos);
  REQUIRE(data.json.find("\"load\":[[0,0,100],[1,0,50,2,0]]") != std::string::npos);
  REQUIRE(data.json.find("\"phases\":[[1,0.001]]") != std::string::npos);
  REQUIRE(data.json.find("\"title\":\"two \\u003c/script\\u003e nodes\"") != std::string::npos);
  const std::string page = replay_page(data, "two </script> nodes");
  REQUIRE(occurrences(page, "</script>") == 2);
  REQUIRE(occurrences(page, "<script") == 2);
  REQUIRE(page.find("two &lt;/script&gt; nodes") != std::string::npos);
  REQUIRE(page.find("http") == std::string::npos);  // nothing from a network
}

TEST_CASE("A job record carries a recorded run's routes and link busy times, and refuses a link that is not there",
          "[replay]") {
  JobRecord record;
  record.run = small_run();
  const std::string text = records_to_text({record});
  REQUIRE(text.find("routes 4\n1 0\n1 1\n") != std::string::npos);
  REQUIRE(records_from_text(text) == std::vector<JobRecord>{record});
  JobRecord plain;
  plain.run = small_run();
  plain.run->routes.clear();
  plain.run->link_busy.clear();
  REQUIRE(records_to_text({plain}).find("routes") == std::string::npos);  // other runs' records as before
  std::string bad = text;
  bad.replace(bad.find("routes 4\n1 0\n"), 13, "routes 4\n1 2\n");
  REQUIRE_THROWS_WITH(records_from_text(bad), Catch::Contains("'2' is not an index below 2"));
}

TEST_CASE("Replay data: beyond its bounds it keeps a sample of the messages and drops the shortest states, and says so",
          "[replay]") {
  const Run run = small_run();
  const ReplayData data = replay_data(run, two_node_network(), "bounded", as_sent, {.messages = 2, .states = 1});
  REQUIRE(data.messages == 4);
  REQUIRE(data.messages_kept == 2);
  REQUIRE(data.left_out.size() == 2);
  REQUIRE_THAT(data.left_out[0], Catch::Contains("4 messages: only every 2th"));
  REQUIRE_THAT(data.left_out[1], Catch::Contains("shorter than"));
  REQUIRE(data.json.find("\"notes\":[\"4 messages") != std::string::npos);
  // Routes that do not carry the bytes the links recorded are said to be so.
  Run misrouted = run;
  misrouted.routes[1] = {0};
  const ReplayData said = replay_data(misrouted, two_node_network(), "misrouted", as_sent);
  REQUIRE(said.left_out.size() == 1);
  REQUIRE_THAT(said.left_out[0], Catch::Contains("on 2 of the 2 links the recorded routes carry other bytes"));
  Run unrouted = run;
  unrouted.routes.clear();
  REQUIRE_THROWS_WITH(replay_data(unrouted, two_node_network(), "x", as_sent), Catch::Contains("4 messages but 0 recorded routes"));
}

TEST_CASE("A recorded 8-node circuit run gives each message its e-cube route, and each channel its busy time",
          "[engine]") {
  const MachineSpec cube8{"ipsc860", 8, {{"channel_bandwidth_MBps", "2"}, {"node_ports", "unlimited"}, {"nx", "startup"}}};
  const std::uint64_t bytes = 20000;
  const Job job{one_phase(8, Strategy::asynchronous, {{0, 3, bytes}, {1, 3, bytes}, {6, 6, bytes}, {7, 0, bytes}}, false), 1};
  SimulationOptions options;
  options.record = true;
  const Run run = simulate_isolated(cube8, {job}, options).at(0);
  REQUIRE(run.messages.size() == 4);
  std::map<std::pair<int, int>, std::vector<std::string>> route_of;
  for (std::size_t i = 0; i < run.messages.size(); ++i)
    for (int link : run.routes.at(i))
      route_of[{run.messages[i].src, run.messages[i].dst}].push_back(run.links.at(static_cast<std::size_t>(link)).link);
  REQUIRE(route_of[{0, 3}] == std::vector<std::string>{"channel-0-1", "channel-1-3"});
  REQUIRE(route_of[{1, 3}] == std::vector<std::string>{"channel-1-3"});
  REQUIRE(route_of[{6, 6}].empty());
  REQUIRE(route_of[{7, 0}] == std::vector<std::string>{"channel-7-6", "channel-6-4", "channel-4-0"});
  require_routes_carry_the_bytes(run, make_machine(cube8)->library());
  // Channel 1->3 carries its two messages one after the other, at 2 MB/s: 20 ms busy in all.
  double busy_1_3 = 0;
  for (const LinkBusy& b : run.link_busy)
    if (run.links[static_cast<std::size_t>(b.link)].link == "channel-1-3") {
      REQUIRE(b.rate_Bps == Approx(2e6));
      busy_1_3 += b.end_s - b.start_s;
    }
  REQUIRE(busy_1_3 == Approx(2 * bytes / 2e6).epsilon(1e-9));
}

TEST_CASE("Recorded routes carry every link's bytes: wormhole on a mesh, circuits on the iPSC/860, and on the CM-5 they "
          "climb from the sender's interface to the receiver's, as high as the ends' common level", "[engine]") {
  const MachineSpec mesh{"mesh", 16, {}};
  require_routes_carry_the_bytes(recorded_run(mesh, "AC", 4, 1024), make_machine(mesh)->library());
  const MachineSpec cube{"ipsc860", 16, {}};
  require_routes_carry_the_bytes(recorded_run(cube, "RS_NL", 4, 1024), make_machine(cube)->library());
  // The CM-5's up-links are drawn per message: each message keeps the route SimGrid drew for it.
  const MachineSpec cm5{"cm5", 32, {}};
  const Run run = recorded_run(cm5, "AC", 8, 2048);
  require_routes_carry_the_bytes(run, make_machine(cm5)->library());
  const NetworkLinks network = make_machine(cm5)->platform().links();
  std::map<std::string, const LinkIdentity*> identity;
  for (const auto& link : network.links) identity[link_name(link)] = &link;
  const FatTreeShape shape = test::cm5_fat_tree(32);
  REQUIRE(run.routes.size() == run.messages.size());
  for (std::size_t i = 0; i < run.messages.size(); ++i) {
    const MessageRecord& m = run.messages[i];
    const std::vector<int>& route = run.routes[i];
    INFO(m.src << " -> " << m.dst);
    if (m.src == m.dst) {
      REQUIRE(route.empty());
      continue;
    }
    REQUIRE(route.size() >= 2);
    const LinkIdentity& first = *identity.at(run.links.at(static_cast<std::size_t>(route.front())).link);
    const LinkIdentity& last = *identity.at(run.links.at(static_cast<std::size_t>(route.back())).link);
    REQUIRE((first.role == LinkRole::node_interface && first.from.index == m.src));
    REQUIRE((last.role == LinkRole::node_interface && last.from.index == m.dst));
    int wires = 0;
    for (int link : route) wires += identity.at(run.links.at(static_cast<std::size_t>(link)).link)->role == LinkRole::fat_tree_wire;
    REQUIRE(wires == 2 * shape.common_level(m.src, m.dst));
  }
}

TEST_CASE("On the CM-5 a recorded run keeps the up-links it drew: every link carries exactly the bytes of the messages "
          "whose recorded routes cross it (LP and AC, 32 nodes, under CMMD's rendezvous, its overlapped calls and a "
          "library that buffers data)",
          "[engine]") {
  // Drawn again after the run, the routes differed (lesson 1's LP run: 187 of 256 links): CMMD's
  // ready signals use up draws of up-links at the sender's time, SimGrid draws a message's route
  // when its kernel starts the communication. Under rendezvous the data leaves once its receive is
  // posted (its route is drawn as the send starts); overlapped (eager, no buffer), data can wait in
  // its mailbox and its route is drawn when the receive matches it; with a buffer, data that finds
  // no receive moves as a flow of its own and its notice waits in the mailbox.
  const auto folder = test::temp_dir("replay-cm5-buffered");
  const std::string buffered = folder + "/cm5-buffered.toml";
  std::ofstream(buffered) << "base = \"cm5\"\nname = \"cm5-buffered\"\n"
                             "[library]\nsends = { value = \"posted\", source = \"test\", assumption = true }\n"
                             "receives = { value = \"posted\", source = \"test\", assumption = true }\n"
                             "receive_buffer = { value = \"1 MB\", source = \"test\", assumption = true }\n"
                             "[library.regimes.messages]\nprotocol = { value = \"eager\", source = \"test\", assumption = true }\n";
  const std::vector<MachineSpec> machines = {
      {"cm5", 32, {}}, {"cm5", 32, {{"cmmd", "overlapped"}}}, {buffered, 32, {}}};
  for (const MachineSpec& cm5 : machines)
    for (const char* scheduler : {"LP", "AC"}) {
      const auto machine = make_machine(cm5);
      INFO(scheduler << " on " << cm5.name << (cm5.options.empty() ? "" : " cmmd = overlapped"));
      const int density = std::string(scheduler) == "LP" ? 31 : 8;
      const Run run = recorded_run(cm5, scheduler, density, 4096);
      REQUIRE(run.messages == recorded_run(cm5, scheduler, density, 4096, false).messages);  // recording changes nothing
      require_routes_carry_the_bytes(run, machine->library());
      const ReplayData data = replay_data(run, machine->platform().links(), "cm5", [&](std::uint64_t b) {
        return static_cast<double>(machine->library().wire_bytes(b));
      });
      REQUIRE(data.left_out.empty());
    }
}

TEST_CASE("mcsim timeline --html writes the replay beside the CSV, with every message of the run in it", "[cli]") {
  const auto dir = test::temp_dir("replay");
  const auto r = test::run_mcsim("timeline --machine mesh --nodes 16 --density 4 --scheduler AC --msg-unit 512 --html -o " +
                                 dir + "/r.csv");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("wrote " + dir + "/r.html") != std::string::npos);
  const std::string page = test::slurp(dir + "/r.html");
  REQUIRE(page.rfind("<!DOCTYPE html>", 0) == 0);
  REQUIRE(occurrences(page, "</script>") == 2);
  const std::string csv = test::slurp(dir + "/r.csv");
  const std::size_t messages = occurrences(csv, "\n") - 1;  // a header, then one line per message
  REQUIRE(messages > 0);
  REQUIRE(page.find(fmt::format("{} messages recorded, {} drawn", messages, messages)) != std::string::npos);
  REQUIRE(page.find("\"layout\":\"grid\"") != std::string::npos);
}

TEST_CASE("mcsim timeline --html draws a hyper-crossbar with its crossbars and a star with its switch", "[cli]") {
  // Both were drawn as a ring of nodes with chords to an inner ring of switches (issue 49).
  for (const auto& [machine, nodes, layout, switches] :
       std::vector<std::tuple<std::string, int, std::string, std::size_t>>{{"cp-pacs", 64, "crossbars", 48},
                                                                            {"ethernet-cluster", 24, "star", 4}}) {
    const auto dir = test::temp_dir("replay-" + machine);
    const auto r = test::run_mcsim(fmt::format("timeline --machine {} --nodes {} --density 4 --scheduler AC --msg-unit 512 "
                                               "--html -o {}/r.csv",
                                               machine, nodes, dir));
    INFO(machine << ": " << r.err);
    REQUIRE(r.exit_code == 0);
    const std::string page = test::slurp(dir + "/r.html");
    CHECK(page.find("\"layout\":\"" + layout + "\"") != std::string::npos);
    // The switches' bars, one JSON array each, before the links.
    const auto from = page.find("\"switches\":["), to = page.find("],\"links\":", from);
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    CHECK(occurrences(page.substr(from, to - from), "[") == switches + 1);
    // Every link is drawn ([null, ...] marks one the layout leaves out) and the routes are the run's own.
    CHECK(page.find("[null,") == std::string::npos);
    CHECK(page.find("the run's own routes:") == std::string::npos);
  }
}
