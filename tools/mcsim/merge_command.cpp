// mcsim merge DIR: the report of a run made in shards (--shard K/N), as one run would have made it.
// The shard files record the command that made them; it is parsed again here and run with every
// task's result served from the shard files (stored_run.hpp), so the report code is the same.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/experiments/shard_file.hpp"
#include "commands.hpp"

namespace mcsim::cli {

void add_merge_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "merge", "Merge the shard files of a run made with --shard K/N (every shard, each once, all of one run) and "
               "write what one run writes: the same CSV and SVG, byte for byte");
  static std::string dir, out;
  cmd->add_option("dir", dir, "Directory holding the shard files NAME.shard-K-of-N.txt")->required();
  cmd->add_option("-o,--out", out, "Directory for the merged files (default: DIR)");
  cmd->callback([] {
    const MergedShards merged = merge_shards(dir);  // every check that needs only the files
    std::vector<std::string> args = merged.identity.command;
    const std::string command = args.front();
    if (command != "run" && command != "reproduce" && command != "sweep")
      throw Error(dir, fmt::format("the shards record the command '{}', which mcsim merge does not run", command));
    const std::filesystem::path target = out.empty() ? dir : out;
    for (const char* word : {"-o", "--out", "--shard", "--resume", "--from-shards"})
      if (std::find(args.begin(), args.end(), word) != args.end())
        throw Error(dir, fmt::format("the shards record a command with {}, which mcsim never records", word));
    args.insert(args.end(), {"--from-shards", dir, "-q", "-o",
                             command == "reproduce" ? target.string() : (target / merged.output).string()});
    // The recorded command, parsed by the same subcommands (CLI11 takes the words last first).
    CLI::App replay{"mcsim"};
    replay.require_subcommand(1);
    add_experiment_commands(replay);
    std::reverse(args.begin(), args.end());
    replay.parse(args);
  });
}

}  // namespace mcsim::cli
