#include "terminal_text.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "../../sim/core/error.hpp"

namespace mcsim::cli {

void print_text(std::string_view text) {
  const std::string out = shown(text);
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size())
    throw Error("standard output", std::string("writing failed: ") + std::strerror(errno));
}

void write_to_stderr(std::string_view text) noexcept {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace mcsim::cli
