// mcsim: simulate communication schedules on historical multicomputers and set the results
// beside the papers' own measurements.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>

#include "../../schedulers/builtin_schedulers.hpp"
#include "../../sim/core/error.hpp"
#include "../../sim/engine/termination.hpp"
#include "commands.hpp"

namespace {

// Every error reaches the user as one line: "mcsim: error: <where>: <what>".
int report_error(const std::string& message) {
  std::string line = message;
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  while (!line.empty() && line.back() == ' ') line.pop_back();
  std::fflush(stdout);
  fmt::print(stderr, "mcsim: error: {}\n", line);
  return 2;
}

// CLI11's own errors, said in mcsim's words where CLI11's are unclear.
int report_parse_error(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  // "A subcommand is required" for `mcsim frobnicate`: name the word it did not know.
  std::vector<std::string> names, listed;  // every command; those `mcsim --help` lists (not the hidden `merge`)
  for (const auto* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names.push_back(sub->get_name());
    if (!sub->get_group().empty()) listed.push_back(sub->get_name());
  }
  if (argc > 1 && argv[1][0] != '-' && std::find(names.begin(), names.end(), argv[1]) == names.end())
    return report_error(fmt::format("unknown command '{}' (commands: {})", argv[1], fmt::join(listed, ", ")));
  return report_error(e.what());
}

}  // namespace

int main(int argc, char** argv) {
  mcsim::install_termination_handlers();
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
  mcsim::cli::add_report_command(app);
  mcsim::cli::add_merge_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return report_parse_error(app, e, argc, argv);
  } catch (const std::bad_alloc&) {
    return report_error("out of memory");
  } catch (const std::exception& e) {
    return report_error(e.what());
  }
  return 0;
}
