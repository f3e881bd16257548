// Every file mcsim writes goes through here: complete or not at all, and never in place of
// something that is not a regular file.
//
// - A new or regular file is written to a temporary file beside it, flushed to disk, and renamed
//   over the target only when every byte is written: a failed run (disk full, `ulimit -f`, a
//   signal) leaves no file, and never a truncated one. A symbolic link to a regular file is kept:
//   the file it points to is replaced.
// - A target that is a device, a FIFO or a socket (-o /dev/stdout, a named pipe) is written
//   through: it is opened and written, never replaced.
// - A directory, or a link that points nowhere, is refused.
// Errors are mcsim::Error "path: problem"; the parent directory is created when missing.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mcsim {

// Writes `text` to `path` as described above.
void write_file_atomically(const std::string& path, const std::string& text);

// Writes several files as one: every temporary file is written first, and only when all are
// complete are they renamed into place, so a failure leaves none of them (a run's CSV and SVG).
void write_files_atomically(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace mcsim
