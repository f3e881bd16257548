// mcsim: simulate communication schedules on historical multicomputers and set the results
// beside the papers' own measurements. Every command, parsed here; the `mcsim` binary
// (launcher.cpp) loads this library and calls mcsim_command_line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "../../schedulers/builtin_schedulers.hpp"
#include "../../sim/core/error.hpp"
#include "../../sim/runner/termination.hpp"
#include "command_line.hpp"
#include "commands.hpp"
#include "error_line.hpp"
#include "terminal_text.hpp"

namespace {

using mcsim::cli::finish_standard_output;
using mcsim::cli::report_error;

// Standard input, output and error closed by the caller (`mcsim run ... 2>&-`) are opened on
// /dev/null, read-only: writing to them fails as it would have, but no file mcsim opens later can
// take their number and receive progress lines or a report meant for the terminal.
void keep_standard_descriptors_taken() {
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) (void)::open("/dev/null", O_RDONLY);  // takes the lowest free number: fd
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

// A command's purpose, as `mcsim --help` lists it: its description's first clause (up to ". ", "; ",
// ": " or " ("), one line; the whole description stays at the foot of the command's own --help.
void list_commands_by_purpose(CLI::App& app) {
  for (auto* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::string whole = sub->get_description();
    std::size_t cut = whole.size();
    for (const char* end : {". ", "; ", ": ", " ("}) cut = std::min(cut, whole.find(end));
    if (cut == whole.size()) continue;
    sub->description(whole.substr(0, cut));
    sub->footer(whole);
  }
}

}  // namespace

int mcsim_command_line(int argc, char** argv) {
  keep_standard_descriptors_taken();
  mcsim::install_termination_handlers();
  mcsim::register_builtin_schedulers(mcsim::scheduler_registry());
  CLI::App app{
      "mcsim " MCSIM_VERSION
      " - a discrete-event simulator (on SimGrid) of historical multicomputer interconnects.\n"
      "A communication matrix is turned by a scheduler into phases of messages, which run on a simulated\n"
      "machine (CM-5 fat tree, ...); results are set beside the numbers the papers measured.\n\n"
      "Start with:  mcsim list            (machines, schedulers, workloads, experiments)\n"
      "             mcsim reproduce ranka92-table3\n"
      "             mcsim timeline --machine t3d --nodes 64 --html   (a replay to play in a browser)\n"
      "Every subcommand has its own --help.",
      "mcsim"};
  app.require_subcommand(1);
  app.get_formatter()->column_width(16);  // `mcsim --help` within 100 columns
  app.set_version_flag("--version", MCSIM_VERSION);
  mcsim::cli::add_list_command(app);
  mcsim::cli::add_experiment_commands(app);
  mcsim::cli::add_bench_command(app);
  mcsim::cli::add_timeline_command(app);
  mcsim::cli::add_draw_mapping_command(app);
  mcsim::cli::add_report_command(app);
  mcsim::cli::add_claims_command(app);
  mcsim::cli::add_machine_command(app);
  mcsim::cli::add_mpi_command(app);
  mcsim::cli::add_merge_command(app);
  list_commands_by_purpose(app);
  if (argc == 1) {  // bare `mcsim`: the help, as `mcsim --help` gives it
    std::fputs(app.help().c_str(), stdout);
    return finish_standard_output(0);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return finish_standard_output(app.exit(e));
  } catch (const CLI::CallForAllHelp& e) {
    return finish_standard_output(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return finish_standard_output(app.exit(e));
  } catch (const CLI::Success& e) {
    return finish_standard_output(app.exit(e));
  } catch (const CLI::ParseError& e) {
    return report_parse_error(app, e, argc, argv);
  } catch (const std::bad_alloc&) {
    return report_error("out of memory");
  } catch (const std::exception& e) {
    return report_error(e.what());
  }
  return finish_standard_output(0);
}
