#include "output_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "output_target.hpp"
#include "termination.hpp"

namespace mcsim {

// Where each output goes is found and checked in output_target.cpp; here it is written.
using namespace output_target;

namespace {

namespace fs = std::filesystem;

void write_all(int fd, const std::string& text, const std::string& path) {
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(path, system_error("writing the file failed"));
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
}

void write_through(const Target& t, const std::string& text) {
  if (t.own_fd >= 0) {
    // At the descriptor's own offset, after what this process printed to it so far (and never
    // emptied: the shell's `>` did that, and `>>` asked for appending).
    std::cout.flush();
    std::fflush(nullptr);
    write_all(t.own_fd, text, t.given);
    return;
  }
  // O_NONBLOCK: a FIFO that no program reads is refused at once instead of waiting for ever
  // (ENXIO); the writes then block as usual.
  constexpr int flags = O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
  int fd = -1;
  if (t.open_file_link) {
    fd = ::open(t.file.c_str(), flags);  // /proc/PID/fd/N: this process's own open file, followed
  } else {
    // A device or FIFO: opened in the directory that was checked, never through a link put there since.
    const int dir = open_checked_directory(t.file.parent_path(), t.given, nullptr);
    fd = ::openat(dir, t.file.filename().c_str(), flags | O_NOFOLLOW);
    const int error = errno;
    ::close(dir);
    errno = error;
  }
  struct stat info {};
  if (fd < 0 && errno == ENXIO && ::stat(t.file.c_str(), &info) == 0 && S_ISFIFO(info.st_mode))
    throw Error(t.given, "is a FIFO that no program is reading");
  if (fd < 0 && errno == ELOOP)
    throw Error(t.given, "became a symbolic link after the path was checked; refusing to write through it");
  if (fd < 0) throw Error(t.given, system_error("cannot open for writing"));
  try {
    // What was opened decides (a shell's `> file` behind /dev/stdout is emptied first), not a stat
    // of the name before the open.
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && ::ftruncate(fd, 0) != 0)
      throw Error(t.given, system_error("cannot empty the file"));
    if (const int flags = ::fcntl(fd, F_GETFL); flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
      throw Error(t.given, system_error("cannot open for writing"));
    write_all(fd, text, t.given);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw Error(t.given, system_error("writing the file failed"));
}

mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// A name for a temporary beside `name_start`: ".NAME.partial-XXXXXX", the X random.
std::string temporary_name(const std::string& name_start) {
  static constexpr char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static std::random_device random;
  std::string name = fmt::format(".{}.partial-", name_start);
  for (int k = 0; k < 6; ++k) name += letters[random() % (sizeof letters - 1)];
  return name;
}

// A complete temporary file, made in the checked directory of its target (Temporary::dir).
struct Temporary {
  int dir = -1;      // the target's directory, reached by open_checked_directory
  std::string name;  // in dir
  std::string path;  // dir's path / name: for the signal handler, which can only name it
};

void discard(Temporary& t) {
  if (t.dir < 0) return;
  if (!t.name.empty()) ::unlinkat(t.dir, t.name.c_str(), 0), untrack_temporary(t.path);
  ::close(t.dir);
  t.dir = -1;
}

// A complete temporary file beside t.file. Directories it made go to `made`.
Temporary write_temporary(const Target& t, const std::string& text, std::vector<std::string>& made) {
  const fs::path dir = t.file.parent_path();  // resolve() made t.file absolute
  Temporary tmp;
  tmp.dir = open_checked_directory(dir, t.given, &made);
  // ".NAME.partial-XXXXXX" is 16 bytes longer than NAME: a long NAME is cut (its start kept, which
  // says whose temporary it is) so that every name the target may have gives a temporary.
  const std::string name_start = t.file.filename().string().substr(0, longest_file_name - 16);
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    tmp.name = temporary_name(name_start);
    fd = ::openat(tmp.dir, tmp.name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    const std::string problem = system_error("cannot create a file in " + dir.string());
    tmp.name.clear();
    discard(tmp);
    throw Error(t.given, problem);
  }
  tmp.path = (dir / tmp.name).string();
  track_temporary(tmp.path);
  try {
    write_all(fd, text, t.given);
    if (::fchmod(fd, new_file_mode()) != 0) throw Error(t.given, system_error("cannot set the file's mode"));
    if (::fsync(fd) != 0) throw Error(t.given, system_error("writing the file failed"));
  } catch (...) {
    ::close(fd);
    discard(tmp);
    throw;
  }
  if (::close(fd) != 0) {
    const std::string problem = system_error("writing the file failed");
    discard(tmp);
    throw Error(t.given, problem);
  }
  return tmp;
}

}  // namespace

void check_output_paths(const std::vector<std::string>& paths) {
  for (const Target& t : classify_all(paths)) check_place(t);
}

bool is_written_through(const std::string& path) { return classify(path).way == Way::write_through; }

bool is_standard_output(const std::string& path) { return classify(path).own_fd == STDOUT_FILENO; }

void refuse_replacing(const std::vector<std::string>& paths, const std::string& allow) {
  for (const Target& t : classify_all(paths)) {
    if (!t.present) continue;  // a new file, or a device or FIFO written through
    throw Error(t.given, fmt::format("is already there (an earlier run's output?); give {} to replace it, or -o another "
                                     "name",
                                     allow));
  }
}

void check_files_beside(const std::string& path) {
  if (is_written_through(path))
    throw Error(path, "is not a file of its own (a device, a FIFO, /dev/stdout): this run also writes files named "
                      "after it (NAME.svg, ...) beside it; give a file in a directory");
}

void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> paths;
  for (const auto& [path, text] : files) paths.push_back(path);
  const std::vector<Target> targets = classify_all(paths);
  std::vector<Temporary> temporaries(files.size());
  std::vector<std::string> made_directories;
  const auto discard_temporaries = [&](std::size_t from) {
    for (std::size_t j = from; j < files.size(); ++j) discard(temporaries[j]);
    // Innermost first; one that holds a file already in place stays (rmdir removes only empty ones).
    for (auto it = made_directories.rbegin(); it != made_directories.rend(); ++it)
      ::rmdir(it->c_str()), untrack_temporary(*it);
  };
  try {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (targets[i].way == Way::replace) temporaries[i] = write_temporary(targets[i], files[i].second, made_directories);
    // Devices and FIFOs next (/dev/full, a FIFO nobody reads fail here): a failure leaves no file
    // renamed into place and no temporary.
    for (std::size_t i = 0; i < files.size(); ++i)
      if (targets[i].way == Way::write_through) write_through(targets[i], files[i].second);
  } catch (...) {
    discard_temporaries(0);
    throw;
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (targets[i].way == Way::write_through) continue;
    Temporary& tmp = temporaries[i];
    // Within the directory checked: a link put at a directory's name since cannot move the file.
    if (::renameat(tmp.dir, tmp.name.c_str(), tmp.dir, targets[i].file.filename().c_str()) != 0) {
      const std::string problem = system_error("cannot move the finished file into place");
      discard_temporaries(i);
      throw Error(targets[i].given, problem);
    }
    untrack_temporary(tmp.path);
    ::close(tmp.dir);
    tmp.dir = -1;
  }
  for (const auto& made : made_directories) untrack_temporary(made);  // they hold their files now
}

void write_file_atomically(const std::string& path, const std::string& text) { write_files_atomically({{path, text}}); }

CapturedOutput::CapturedOutput(std::string target) : target_(std::move(target)) {
  fd_ = ::memfd_create("mcsim-captured-output", MFD_CLOEXEC);  // forked children keep it; gnuplot does not get it
  if (fd_ < 0) throw Error(target_, system_error("cannot make a file in memory for it"));
  writer_path_ = fmt::format("/proc/self/fd/{}", fd_);
}

CapturedOutput::~CapturedOutput() {
  if (fd_ >= 0) ::close(fd_);
}

std::string CapturedOutput::text() const {
  struct stat info {};
  if (::fstat(fd_, &info) != 0) throw Error(target_, system_error("cannot read what was written"));
  const auto size = static_cast<std::size_t>(info.st_size);
  if (size == 0) throw Error(target_, "nothing was written to it");
  // A write beyond the file-size limit fails (SIGXFSZ is ignored), and a writer that does not
  // check its writes leaves a file of exactly the limit: refused, as a file it would have cut.
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && size >= limit.rlim_cur)
    throw Error(target_, fmt::format("was cut short at the file-size limit of {} bytes (ulimit -f)", limit.rlim_cur));
  std::string text(size, '\0');
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::pread(fd_, text.data() + done, size - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw Error(target_, system_error("cannot read what was written"));
    done += static_cast<std::size_t>(n);
  }
  return text;
}

}  // namespace mcsim
