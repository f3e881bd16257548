// Checks of command-line options. Numbers are checked where they enter with the same reader as
// every other number from input (sim/core/checked_number.hpp): a value written in full, within
// range, never wrapped or truncated ("--nodes 4294967328" is refused, not run as 32 nodes).
#pragma once

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <type_traits>

#include "../../sim/core/checked_number.hpp"
#include "../../sim/core/machine_spec.hpp"
#include "../../sim/core/sharing.hpp"
#include "../../sim/core/error.hpp"
#include "../../sim/scenario/work_estimate.hpp"

namespace mcsim::cli {

// A CLI11 check: the text must be a whole number in minimum..maximum (CLI11 reports the message
// as "--option: message", which main() prints on one line).
template <class T>
CLI::Validator whole_number(T minimum, T maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) -> std::string {
        try {
          if constexpr (std::is_unsigned_v<T>)
            (void)parse_unsigned(text, "", minimum, maximum);
          else
            (void)parse_integer(text, "", minimum, maximum);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("{}..{}", minimum, maximum));
}

// A CLI11 check: the text must be a finite real number in minimum..maximum (CLI11's Range lets
// "nan" through: every comparison with it is false).
inline CLI::Validator real_number(double minimum, double maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) -> std::string {
        try {
          const double value = parse_real(text, "");
          if (value < minimum || value > maximum)
            return fmt::format("{} is out of range (allowed: {} to {})", text, minimum, maximum);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("{}..{}", minimum, maximum));
}

// --cfg key:value, both present (SimGrid itself judges the key and value, in the simulation
// process; its complaint comes back as one line).
inline CLI::Validator simgrid_setting() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto colon = text.find(':');
        if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
          return fmt::format("'{}' is not a SimGrid setting key:value", text);
        return {};
      },
      "KEY:VALUE");
}

// --sharing auto|simgrid|fluid: who shares the flow transport's links (sim/core/sharing.hpp; the
// runner decides `auto`, sim/runner/sharing_choice.hpp). `--cfg mcsim/sharing:VALUE`, the setting
// it was before, is read as the same option (an alias: SimGrid never sees it); --sharing wins
// over it, else the last one given.
struct SharingOption {
  static constexpr std::string_view alias = "mcsim/sharing:";
  std::optional<std::string> given;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--sharing", given,
                    "Who shares the links of a flow network (the CM-5's fat tree, the Ethernet switch) among its "
                    "messages: simgrid (SimGrid's max-min solver), fluid (mcsim's incremental max-min, the same "
                    "allocation, faster with many flows in flight) or auto (default: fluid when every job keeps many "
                    "flows in flight); recorded or not, a run takes the same. `--cfg mcsim/sharing:VALUE` is the same")
        ->check(CLI::IsMember({"auto", "simgrid", "fluid"}));
  }
  SharingRequest request(const std::vector<std::string>& cfg) const {
    if (given) return parse_sharing_request(*given, "--sharing");
    SharingRequest request = SharingRequest::automatic;
    for (const std::string& setting : cfg)
      if (setting.starts_with(alias))
        request = parse_sharing_request(std::string_view(setting).substr(alias.size()), "--cfg mcsim/sharing");
    return request;
  }
  // `cfg` without the alias.
  static std::vector<std::string> simgrid_settings(const std::vector<std::string>& cfg) {
    std::vector<std::string> kept;
    for (const std::string& setting : cfg)
      if (!setting.starts_with(alias)) kept.push_back(setting);
    return kept;
  }
};

// --machine-option key=value: sets one machine parameter of `machine` (the machine file judges the
// key and value when the machine is made).
inline void set_machine_option(MachineSpec& machine, const std::string& key_value) {
  const auto eq = key_value.find('=');
  if (eq == std::string::npos || eq == 0)
    throw Error("--machine-option", fmt::format("'{}' is not key=value", key_value));
  machine.options[key_value.substr(0, eq)] = key_value.substr(eq + 1);
}

// -o, --trace: a path to write to. An empty one names nothing (it used to mean the working
// directory for some commands and fail after every simulation for others).
inline CLI::Validator output_path() {
  return CLI::Validator(
      [](std::string& text) -> std::string { return text.empty() ? "an empty path names no file or directory" : ""; },
      "PATH");
}

// --max-work N: the bound before work (sim/scenario/work_estimate.hpp). Every command that
// simulates estimates its work first and refuses, in one line, above N.
struct WorkLimit {
  // A value above 0, as the limits take.
  static CLI::Validator positive_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
          try {
            if (!(parse_real(text, "") > 0)) return fmt::format("'{}' is not a positive number", text);
            return {};
          } catch (const Error& e) {
            return e.what();
          }
        },
        "");
  }

  double max_work = default_max_work;
  double max_memory_gib = default_max_memory_gib;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--max-work", max_work,
                    fmt::format("Refuse to start a run whose estimated work is above N units (a unit is about one "
                                "simulated message; docs/bad-input.md, \"A bound before work\"). Default {:.0e}: a run at the "
                                "limit takes 10 minutes to 2 hours of one core here",
                                default_max_work))
        ->check(positive_number())
        ->type_name("N");
    cmd->add_option("--max-memory", max_memory_gib,
                    fmt::format("Refuse to start a run whose largest simulation is estimated to need more than GIB GiB "
                                "of memory (nodes, messages in flight by transport, the built machine; "
                                "docs/bad-input.md, \"A bound before work\"). Default {:.0f}",
                                default_max_memory_gib))
        ->check(positive_number())
        ->type_name("GIB");
  }
  // Estimates `scenario`'s work (`runs` times over, for a study that runs it once per variant) and
  // throws mcsim::Error (check_work) when the work this process does is above the limit;
  // `task_share` as check_work's (1 for a run, 1/N for a shard, 0 for a merge).
  // Returns the estimate it checked.
  WorkEstimate check(const Scenario& scenario, const RunOptions& run, const std::string& where, double task_share = 1,
                     double runs = 1) const {
    WorkEstimate work = estimate_work(scenario, run, task_share, max_work / runs);
    if (runs != 1) {
      work.here *= runs, work.tasks *= runs;
      work.basis = fmt::format("{} runs of {}", runs, work.basis);
    }
    check_work(work, task_share, max_work, where, max_memory_gib);
    return work;
  }
  // The same for a work counted by the command itself (one simulation, a bench's repeats).
  void check(const WorkEstimate& estimate, const std::string& where) const {
    check_work(estimate, 1, max_work, where, max_memory_gib);
  }
};

}  // namespace mcsim::cli
