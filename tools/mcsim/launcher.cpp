// The `mcsim` binary: loads libmcsim-commands.so (every command: command_line.hpp) from beside
// itself and runs it. That library links SimGrid, whose Debian build pulls in 16 ns-3 libraries:
// loading them and running their static initialisers costs about 25 ms before any command starts
// (docs/speed.md, "Start-up"). `mcsim --version` needs none of it and answers here.
#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "command_line.hpp"
#include "error_line.hpp"

namespace {

using mcsim::cli::finish_standard_output;
using mcsim::cli::report_error;

// bin/../lib/libmcsim-commands.so, in the build tree as installed (tools/CMakeLists.txt).
std::filesystem::path commands_library(std::string& problem) {
  std::error_code ec;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) problem = "cannot find the running binary (/proc/self/exe: " + ec.message() + ")";
  return (binary.parent_path() / MCSIM_COMMANDS_LIBRARY_FROM_BINARY).lexically_normal();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
    std::fputs(MCSIM_VERSION "\n", stdout);
    return finish_standard_output(0);
  }
  std::string problem;
  const std::filesystem::path library = commands_library(problem);
  if (!problem.empty()) return report_error(problem);
  // Lazy binding, as the linker gives an executable: a symbol is resolved when first called. Local:
  // the library exports its entry point alone; `mcsim --help` costs the same with RTLD_GLOBAL
  // (28.6-29.2 ms against 28.1-29.3 ms of CPU, perf stat -r 15, alternated).
  void* commands = ::dlopen(library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (commands == nullptr)
    return report_error(library.string() + ": cannot load mcsim's commands (" + ::dlerror() + "); build the target mcsim, or install mcsim");
  const auto command_line = reinterpret_cast<int (*)(int, char**)>(::dlsym(commands, mcsim::cli::command_line_symbol));
  if (command_line == nullptr) return report_error(library.string() + ": has no " + mcsim::cli::command_line_symbol + " (another version of mcsim?)");
  return command_line(argc, argv);
}
