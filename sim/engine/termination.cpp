#include "termination.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>

#include "../core/error.hpp"

namespace mcsim {

namespace {

// Read by the signal handler: only lock-free atomics and a fixed buffer.
constexpr std::size_t kMaxChildren = 4096;
std::array<std::atomic<pid_t>, kMaxChildren> tracked_children{};
struct TemporarySlot {
  char path[4096];
  std::atomic<bool> set{false};
};
std::array<TemporarySlot, 16> temporaries;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void on_termination_signal(int signal) {
  for (auto& slot : tracked_children)
    if (const pid_t pid = slot.load(); pid > 0) ::kill(pid, SIGKILL);
  for (auto& slot : tracked_children)
    if (const pid_t pid = slot.load(); pid > 0) ::waitpid(pid, nullptr, 0);
  for (auto& slot : temporaries)
    if (slot.set.load() && ::unlink(slot.path) != 0) ::rmdir(slot.path);
  ::_exit(128 + signal);
}

}  // namespace

void install_termination_handlers() {
  struct sigaction action {};
  action.sa_handler = on_termination_signal;
  sigemptyset(&action.sa_mask);
  for (int s : kSignals) sigaddset(&action.sa_mask, s);  // one handler at a time
  for (int s : kSignals) ::sigaction(s, &action, nullptr);
  // A file-size limit (ulimit -f) makes write() fail with EFBIG, reported as an error, instead of
  // killing mcsim with a half-written temporary file.
  ::signal(SIGXFSZ, SIG_IGN);
}

TerminationSignalsHeld::TerminationSignalsHeld() {
  sigset_t held;
  sigemptyset(&held);
  for (int s : kSignals) sigaddset(&held, s);
  ::sigprocmask(SIG_BLOCK, &held, &previous_);
}

TerminationSignalsHeld::~TerminationSignalsHeld() { ::sigprocmask(SIG_SETMASK, &previous_, nullptr); }

void prepare_child_process(pid_t parent) {
  for (int s : kSignals) ::signal(s, SIG_DFL);
  sigset_t released;
  sigemptyset(&released);
  for (int s : kSignals) sigaddset(&released, s);
  ::sigprocmask(SIG_UNBLOCK, &released, nullptr);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before prctl took effect
}

void track_child(pid_t pid) {
  for (auto& slot : tracked_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  throw Error("mcsim", "too many child processes at once");
}

void untrack_child(pid_t pid) {
  for (auto& slot : tracked_children) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// Only the main thread tracks temporaries: a slot is written while it is not set.
void track_temporary(const std::string& path) {
  if (path.size() >= sizeof temporaries[0].path) return;
  for (auto& slot : temporaries)
    if (!slot.set.load()) {
      std::memcpy(slot.path, path.c_str(), path.size() + 1);
      slot.set.store(true);
      return;
    }
}

void untrack_temporary(const std::string& path) {
  for (auto& slot : temporaries)
    if (slot.set.load() && path == slot.path) {
      slot.set.store(false);
      return;
    }
}

}  // namespace mcsim
