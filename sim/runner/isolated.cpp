#include "isolated.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../engine/actor_errors.hpp"
#include "child_output.hpp"
#include "termination.hpp"

namespace mcsim {
namespace {

// Child to parent: one status byte ('O' result follows, 'E' error text follows), then the text.
// The child's stderr goes to an anonymous file (`err`) that the parent reads when the child is done.
struct Child {
  pid_t pid = -1;
  int fd = -1;
  int err = -1;
  std::size_t task = 0;
  std::string received;
};

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      _exit(4);
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

// The result channel of the task this process runs (run_child sets it; none outside a task's process).
struct TaskChannel {
  int fd = -1;
  std::size_t task = 0;
  bool error_sent = false;
};
TaskChannel& task_channel() {
  static TaskChannel channel;
  return channel;
}

// An error as the user reads it: mcsim's own as it is; another library's (SimGrid's may run to a
// hundred lines) by its first line, with the task it came from.
std::string error_text(const std::exception_ptr& error, std::size_t task) {
  try {
    std::rethrow_exception(error);
  } catch (const Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    const std::string what = e.what();
    return fmt::format("simulation task {}: {}", task, what.substr(0, what.find('\n')));
  } catch (...) {
    return fmt::format("simulation task {}: an unknown exception", task);
  }
}

[[noreturn]] void run_child(int fd, std::size_t index, std::size_t number,
                           const std::function<std::string(std::size_t)>& task) {
  task_channel() = {fd, number, false};
  observe_first_actor_error(&send_task_error);  // a simulation's first error reaches the parent at once
  int code = 3;
  try {
    const std::string message = fmt::format("O{}", task(index));
    if (!task_channel().error_sent) {  // else its simulation failed, and the parent has the error already
      write_all(fd, message.data(), message.size());
      code = 0;
    }
  } catch (...) {
    send_task_error(std::current_exception());
  }
  ::close(fd);
  std::fflush(nullptr);
  _exit(code);
}

}  // namespace

void send_task_error(std::exception_ptr error) {
  TaskChannel& channel = task_channel();
  if (channel.fd < 0 || channel.error_sent) return;
  channel.error_sent = true;
  std::string message = "E";  // appended, not "E" + text: GCC 12 warns falsely on that (-Wrestrict, GCC bug 105329)
  message += error_text(error, channel.task);
  write_all(channel.fd, message.data(), message.size());
}

int default_workers() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<std::string> run_isolated(std::size_t task_count, const std::function<std::string(std::size_t)>& task,
                                      int workers, const TaskProgress& progress, const TaskNumber& task_number) {
  const auto number = [&](std::size_t k) { return task_number ? task_number(k) : k; };
  std::vector<std::string> results(task_count);
  std::vector<Child> running;
  std::size_t next = 0, done = 0;
  std::string failure;
  workers = std::max(1, workers);
  std::fflush(nullptr);  // nothing buffered may be written twice by a child

  while ((next < task_count && failure.empty()) || !running.empty()) {
    while (next < task_count && failure.empty() && static_cast<int>(running.size()) < workers) {
      int fds[2];
      if (::pipe2(fds, O_CLOEXEC) != 0)
        throw Error("simulation", std::string("cannot create a pipe: ") + std::strerror(errno));
      const int err = ::memfd_create("mcsim-task-stderr", MFD_CLOEXEC);
      if (err < 0) throw Error("simulation", std::string("cannot create a file for stderr: ") + std::strerror(errno));
      const pid_t parent = ::getpid();
      const TerminationSignalsHeld held;
      const pid_t pid = ::fork();
      if (pid < 0) throw Error("simulation", std::string("cannot fork: ") + std::strerror(errno));
      if (pid == 0) {
        prepare_child_process(parent);
        ::close(fds[0]);
        for (const Child& c : running) ::close(c.fd), ::close(c.err);
        ::dup2(err, STDERR_FILENO);
        ::close(err);
        run_child(fds[1], next, number(next), task);
      }
      ::close(fds[1]);
      track_child(pid);
      running.push_back({pid, fds[0], err, next, {}});
      ++next;
    }

    std::vector<pollfd> polls;
    for (const Child& c : running) polls.push_back({c.fd, POLLIN, 0});
    // With a progress display, a wait longer than a second calls it back with nothing new, so that
    // a long task still shows the run alive (tools/mcsim/progress.hpp paces the lines).
    const int ready = ::poll(polls.data(), polls.size(), progress ? 1000 : -1);
    if (ready < 0 && errno != EINTR)
      throw Error("simulation", std::string("poll failed: ") + std::strerror(errno));
    if (ready == 0) progress(done, task_count);

    for (std::size_t i = 0; i < running.size();) {
      Child& c = running[i];
      if (!(polls[i].revents & (POLLIN | POLLHUP | POLLERR))) {
        ++i;
        continue;
      }
      char buffer[65536];
      const ssize_t n = ::read(c.fd, buffer, sizeof buffer);
      if (n > 0) {
        c.received.append(buffer, static_cast<std::size_t>(n));
        ++i;
        continue;
      }
      if (n < 0 && errno == EINTR) {
        ++i;
        continue;
      }
      // End of the pipe: the child is done.
      ::close(c.fd);
      int status = 0;
      while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
      }
      untrack_child(c.pid);
      const std::string err = read_from_start(c.err);
      ::close(c.err);
      const bool ok = !c.received.empty() && c.received[0] == 'O' && WIFEXITED(status) && WEXITSTATUS(status) == 0;
      // What a task wrote on stderr (SimGrid warnings, MCSIM_SIMGRID_LOG) is passed on when it
      // succeeded or when a log was asked for; a failure is reported in one line below.
      if (!err.empty() && (ok || std::getenv("MCSIM_SIMGRID_LOG"))) std::fwrite(err.data(), 1, err.size(), stderr);
      if (ok) {
        results[c.task] = c.received.substr(1);
      } else if (failure.empty()) {
        const std::string said = failure_line(err);
        if (!c.received.empty() && c.received[0] == 'E')
          failure = c.received.substr(1);
        else if (WIFSIGNALED(status))
          failure = fmt::format("simulation task {}: {}{}the simulation process died of signal {} ({})",
                                number(c.task), said,
                                said.empty() ? "" : " (", WTERMSIG(status), strsignal(WTERMSIG(status)));
        else
          failure = fmt::format("simulation task {}: {}{}the simulation process exited with status {}",
                                number(c.task), said,
                                said.empty() ? "" : " (", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        if (!said.empty()) failure += ")";
        // The run has failed: the other tasks' results would be thrown away, so stop them now.
        for (const Child& other : running)
          if (other.pid != c.pid) ::kill(other.pid, SIGKILL);
      }
      ++done;
      if (progress) progress(done, task_count);
      polls.erase(polls.begin() + static_cast<std::ptrdiff_t>(i));
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  if (!failure.empty()) throw Error("", failure);
  return results;
}

}  // namespace mcsim
