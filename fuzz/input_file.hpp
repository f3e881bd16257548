// A fuzz input as a file: both readers take a path, as mcsim gives them one.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace mcsim::fuzz {

// Writes `data` to a file private to this process (rewritten for every input) and returns its path.
inline std::string input_file(const std::uint8_t* data, std::size_t size, const char* suffix) {
  const std::string path = "/tmp/mcsim-fuzz-" + std::to_string(::getpid()) + suffix;
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    if (size) std::fwrite(data, 1, size, f);
    std::fclose(f);
  }
  return path;
}

}  // namespace mcsim::fuzz
