// How mcsim's own errors and standard output end, shared by the launcher (launcher.cpp) and the
// command line it loads (main.cpp, in libmcsim-commands.so), so that both say a failure the same way.
#pragma once

#include <string>

namespace mcsim::cli {

// Every error reaches the user as one line: "mcsim: error: <where>: <what>", its input shown
// escaped and cut to 2,000 bytes. Returns the exit status, 2.
int report_error(const std::string& message);

// Standard output flushed; a write that failed (`> /dev/full`, a full disk) is reported, and a run
// whose report was lost has failed: returns `status`, or 2 when it was 0 and the output failed.
int finish_standard_output(int status);

}  // namespace mcsim::cli
