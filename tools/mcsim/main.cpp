// mcsim: simulate communication schedules on historical multicomputers and set the results
// beside the papers' own measurements.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "../../schedulers/builtin_schedulers.hpp"
#include "../../sim/core/error.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  mcsim::register_builtin_schedulers(mcsim::scheduler_registry());
  CLI::App app{
      "mcsim " MCSIM_VERSION
      " - a discrete-event simulator (on SimGrid) of historical multicomputer interconnects.\n"
      "A communication matrix is turned by a scheduler into phases of messages, which run on a simulated\n"
      "machine (CM-5 fat tree, ...); results are set beside the numbers the papers measured.\n\n"
      "Start with:  mcsim list            (machines, schedulers, workloads, experiments)\n"
      "             mcsim reproduce ranka92-table3\n"
      "Every subcommand has its own --help.",
      "mcsim"};
  app.require_subcommand(1);
  app.set_version_flag("--version", MCSIM_VERSION);
  mcsim::cli::add_list_command(app);
  mcsim::cli::add_experiment_commands(app);
  mcsim::cli::add_bench_command(app);
  mcsim::cli::add_timeline_command(app);
  mcsim::cli::add_draw_mapping_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const mcsim::Error& e) {
    std::fflush(stdout);
    fmt::print(stderr, "mcsim: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "mcsim: error: {}\n", e.what());
    return 2;
  }
  return 0;
}
