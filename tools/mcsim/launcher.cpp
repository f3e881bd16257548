// The `mcsim` binary: loads libmcsim-commands.so (every command: command_line.hpp) from beside
// itself and runs it. That library links SimGrid, whose Debian build pulls in 16 ns-3 libraries:
// loading them and running their static initialisers costs about 25 ms before any command starts
// (docs/speed.md, "Start-up"). `mcsim --version` needs none of it and answers here.
#include <dlfcn.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "command_line.hpp"

namespace {

int fail(const std::string& line) {
  std::fflush(stdout);
  std::fprintf(stderr, "mcsim: error: %s\n", line.c_str());
  return 2;
}

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
    errno = 0;
    if (std::puts(MCSIM_VERSION) < 0 || std::fflush(stdout) != 0)
      return fail(std::string("standard output: writing failed") + (errno != 0 ? std::string(": ") + std::strerror(errno) : ""));
    return 0;
  }
  std::string problem;
  const std::filesystem::path library = commands_library(problem);
  if (!problem.empty()) return fail(problem);
  // Lazy binding, as the linker gives an executable: a symbol is resolved when first called.
  void* commands = ::dlopen(library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (commands == nullptr)
    return fail(library.string() + ": cannot load mcsim's commands (" + ::dlerror() + "); build the target mcsim, or install mcsim");
  const auto command_line = reinterpret_cast<int (*)(int, char**)>(::dlsym(commands, mcsim::cli::command_line_symbol));
  if (command_line == nullptr) return fail(library.string() + ": has no " + mcsim::cli::command_line_symbol + " (another version of mcsim?)");
  return command_line(argc, argv);
}
