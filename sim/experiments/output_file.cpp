#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../engine/termination.hpp"

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

Target classify(const std::string& path) {
  Target t{path, fs::path(path)};
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
    std::error_code ec;
    t.file = fs::canonical(path, ec);
    if (ec) throw Error(path, "cannot resolve the symbolic link: " + ec.message());
  }
  return t;
}

void write_through(const Target& t, const std::string& text) {
  struct stat info {};
  const bool regular = ::stat(t.given.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  const int fd = ::open(t.given.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | (regular ? O_TRUNC : 0));
  if (fd < 0) throw Error(t.given, system_error("cannot open for writing"));
  try {
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
  std::string name = (dir / ("." + t.file.filename().string() + ".partial-XXXXXX")).string();
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

}  // namespace

void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<Target> targets;
  for (const auto& [path, text] : files) targets.push_back(classify(path));
  std::vector<std::string> temporaries(files.size());
  try {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (targets[i].way == Way::replace) temporaries[i] = write_temporary(targets[i], files[i].second);
  } catch (...) {
    for (const auto& name : temporaries)
      if (!name.empty()) ::unlink(name.c_str()), untrack_temporary(name);
    throw;
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (targets[i].way == Way::write_through) {
      write_through(targets[i], files[i].second);
      continue;
    }
    if (::rename(temporaries[i].c_str(), targets[i].file.c_str()) != 0) {
      const std::string problem = system_error("cannot move the finished file into place");
      for (std::size_t j = i; j < files.size(); ++j)
        if (!temporaries[j].empty()) ::unlink(temporaries[j].c_str()), untrack_temporary(temporaries[j]);
      throw Error(targets[i].given, problem);
    }
    untrack_temporary(temporaries[i]);
  }
}

void write_file_atomically(const std::string& path, const std::string& text) { write_files_atomically({{path, text}}); }

}  // namespace mcsim
