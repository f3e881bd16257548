#include "output_target.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "termination.hpp"

namespace mcsim::output_target {

namespace fs = std::filesystem;

std::string system_error(const std::string& doing) { return fmt::format("{}: {}", doing, std::strerror(errno)); }

namespace {

// N when `link` is /proc/<this process>/fd/N and descriptor N is open for writing, else -1. Such an
// output (/dev/stdout -> /proc/self/fd/1) is written through N itself: opening the link anew
// would start at offset 0 of a file the shell redirected stdout to, so the CSV and what mcsim
// prints before or after it would overwrite one another.
int own_descriptor(const fs::path& link) {
  if (link.parent_path() != fs::path("/proc") / std::to_string(::getpid()) / "fd") return -1;
  const std::string name = link.filename().string();
  if (name.empty() || name.size() > 9 || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  const int fd = std::stoi(name);
  const int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && (flags & O_ACCMODE) != O_RDONLY ? fd : -1;
}

// A link crossed on the way to an output is followed only if this user or root made it: one
// another user made (in a shared directory, e.g. a Slurm job's or /dev/shm) would choose which of
// this user's files is replaced, as the kernel's protected_symlinks says in sticky directories.
// Every link of the path is judged, wherever the path is spelled from (/dev/shm/x, /dev/../dir/x,
// /proc/self/cwd/x), for the rule is about what the path reaches, not how it is written.
void check_link_owner(const std::string& given, const fs::path& link, const struct stat& own) {
  if (own.st_uid == ::geteuid() || own.st_uid == 0) return;
  throw Error(given, fmt::format("{}is a symbolic link owned by another user (uid {}); refusing to write through it",
                                 link.string() == given ? "" : link.string() + ", on the way to it, ", own.st_uid));
}

std::vector<std::string> components_of(const std::string& path) {
  std::vector<std::string> parts;
  for (std::size_t at = 0; at <= path.size();) {
    const auto slash = std::min(path.find('/', at), path.size());
    if (slash > at) parts.push_back(path.substr(at, slash - at));
    at = slash + 1;
  }
  return parts;
}

// Linux follows at most 40 links in one path (ELOOP); so does the walk.
constexpr int most_links = 40;

// What `path` reaches, found one component at a time as the kernel walks it, '..' taken from the
// directory reached so far (not from the spelling): every link crossed is judged by its owner and
// replaced by its target. A link in /proc to an open file of this process (/dev/stdout ->
// /proc/self/fd/1) names that open file, not a path: it is written through, as the shell that
// opened it expects.
Target resolve(const std::string& path) {
  Target t{path, {}};
  fs::path at = "/";
  if (!path.starts_with('/')) {
    std::error_code ec;
    at = fs::current_path(ec);
    if (ec) throw Error(path, "cannot find the working directory: " + ec.message());
  }
  std::vector<std::string> left = components_of(path);
  std::reverse(left.begin(), left.end());  // the next component is at the back
  int links = 0;
  // Components above this many left come from a link's target: one of them missing means the link
  // points nowhere (refused), not that a file is to be made.
  std::size_t link_parts_above = std::numeric_limits<std::size_t>::max();
  while (!left.empty()) {
    const bool from_link = left.size() > link_parts_above;
    if (!from_link) link_parts_above = std::numeric_limits<std::size_t>::max();
    const std::string part = left.back();
    left.pop_back();
    if (part == ".") continue;
    if (part == "..") {
      at = at.parent_path();
      continue;
    }
    const fs::path next = at / part;
    struct stat own {};
    if (::lstat(next.c_str(), &own) != 0) {
      if (errno == ENOTDIR) throw Error(path, fmt::format("{} is not a directory", at.string()));
      if (errno != ENOENT) throw Error(path, system_error("cannot reach " + next.string()));
      // Missing: the rest is made as written, below `at`; a '..' there would leave what was checked.
      if (from_link)
        throw Error(path, fmt::format("{} a symbolic link to a missing file; refusing to write through it",
                                      left.empty() ? "is" : "crosses"));
      t.file = next;
      for (auto it = left.rbegin(); it != left.rend(); ++it) {
        if (*it == "..") throw Error(path, fmt::format("goes up ('..') from {}, which does not exist", next.string()));
        if (*it != ".") t.file /= *it;
      }
      return t;
    }
    if (!S_ISLNK(own.st_mode)) {
      if (!left.empty() && !S_ISDIR(own.st_mode)) throw Error(path, fmt::format("{} is not a directory", next.string()));
      at = next;
      continue;
    }
    check_link_owner(path, next, own);
    if (++links > most_links) throw Error(path, fmt::format("crosses more than {} symbolic links (a loop of links?)", most_links));
    std::string target(PATH_MAX, '\0');
    const ssize_t n = ::readlink(next.c_str(), target.data(), target.size());
    if (n < 0) throw Error(path, system_error("cannot read the symbolic link " + next.string()));
    target.resize(static_cast<std::size_t>(n));
    struct statfs where {};
    const bool in_proc = ::statfs(at.c_str(), &where) == 0 && where.f_type == PROC_SUPER_MAGIC;
    if (in_proc && !target.starts_with('/') && target.find('/') == std::string::npos &&
        target.find(':') != std::string::npos) {
      // "pipe:[1234]", "socket:[...]": an open file that has no path, reached only by the link.
      if (!left.empty()) throw Error(path, fmt::format("{} is not a directory", next.string()));
      t.file = next;
      t.way = Way::write_through;
      t.open_file_link = true;
      t.own_fd = own_descriptor(next);
      return t;
    }
    if (in_proc && left.empty()) {
      // /proc/PID/fd/N naming a file, a terminal or a device: the open file itself.
      struct stat followed {};
      if (::stat(next.c_str(), &followed) == 0 && !S_ISDIR(followed.st_mode)) {
        t.file = next;
        t.way = Way::write_through;
        t.open_file_link = true;
        t.own_fd = own_descriptor(next);
        return t;
      }
    }
    if (target.starts_with('/')) at = "/";
    const auto more = components_of(target);
    link_parts_above = std::min(link_parts_above, left.size());
    left.insert(left.end(), more.rbegin(), more.rend());
  }
  t.file = at;
  return t;
}

// Which file a target is: its device and inode when it exists, else its resolved absolute path. Two targets with one identity are one file.
std::string identity(const Target& t) {
  struct stat info {};
  if (::stat(t.file.c_str(), &info) == 0) return fmt::format("inode {}:{}", info.st_dev, info.st_ino);
  return fmt::format("path {}", t.file.string());  // resolve() made it absolute, its links resolved
}

// Whether this process can make a file in `dir`, found by making one: access() answers yes to root
// everywhere (/proc included), so `--trace /proc/version` failed only after the simulation. An
// unnamed file (O_TMPFILE) leaves nothing behind; where the file system has none, a named one is
// made and removed at once.
bool can_create_in(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd >= 0) return ::close(fd), true;
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) return false;
  std::string name = (dir / ".mcsim-probe-XXXXXX").string();
  fd = ::mkstemp(name.data());
  if (fd < 0) return false;
  ::close(fd);
  ::unlink(name.c_str());
  return true;
}

}  // namespace

Target classify(const std::string& path) {
  if (path.empty()) throw Error("output", "an empty path names no file");
  // "DIR/" names a directory: without this, DIR was created and the rename into it failed only
  // once every simulation had run.
  if (path.ends_with('/')) throw Error(path, "ends with '/': it names a directory, not a file to write");
  if (fs::path(path).filename().string().size() > longest_file_name)
    throw Error(path, fmt::format("its file name is longer than {} bytes", longest_file_name));
  Target t = resolve(path);
  if (t.way == Way::write_through) return t;
  if (t.file.filename().string().size() > longest_file_name)
    throw Error(path, fmt::format("{}: its file name is longer than {} bytes", t.file.string(), longest_file_name));
  struct stat info {};
  if (::lstat(t.file.c_str(), &info) != 0) return t;  // a new file
  if (S_ISDIR(info.st_mode)) throw Error(path, "is a directory, not a file to write");
  if (!S_ISREG(info.st_mode)) t.way = Way::write_through;  // a device, FIFO or socket: written, never replaced
  t.present = t.way == Way::replace;
  return t;
}

// The directory `dir` (absolute, as resolve() made it), reached from "/" one component at a time
// without following a link (O_NOFOLLOW): resolve() replaced every link of the path by its target
// when it was checked, so a link met now was put there since, by someone who can write in a
// directory on the way (in a sticky /tmp, a stranger's link at the name of a directory mcsim was
// about to make, followed by the mkdir's EEXIST and the next open by name). Refused. The file is
// then made and renamed relative to the descriptor returned (an O_PATH one; the caller closes
// it), so it lands where the path was checked, not wherever a name points by then. With `made`,
// missing directories are made on the way, the outermost first, each tracked as a temporary until
// the files in it are in place (a failure or SIGINT in the write phase left them behind), and
// collected for the caller to keep or remove; without it a missing one is an error.
int open_checked_directory(const fs::path& dir, const std::string& given, std::vector<std::string>* made) {
  constexpr int flags = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
  int fd = ::open("/", flags);
  if (fd < 0) throw Error(given, system_error("cannot open /"));
  fs::path at = "/";
  for (const std::string& part : components_of(dir.string())) {
    if (part == ".") continue;
    at /= part;
    int next = ::openat(fd, part.c_str(), flags);
    if (next < 0 && errno == ENOENT && made) {
      if (::mkdirat(fd, part.c_str(), 0777) == 0) {
        track_temporary(at.string());
        made->push_back(at.string());
      } else if (errno != EEXIST) {  // EEXIST: made meanwhile by someone else, theirs (opened as any other)
        const std::string problem = system_error("cannot create the directory " + at.string());
        ::close(fd);
        throw Error(given, problem);
      }
      next = ::openat(fd, part.c_str(), flags);
    }
    if (next < 0) {
      const std::string problem = system_error("cannot reach " + at.string());
      struct stat own {};
      const bool link = ::fstatat(fd, part.c_str(), &own, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(own.st_mode);
      ::close(fd);
      if (link)
        throw Error(given, fmt::format("{} became a symbolic link after the path was checked; refusing to write "
                                       "through it",
                                       at.string()));
      throw Error(given, problem);
    }
    ::close(fd);
    fd = next;
  }
  return fd;
}

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

void check_place(const Target& t) {
  if (t.way == Way::write_through) {
    struct stat info {};
    if (::stat(t.file.c_str(), &info) == 0 && S_ISFIFO(info.st_mode)) return;
    const int fd = ::open(t.file.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) throw Error(t.given, system_error("cannot open for writing"));
    ::close(fd);
    return;
  }
  fs::path dir = t.file.parent_path();  // resolve() made t.file absolute
  for (;;) {
    struct stat info {};
    if (::stat(dir.c_str(), &info) == 0) {
      if (!S_ISDIR(info.st_mode)) throw Error(t.given, fmt::format("{} is not a directory", dir.string()));
      if (!can_create_in(dir)) throw Error(t.given, system_error("cannot create files in " + dir.string()));
      return;
    }
    // Missing, or below a file (ENOTDIR): the ancestor that is there says which.
    if (errno != ENOENT && errno != ENOTDIR) throw Error(t.given, system_error("cannot reach " + dir.string()));
    if (dir.parent_path() == dir) return;
    dir = dir.parent_path();
  }
}

}  // namespace mcsim::output_target
