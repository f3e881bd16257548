#include "helpers.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "sim/engine/isolated.hpp"
#include "topologies/machines.hpp"

namespace mcsim::test {

std::vector<Run> simulate_isolated(const MachineSpec& spec, const std::vector<Job>& jobs, const SimulationOptions& options) {
  const auto text = run_isolated(
      1,
      [&](std::size_t) {
        auto machine = make_machine(spec);
        const auto runs = simulate(*machine, jobs, options);
        std::string out;
        for (const auto& run : runs) {
          out += fmt::format("run {} {} {}\n", run.nodes, run.messages.size(), run.node_finish_s.size());
          for (const auto& m : run.messages)
            out += fmt::format("{} {} {} {} {} {:.17g} {:.17g}\n", m.src, m.dst, m.bytes, m.phase, m.dummy ? 1 : 0,
                               m.start_s, m.end_s);
          for (double t : run.node_finish_s) out += fmt::format("{:.17g}\n", t);
        }
        return out;
      },
      1);
  std::istringstream in(text.at(0));
  std::vector<Run> runs;
  std::string word;
  while (in >> word) {
    Run run;
    std::size_t messages = 0, finishes = 0;
    in >> run.nodes >> messages >> finishes;
    for (std::size_t i = 0; i < messages; ++i) {
      MessageRecord m;
      int dummy = 0;
      in >> m.src >> m.dst >> m.bytes >> m.phase >> dummy >> m.start_s >> m.end_s;
      m.dummy = dummy != 0;
      run.messages.push_back(m);
    }
    run.node_finish_s.resize(finishes);
    for (auto& t : run.node_finish_s) in >> t;
    runs.push_back(std::move(run));
  }
  return runs;
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

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("mcsim-test-{}-{}", name, ::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  temporary_directories.made.push_back(dir);
  return dir.string();
}

static std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

CommandResult run_mcsim(const std::string& arguments) {
  const std::string dir = temp_dir("cmd");
  const std::string command = fmt::format("{} {} >{}/out 2>{}/err </dev/null", MCSIM_BINARY, arguments, dir, dir);
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = slurp(dir + "/out");
  result.err = slurp(dir + "/err");
  std::filesystem::remove_all(dir);
  return result;
}

}  // namespace mcsim::test
