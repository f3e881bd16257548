// The entry point of libmcsim-commands.so (every command of mcsim), which the `mcsim` launcher
// (launcher.cpp) loads and calls by this name with its own argc and argv.
#pragma once

extern "C" __attribute__((visibility("default"))) int mcsim_command_line(int argc, char** argv);

namespace mcsim::cli {
inline constexpr char command_line_symbol[] = "mcsim_command_line";
}  // namespace mcsim::cli
