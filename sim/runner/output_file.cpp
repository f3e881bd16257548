#include "output_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "termination.hpp"

namespace mcsim {

namespace {

namespace fs = std::filesystem;

std::string system_error(const std::string& doing) { return fmt::format("{}: {}", doing, std::strerror(errno)); }

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

// How a target is written.
enum class Way { replace, write_through };

struct Target {
  std::string given;     // as the user wrote it (for messages)
  fs::path file;         // the regular file to replace, or the node to write through
  Way way = Way::replace;
};

// The longest file name the file systems mcsim writes to take (NAME_MAX on Linux).
constexpr std::size_t longest_file_name = 255;

Target classify(const std::string& path) {
  if (path.empty()) throw Error("output", "an empty path names no file");
  // "DIR/" names a directory: without this, DIR was created and the rename into it failed only
  // once every simulation had run.
  if (path.ends_with('/')) throw Error(path, "ends with '/': it names a directory, not a file to write");
  Target t{path, fs::path(path)};
  if (t.file.filename().string().size() > longest_file_name)
    throw Error(path, fmt::format("its file name is longer than {} bytes", longest_file_name));
  struct stat followed {}, own {};
  const bool exists = ::stat(path.c_str(), &followed) == 0;
  const bool is_link = ::lstat(path.c_str(), &own) == 0 && S_ISLNK(own.st_mode);
  if (!exists) {
    if (is_link) throw Error(path, "is a symbolic link to a missing file; refusing to write through it");
    return t;  // a new file
  }
  if (S_ISDIR(followed.st_mode)) throw Error(path, "is a directory, not a file to write");
  if (!S_ISREG(followed.st_mode)) {
    t.way = Way::write_through;  // a device, FIFO or socket: written, never replaced
    return t;
  }
  if (is_link) {
    // /dev/stdout and /proc/self/fd/N name an open file of this process: write through them, as
    // the shell that opened it expects. Any other link keeps its place; its file is replaced.
    if (path.starts_with("/dev/") || path.starts_with("/proc/")) {
      t.way = Way::write_through;
      return t;
    }
    // A link someone else made (in a shared directory, e.g. a Slurm job's) would choose which of
    // this user's files is replaced: followed only if this user made it (as the kernel's
    // protected_symlinks does in sticky directories).
    if (own.st_uid != ::geteuid())
      throw Error(path, fmt::format("is a symbolic link owned by another user (uid {}); refusing to write through it",
                                    own.st_uid));
    std::error_code ec;
    t.file = fs::canonical(path, ec);
    if (ec) throw Error(path, "cannot resolve the symbolic link: " + ec.message());
  }
  return t;
}

void write_through(const Target& t, const std::string& text) {
  struct stat info {};
  const bool regular = ::stat(t.given.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  // O_NONBLOCK: a FIFO that no program reads is refused at once instead of waiting for ever
  // (ENXIO); the writes then block as usual.
  const int fd = ::open(t.given.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | (regular ? O_TRUNC : 0));
  if (fd < 0 && errno == ENXIO && S_ISFIFO(info.st_mode)) throw Error(t.given, "is a FIFO that no program is reading");
  if (fd < 0) throw Error(t.given, system_error("cannot open for writing"));
  try {
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

// A complete temporary file beside t.file; returns its path.
std::string write_temporary(const Target& t, const std::string& text) {
  const fs::path dir = t.file.has_parent_path() ? t.file.parent_path() : fs::path(".");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error(t.given, "cannot create the directory: " + ec.message());
  // ".NAME.partial-XXXXXX" is 16 bytes longer than NAME: a long NAME is cut (its start kept, which
  // says whose temporary it is) so that every name the target may have gives a temporary.
  const std::string name_start = t.file.filename().string().substr(0, longest_file_name - 16);
  std::string name = (dir / fmt::format(".{}.partial-XXXXXX", name_start)).string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) throw Error(t.given, system_error("cannot create a file in " + dir.string()));
  track_temporary(name);
  try {
    write_all(fd, text, t.given);
    if (::fchmod(fd, new_file_mode()) != 0) throw Error(t.given, system_error("cannot set the file's mode"));
    if (::fsync(fd) != 0) throw Error(t.given, system_error("writing the file failed"));
  } catch (...) {
    ::close(fd);
    ::unlink(name.c_str());
    untrack_temporary(name);
    throw;
  }
  if (::close(fd) != 0) {
    ::unlink(name.c_str());
    untrack_temporary(name);
    throw Error(t.given, system_error("writing the file failed"));
  }
  return name;
}

// Which file a target is: its device and inode when it exists, else its absolute path with the
// links of its existing part resolved. Two targets with one identity are one file.
std::string identity(const Target& t) {
  struct stat info {};
  if (::stat(t.given.c_str(), &info) == 0) return fmt::format("inode {}:{}", info.st_dev, info.st_ino);
  std::error_code ec;
  fs::path absolute = fs::absolute(t.file, ec);
  if (ec) absolute = t.file;
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  return fmt::format("path {}", (ec ? absolute.lexically_normal() : resolved).string());
}

// Every path classified; two naming one file are refused (the second would replace the first).
std::vector<Target> classify_all(const std::vector<std::string>& paths) {
  std::vector<Target> targets;
  std::map<std::string, std::string> seen;  // identity -> the path that named it first
  for (const auto& path : paths) {
    targets.push_back(classify(path));
    const auto [it, fresh] = seen.emplace(identity(targets.back()), path);
    if (fresh) continue;
    if (it->second == path) throw Error(path, "two outputs of this run would be written to this one file");
    throw Error(path, fmt::format("is the same file as {}: two outputs of this run would be written to it",
                                  it->second));
  }
  return targets;
}

// Where a temporary file beside t.file would be made: the nearest existing ancestor must be a
// directory this process may create files (and directories) in.
void check_place(const Target& t) {
  if (t.way == Way::write_through) return;
  fs::path dir = t.file.has_parent_path() ? t.file.parent_path() : fs::path(".");
  for (;;) {
    struct stat info {};
    if (::stat(dir.c_str(), &info) == 0) {
      if (!S_ISDIR(info.st_mode)) throw Error(t.given, fmt::format("{} is not a directory", dir.string()));
      if (::access(dir.c_str(), W_OK | X_OK) != 0)
        throw Error(t.given, system_error("cannot create files in " + dir.string()));
      return;
    }
    // Missing, or below a file (ENOTDIR): the ancestor that is there says which.
    if (errno != ENOENT && errno != ENOTDIR) throw Error(t.given, system_error("cannot reach " + dir.string()));
    if (dir == "." || dir.parent_path() == dir) return;
    dir = dir.has_parent_path() ? dir.parent_path() : fs::path(".");  // a relative path's top: the working directory
  }
}

}  // namespace

void check_output_paths(const std::vector<std::string>& paths) {
  for (const Target& t : classify_all(paths)) check_place(t);
}

bool is_written_through(const std::string& path) { return classify(path).way == Way::write_through; }

void check_files_beside(const std::string& path) {
  if (is_written_through(path))
    throw Error(path, "is not a file of its own (a device, a FIFO, /dev/stdout): this run also writes files named "
                      "after it (NAME.svg, ...) beside it; give a file in a directory");
}

void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> paths;
  for (const auto& [path, text] : files) paths.push_back(path);
  const std::vector<Target> targets = classify_all(paths);
  std::vector<std::string> temporaries(files.size());
  const auto discard_temporaries = [&](std::size_t from) {
    for (std::size_t j = from; j < files.size(); ++j)
      if (!temporaries[j].empty()) ::unlink(temporaries[j].c_str()), untrack_temporary(temporaries[j]);
  };
  try {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (targets[i].way == Way::replace) temporaries[i] = write_temporary(targets[i], files[i].second);
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
    if (::rename(temporaries[i].c_str(), targets[i].file.c_str()) != 0) {
      const std::string problem = system_error("cannot move the finished file into place");
      discard_temporaries(i);
      throw Error(targets[i].given, problem);
    }
    untrack_temporary(temporaries[i]);
  }
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
