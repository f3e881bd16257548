#include "input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

namespace {

std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a plain file";
}

// Closes the descriptor however the read ends.
struct Descriptor {
  int fd;
  ~Descriptor() { ::close(fd); }
};

}  // namespace

std::string read_input_file(const std::string& path, std::string_view what, std::uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw Error(path, fmt::format("cannot open {}: {}", what, std::strerror(errno)));
  const Descriptor open_file{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw Error(path, fmt::format("cannot read {}: {}", what, std::strerror(errno)));
  if (!S_ISREG(info.st_mode))
    throw Error(path, fmt::format("{} is not a regular file ({}); only regular files are read", what,
                                  kind_of(info.st_mode)));
  const auto too_large = [&] {
    return Error(path, fmt::format("{} is larger than {} bytes, the most mcsim reads of it", what, max_bytes));
  };
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) throw too_large();
  std::string text;
  text.reserve(static_cast<std::size_t>(info.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(path, fmt::format("reading {} failed: {}", what, std::strerror(errno)));
    }
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) throw too_large();  // it grew while read
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

}  // namespace mcsim
