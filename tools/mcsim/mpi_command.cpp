// `mcsim mpi --machine NAME|FILE --nodes N -- SMPIRUN-ARGS`: an MPI program on one of mcsim's
// machines through SimGrid's SMPI (issue 50, docs/mpi.md). A thin wrapper: it checks the machine
// as every command does, writes the host file (node-0 .. node-N-1, the platform's hosts), and runs
// SimGrid's own smpirun with libmcsim-platform.so as the platform. The machine reaches the library
// through the environment (smpi/platform_request.hpp); smpirun gets an argument vector (execvp),
// so nothing a user names passes through a shell.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../smpi/platform_request.hpp"
#include "../../smpi/smpi_settings.hpp"
#include "../../topologies/machines.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "machine_text.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

namespace fs = std::filesystem;

struct MpiOptions {
  std::string machine;
  int nodes = 0;
  std::vector<std::string> machine_options;
  bool approximate_switching = false;
  std::uint64_t seed = 1;
  bool show_settings = false;
  std::vector<std::string> smpirun_args;
};

// The library as built and installed: bin/../lib/libmcsim-platform.so (tools/CMakeLists.txt).
fs::path platform_library() {
  std::error_code ec;
  const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error("mcsim mpi", "cannot find the running binary (/proc/self/exe: " + ec.message() + ")");
  const fs::path library = (binary.parent_path() / MCSIM_PLATFORM_LIBRARY_FROM_BINARY).lexically_normal();
  if (!fs::is_regular_file(library, ec))
    throw Error("mcsim mpi", fmt::format("no platform library at {} (build the target mcsim-platform, or install "
                                         "mcsim)",
                                         library.string()));
  return library;
}

// A fresh directory of its own for the host file, removed when the run ends.
class HostFile {
 public:
  explicit HostFile(int nodes) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = (fs::path(tmp && *tmp ? tmp : "/tmp") / "mcsim-mpi-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw Error(pattern, fmt::format("cannot make a directory for the host file: {}", std::strerror(errno)));
    dir_ = pattern;
    path_ = dir_ / "hosts";
    std::ofstream out(path_);
    for (int i = 0; i < nodes; ++i) out << "node-" << i << '\n';
    out.close();
    if (!out) throw Error(path_.string(), "cannot write the host file");
  }
  ~HostFile() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  HostFile(const HostFile&) = delete;
  HostFile& operator=(const HostFile&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path dir_, path_;
};

void show_settings(const Machine& machine) {
  const SmpiConfiguration configuration = smpi_configuration(machine);
  show("{}", wrapped(fmt::format("{} at {} nodes, as SMPI settings:", machine.name(), machine.nodes()), 0));
  for (const SmpiSetting& s : configuration.settings)
    show("{}", wrapped(fmt::format("--cfg={}:{}  ({})", s.key, s.value, s.why), 2));
  show("what SMPI cannot express:\n");
  for (const std::string& sentence : configuration.not_expressed) show("{}", wrapped("- " + sentence, 2));
}

// smpirun's exit status, or an error for a run it did not finish.
int run_smpirun(const MpiOptions& o, const PlatformRequest& request) {
  if (o.smpirun_args.empty())
    throw Error("mcsim mpi", "give smpirun's arguments after --, e.g. mcsim mpi --machine cm5 --nodes 32 -- -np 32 "
                             "./a.out");
  const fs::path library = platform_library();
  const HostFile hosts(request.machine.nodes);
  std::vector<std::string> args = {"smpirun", "-platform", library.string(), "-hostfile", hosts.path().string()};
  args.insert(args.end(), o.smpirun_args.begin(), o.smpirun_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const auto environment = request_environment(request);
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t child = ::fork();
  if (child < 0) throw Error("mcsim mpi", fmt::format("cannot start smpirun: {}", std::strerror(errno)));
  if (child == 0) {
    for (const auto& [name, value] : environment) ::setenv(name.c_str(), value.c_str(), 1);
    ::execvp("smpirun", argv.data());
    const std::string line = fmt::format("mcsim: error: smpirun: cannot run it ({}); SimGrid's SMPI tools come with "
                                         "libsimgrid-dev (tools/install-deps.sh)\n",
                                         std::strerror(errno));
    (void)!::write(2, line.data(), line.size());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0)
    if (errno != EINTR) throw Error("mcsim mpi", fmt::format("waiting for smpirun: {}", std::strerror(errno)));
  if (WIFSIGNALED(status)) throw Error("smpirun", fmt::format("ended by signal {}", WTERMSIG(status)));
  return WEXITSTATUS(status);
}

}  // namespace

void add_mpi_command(CLI::App& app) {
  static MpiOptions o;
  auto* cmd = app.add_subcommand(
      "mpi",
      "Run an MPI program on a machine with SimGrid's SMPI: the machine built as every command builds it, "
      "its message library as SMPI settings (docs/mpi.md). Compile the program with smpicc, then: mcsim mpi "
      "--machine cm5 --nodes 32 -- -np 32 ./a.out");
  cmd->add_option("--machine", o.machine, machine_option_help)->required();
  cmd->add_option("--nodes", o.nodes, "Node count (default: the count `mcsim list machines` lists)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--machine-option", o.machine_options, "A machine option key=value (repeatable)")
      ->allow_extra_args(false);  // one value each: a "--" after it still starts smpirun's arguments
  cmd->add_flag("--approximate-switching", o.approximate_switching,
                "Run a circuit, wormhole or store-and-forward machine as flows (docs/mpi.md gives the error)");
  cmd->add_option("--seed", o.seed, "Seed of randomised routes (the CM-5's up-links)")->capture_default_str();
  cmd->add_flag("--show-settings", o.show_settings,
                "Print the SMPI settings of the machine's library and what SMPI cannot express; run nothing");
  cmd->add_option("smpirun-args", o.smpirun_args, "After --: smpirun's arguments (-np, --cfg=..., the program)");
  cmd->callback([] {
    PlatformRequest request{{o.machine, o.nodes, {}}, o.approximate_switching, o.seed};
    for (const auto& option : o.machine_options) set_machine_option(request.machine, option);
    const MachineFile file = read_machine(request.machine);
    if (request.machine.nodes == 0) request.machine.nodes = listed_nodes(file);
    const auto machine = make_machine(request.machine);  // every check the builder makes, here
    if (auto why = switching_beyond_smpi(*machine); why && !o.approximate_switching)
      throw Error("--machine", *why + "; give --approximate-switching to run it so");
    if (o.show_settings) return show_settings(*machine);
    request.machine.name = fs::absolute(file.path).lexically_normal().string();  // the library reads this file
    if (const int status = run_smpirun(o, request); status != 0) {
      std::fflush(stdout);
      std::exit(status);
    }
  });
}

}  // namespace mcsim::cli
