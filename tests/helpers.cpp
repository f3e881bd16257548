#include "helpers.hpp"
#include "test_paths.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>
#include <simgrid/s4u.hpp>
#include <fmt/format.h>

#include "sim/runner/child_output.hpp"
#include "sim/runner/isolated.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/machines.hpp"

namespace mcsim::test {

double end_of(const Run& run, int src, int dst) {
  for (const auto& m : run.messages)
    if (m.src == src && m.dst == dst) return m.end_s;
  FAIL("no message " << src << " -> " << dst);
  return 0;
}

Plan one_phase(int nodes, Strategy strategy, std::vector<PlannedMessage> messages, bool permutation) {
  Plan plan;
  plan.nodes = nodes;
  plan.strategy = strategy;
  plan.phases.push_back(Phase{std::move(messages), permutation});
  return plan;
}

namespace {
// Removes every directory temp_dir() made when the test process ends.
struct TemporaryDirectories {
  std::vector<std::filesystem::path> made;
  ~TemporaryDirectories() {
    std::error_code ec;
    for (const auto& dir : made) std::filesystem::remove_all(dir, ec);
  }
};
TemporaryDirectories temporary_directories;
}  // namespace

namespace {
// Runs `body` in an actor of a fresh engine, in a child process; `build` makes the platform and
// returns the host the actor runs on. With `end_clock`, " end " and the clock when the engine
// stopped follow the body's text.
std::string in_fresh_engine(const std::function<simgrid::s4u::Host*()>& build, const std::function<std::string()>& body,
                            bool end_clock = false) {
  return run_isolated(
             1,
             [&](std::size_t) {
               int argc = 1;
               char name[] = "mcsim-test";
               char* argv[] = {name, nullptr};
               simgrid::s4u::Engine engine(&argc, argv);
               std::string out;
               simgrid::s4u::Actor::create("test", build(), [&] { out = body(); });
               engine.run();
               if (end_clock) out += fmt::format(" end {}", simgrid::s4u::Engine::get_clock());
               return out;
             },
             1)
      .front();
}
}  // namespace

namespace {
simgrid::s4u::Host* one_host() {
  simgrid::s4u::NetZone* zone = simgrid::s4u::create_full_zone("zone");
  simgrid::s4u::Host* host = zone->create_host("h", 1e9);
  zone->seal();
  return host;
}
}  // namespace

std::string in_engine(const std::function<std::string()>& body) { return in_fresh_engine(one_host, body); }

std::string in_engine_to_its_end(const std::function<std::string()>& body) {
  return in_fresh_engine(one_host, body, true);
}

std::string in_machine(const MachineSpec& spec, const std::function<std::string(Machine&)>& body) {
  std::unique_ptr<Machine> machine;
  return in_fresh_engine(
      [&] {
        machine = make_machine(spec);
        machine->platform().build();
        return machine->platform().host(0);
      },
      [&] { return body(*machine); });
}

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("mcsim-test-{}-{}", name, ::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  temporary_directories.made.push_back(dir);
  return dir.string();
}

std::string simgrid_configuration_log(const std::function<void()>& body) {
  const std::string path = temp_dir("simgrid-log") + "/stderr";
  std::fflush(stderr);
  const int saved = ::dup(STDERR_FILENO);
  const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(saved >= 0);
  REQUIRE(file >= 0);
  ::dup2(file, STDERR_FILENO);
  ::close(file);
  ::setenv("MCSIM_SIMGRID_LOG", "xbt_cfg.thres:info", 1);
  body();
  ::unsetenv("MCSIM_SIMGRID_LOG");
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  return slurp(path);
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string flowing(const std::string& text) { return std::regex_replace(text, std::regex("\\s+"), " "); }

void check_quoted(const std::string& text, const std::vector<std::string>& quoted) {
  for (const auto& q : quoted) {
    INFO(q);
    CHECK(text.find(q) != std::string::npos);
  }
}

void require_one_line_error(const CommandResult& r, const std::string& fragment, std::optional<int> exit_code) {
  INFO("stderr: " << r.err);
  if (exit_code)
    REQUIRE(r.exit_code == *exit_code);
  else
    REQUIRE(r.exit_code != 0);
  REQUIRE(r.err.rfind("mcsim: error: ", 0) == 0);
  REQUIRE(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  REQUIRE(r.err.find(fragment) != std::string::npos);
}

std::string without_sanitizer_notes(const std::string& err) {
  std::string kept;
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    if (is_sanitizer_note(line)) continue;
    kept += line + "\n";
  }
  return kept;
}

CommandResult run_mcsim(const std::string& arguments) {
  const std::string dir = temp_dir("cmd");
  const std::string command = fmt::format("{} {} >{}/out 2>{}/err </dev/null", MCSIM_BINARY, arguments, dir, dir);
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = slurp(dir + "/out");
  result.err = without_sanitizer_notes(slurp(dir + "/err"));
  std::filesystem::remove_all(dir);
  return result;
}

FatTreeShape cm5_fat_tree(int nodes) {
  MachineFile cm5 = read_machine({"cm5", nodes, {}});
  resolve_for_nodes(cm5, nodes);
  return FatTree::from_shape(cm5.under("topology.shape."), nodes).shape();
}

ResultTable two_cell_region_table(const std::string& experiment, const std::string& other) {
  ResultTable table{"", {{.name = "experiment", .key = true}, {.name = "density"}, {.name = "bytes", .unit = "B"},
                         {.name = "fastest"}, {.name = "paper"}, {.name = "agree"}, {.name = "AC_ms", .unit = "ms"},
                         {.name = other + "_ms", .unit = "ms"}}, {}};
  table.rows = {{text_cell(experiment), integer_cell(4), integer_cell(64), text_cell("AC"), text_cell("AC"), text_cell("yes"),
                 number_cell(1), number_cell(2)},
                {text_cell(experiment), integer_cell(4), integer_cell(1024), text_cell(other), text_cell("AC"),
                 text_cell("no"), number_cell(3), number_cell(2)}};
  return table;
}

}  // namespace mcsim::test
