// `mcsim merge`, as earlier versions had it, is gone: it ran the command that the shard files
// recorded and wrote where they said, so whoever could write to a shared shard directory chose the
// command, its options and the output path of the person merging. The report of a sharded run is
// now made by the command itself, given again by that person, with --from-shards DIR
// (stored_run.hpp); the word stays, hidden, to say so to whoever types it or kept it in a script.
#include "../../sim/core/error.hpp"
#include "commands.hpp"

namespace mcsim::cli {

void add_merge_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "(removed: give the sharded command again with --from-shards DIR)");
  cmd->group("");  // not listed in `mcsim --help`
  cmd->allow_extras();
  cmd->prefix_command();
  cmd->callback([] {
    throw Error("merge", "mcsim merge no longer takes the command from the shard files (they are data, and anyone "
                         "who can write their directory could have chosen it); give the command the shards ran "
                         "again with --from-shards DIR instead of --shard K/N, e.g. mcsim reproduce ID --samples 50 "
                         "--from-shards DIR -o DIR");
  });
}

}  // namespace mcsim::cli
