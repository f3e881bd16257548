// Every file mcsim writes goes through here: complete or not at all, and never in place of
// something that is not a regular file.
//
// - A new or regular file is written to a temporary file beside it, flushed to disk, and renamed
//   over the target only when every byte is written: a failed run (disk full, `ulimit -f`, a
//   signal) leaves no file, and never a truncated one. A symbolic link to a regular file is kept:
//   the file it points to is replaced, if this user made the link (one another user made, in a
//   shared directory, would choose which file is replaced: refused).
// - A target that is a device, a FIFO or a socket (-o /dev/stdout, a named pipe) is written
//   through: it is opened and written, never replaced; a FIFO that no program reads is refused
//   rather than waited on. Of several files, these are written before any file is renamed into
//   place, so one that fails (/dev/full) leaves none.
// - A directory, or a link that points nowhere, is refused; so are an empty path, a path ending
//   in '/', a file name longer than 255 bytes, and two outputs of one run that name the same file
//   (-o X.svg beside the plot X.svg, --trace naming the CSV).
// Errors are mcsim::Error "path: problem"; the parent directory is created when missing.
//
// A file another program writes as it goes (SimGrid's Paje trace) is captured in memory
// (CapturedOutput) and then written here like any other: one writer, one set of rules.
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

// What the writer would refuse, checked before any work starts (a simulation must not run for an
// hour to learn that -o names a directory): each path as above, and where a file is to be made,
// the nearest existing ancestor must be a directory this process may create files in (a parent
// that is a file is refused). Creates nothing.
void check_output_paths(const std::vector<std::string>& paths);

// A run that names files after its output (the plot X.svg beside X.csv) needs that output to be a
// file in a directory: a device, a FIFO or a link to one (-o /dev/null, -o /dev/stdout) is refused,
// for the files beside it would be made in /dev (as root) or could not be made at all.
void check_files_beside(const std::string& path);
// Whether `path` is written through (a device, a FIFO, /dev/stdout) rather than replaced as a file
// of its own: no file can be named after it. Throws as check_output_paths for a path no output may take.
bool is_written_through(const std::string& path);

// Whether a command may replace a file an earlier run left at one of its outputs. A command that
// takes this rule (`mcsim sweep`) refuses to replace a regular file already at an output unless
// given `allow` (its --force): the guide's two what-if sweeps both wrote results/sweep.csv, and
// the second silently replaced the first (issue 49). It is asked once the scenario's own up-front
// checks have passed (RunOptions::inputs_checked), so bad input reports its own error first.
// Devices and FIFOs are written through, never replaced: not refused. Throws mcsim::Error
// "<path>: is already there (...); give <allow> to replace it, or -o another name".
void refuse_replacing(const std::vector<std::string>& paths, const std::string& allow);

// Whether `path` is written through this process's standard output (-o /dev/stdout, /dev/fd/1):
// what the command prints would land in the middle of that output.
bool is_standard_output(const std::string& path);

// A file another program writes as it goes (SimGrid writes the Paje trace itself, in the
// simulation process): the program is told to write to writer_path(), an anonymous file in memory
// that nothing else sees and that disappears with this process (a signal leaves nothing behind);
// text() is what it wrote, to be written with the other outputs by write_files_atomically. Such a
// program may not report its write errors, so a file cut by the file-size limit (ulimit -f) is
// refused here.
class CapturedOutput {
 public:
  // `target` is where the text will go; it names the output in messages.
  explicit CapturedOutput(std::string target);
  ~CapturedOutput();
  CapturedOutput(const CapturedOutput&) = delete;
  CapturedOutput& operator=(const CapturedOutput&) = delete;

  // "/proc/self/fd/N": the same file in this process and in the processes it forks.
  const std::string& writer_path() const { return writer_path_; }
  // Everything written so far; throws mcsim::Error "<target>: ..." if nothing was, or if the
  // file reached the file-size limit.
  std::string text() const;

 private:
  std::string target_;
  int fd_ = -1;
  std::string writer_path_;
};

}  // namespace mcsim
