// A file another program writes as it goes (SimGrid's Paje trace): it is written under a temporary
// name beside the target and renamed over it only when keep() is called, so a failed run leaves no
// partial file. An empty target means no file at all.
#pragma once

#include <string>

namespace mcsim {

class PartialFile {
 public:
  // Throws mcsim::Error "<target>: ..." if the target is a directory.
  explicit PartialFile(std::string target);
  ~PartialFile();  // removes the temporary file unless kept
  PartialFile(const PartialFile&) = delete;
  PartialFile& operator=(const PartialFile&) = delete;

  const std::string& temporary() const { return temporary_; }  // "" for no target
  // Renames the temporary file over the target; throws mcsim::Error if it was not written.
  void keep();

 private:
  std::string target_;
  std::string temporary_;
  bool kept_ = false;
};

}  // namespace mcsim
