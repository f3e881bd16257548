// A preload library for the check of the test labels (check_labels.cmake): loaded with
// LD_PRELOAD, it appends one line to the file named by MCSIM_LABEL_PROBE when the process makes a
// SimGrid engine ("engine": the test runs a simulation, maybe in a child it forked) or when the
// process is the mcsim binary ("cli": the test runs mcsim). A test labelled unit must leave the
// file empty.
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace {

void note(const char* what) {
  const char* path = std::getenv("MCSIM_LABEL_PROBE");
  if (path == nullptr) return;
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  const std::string line = std::string(what) + "\n";
  (void)!::write(fd, line.data(), line.size());
  ::close(fd);
}

__attribute__((constructor)) void note_the_mcsim_binary() {
  std::error_code error;
  if (std::filesystem::read_symlink("/proc/self/exe", error).filename() == "mcsim") note("cli");
}

}  // namespace

// simgrid::s4u::Engine::Engine(int*, char**), the only way mcsim and its tests make an engine:
// noted, then handed to SimGrid's own (the next definition of the symbol after this library).
extern "C" void _ZN7simgrid3s4u6EngineC1EPiPPc(void* self, int* argc, char** argv) {
  note("engine");
  using Constructor = void (*)(void*, int*, char**);
  static const auto simgrid_constructor =
      reinterpret_cast<Constructor>(::dlsym(RTLD_NEXT, "_ZN7simgrid3s4u6EngineC1EPiPPc"));
  simgrid_constructor(self, argc, argv);
}
