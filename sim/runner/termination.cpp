#include "termination.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <string>

#include "../core/error.hpp"

namespace mcsim {

namespace {

// Read by the signal handler: only lock-free atomics and memory that is complete before it is
// published.
constexpr std::size_t kMaxChildren = 4096;
std::array<std::atomic<pid_t>, kMaxChildren> tracked_children{};
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// The temporaries, newest first, in a list without a fixed length (a report writes one per file).
// A node is complete before one atomic store links it in, and it is unlinked (one store) and freed
// only while the termination signals are held, so the handler, which runs on the one thread that
// tracks, finds the list either before or after a change, never in the middle of one. Newest
// first: a file inside a temporary directory goes before the directory.
struct TemporaryNode {
  std::atomic<TemporaryNode*> next{nullptr};
  std::string path;  // not changed while linked
};
std::atomic<TemporaryNode*> temporaries{nullptr};

extern "C" void on_termination_signal(int signal) {
  for (auto& slot : tracked_children)
    if (const pid_t pid = slot.load(); pid > 0) ::kill(pid, SIGKILL);
  for (auto& slot : tracked_children)
    if (const pid_t pid = slot.load(); pid > 0) ::waitpid(pid, nullptr, 0);
  for (const TemporaryNode* node = temporaries.load(); node; node = node->next.load())
    if (::unlink(node->path.c_str()) != 0) ::rmdir(node->path.c_str());
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

void track_temporary(const std::string& path) {
  auto* node = new TemporaryNode;
  node->path = path;
  const TerminationSignalsHeld held;
  node->next.store(temporaries.load());
  temporaries.store(node);
}

void untrack_temporary(const std::string& path) {
  const TerminationSignalsHeld held;
  for (std::atomic<TemporaryNode*>* link = &temporaries; TemporaryNode* node = link->load(); link = &node->next)
    if (node->path == path) {
      link->store(node->next.load());
      delete node;
      return;
    }
}

}  // namespace mcsim
