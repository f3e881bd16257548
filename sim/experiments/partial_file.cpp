#include "partial_file.hpp"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace fs = std::filesystem;

PartialFile::PartialFile(std::string target) : target_(std::move(target)) {
  if (target_.empty()) return;
  std::error_code ec;
  if (fs::is_directory(target_, ec)) throw Error(target_, "is a directory");
  const fs::path path(target_);
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  temporary_ = (path.parent_path() / fmt::format(".{}.partial-{}", path.filename().string(), getpid())).string();
}

PartialFile::~PartialFile() {
  if (!temporary_.empty() && !kept_) {
    std::error_code ec;
    fs::remove(temporary_, ec);
  }
}

void PartialFile::keep() {
  if (temporary_.empty()) return;
  std::error_code ec;
  if (!fs::is_regular_file(temporary_, ec)) throw Error(target_, "the simulation wrote no trace");
  fs::rename(temporary_, target_, ec);
  if (ec) throw Error(target_, ec.message());
  kept_ = true;
}

}  // namespace mcsim
