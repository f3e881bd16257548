#include "isolated.hpp"

#include <poll.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <thread>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {
namespace {

// Child to parent: one status byte ('O' result follows, 'E' error text follows), then the text.
struct Child {
  pid_t pid = -1;
  int fd = -1;
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

[[noreturn]] void run_child(int fd, std::size_t index, const std::function<std::string(std::size_t)>& task) {
  std::string message;
  int code = 0;
  try {
    message = fmt::format("O{}", task(index));
  } catch (const std::exception& e) {
    message = fmt::format("E{}", e.what());
    code = 3;
  }
  write_all(fd, message.data(), message.size());
  ::close(fd);
  std::fflush(nullptr);
  _exit(code);
}

}  // namespace

int default_workers() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<std::string> run_isolated(std::size_t task_count, const std::function<std::string(std::size_t)>& task,
                                      int workers, const TaskProgress& progress) {
  std::vector<std::string> results(task_count);
  std::vector<Child> running;
  std::size_t next = 0, done = 0;
  std::string failure;
  workers = std::max(1, workers);
  std::fflush(nullptr);  // nothing buffered may be written twice by a child

  while ((next < task_count && failure.empty()) || !running.empty()) {
    while (next < task_count && failure.empty() && static_cast<int>(running.size()) < workers) {
      int fds[2];
      if (::pipe(fds) != 0) throw Error("simulation", std::string("cannot create a pipe: ") + std::strerror(errno));
      const pid_t pid = ::fork();
      if (pid < 0) throw Error("simulation", std::string("cannot fork: ") + std::strerror(errno));
      if (pid == 0) {
        ::close(fds[0]);
        for (const Child& c : running) ::close(c.fd);
        run_child(fds[1], next, task);
      }
      ::close(fds[1]);
      running.push_back({pid, fds[0], next, {}});
      ++next;
    }

    std::vector<pollfd> polls;
    for (const Child& c : running) polls.push_back({c.fd, POLLIN, 0});
    if (::poll(polls.data(), polls.size(), -1) < 0 && errno != EINTR)
      throw Error("simulation", std::string("poll failed: ") + std::strerror(errno));

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
      ::waitpid(c.pid, &status, 0);
      if (!c.received.empty() && c.received[0] == 'O' && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        results[c.task] = c.received.substr(1);
      } else if (failure.empty()) {
        if (!c.received.empty() && c.received[0] == 'E')
          failure = c.received.substr(1);
        else if (WIFSIGNALED(status))
          failure = fmt::format("simulation task {}: the simulation process died of signal {} ({})", c.task,
                                WTERMSIG(status), strsignal(WTERMSIG(status)));
        else
          failure = fmt::format("simulation task {}: the simulation process exited with status {}", c.task,
                                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
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
