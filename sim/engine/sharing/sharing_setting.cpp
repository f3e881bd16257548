#include "sharing_setting.hpp"

#include <simgrid/s4u.hpp>
#include <xbt/config.hpp>

#include <algorithm>

#include "../../core/error.hpp"
#include "../machine.hpp"

namespace mcsim {

namespace {
constexpr const char* kKey = "mcsim/sharing";
}

void declare_sharing_setting() {
  static const bool declared = [] {
    simgrid::config::declare_flag<std::string>(
        kKey, "Who shares the flow transport's links: simgrid, fluid (mcsim's incremental max-min) or auto", "auto");
    return true;
  }();
  (void)declared;
}

std::string sharing_setting() {
  auto value = simgrid::config::get_value<std::string>(kKey);
  if (value != "auto" && value != "simgrid" && value != "fluid")
    throw Error("--cfg mcsim/sharing", "unknown value '" + value + "' (known: auto, simgrid, fluid)");
  return value;
}

void settle_sharing(Sharing chosen) {
  simgrid::s4u::Engine::set_config(std::string(kKey) + ":" + (chosen == Sharing::fluid ? "fluid" : "simgrid"));
}

Sharing sharing_in_use() {
  declare_sharing_setting();
  return sharing_setting() == "fluid" ? Sharing::fluid : Sharing::simgrid;
}

bool links_without_latency() {
  const auto links = simgrid::s4u::Engine::get_instance()->get_all_links();
  return std::all_of(links.begin(), links.end(), [](const auto* link) { return link->get_latency() == 0; });
}

bool fluid_pays(double messages, double flows_per_phase) {
  return messages >= static_cast<double>(kCoupledFrom) && flows_per_phase >= kFluidFrom;
}

bool fluid_sharing_allowed(const std::vector<std::string>& simgrid_config, bool recorded) {
  if (recorded) return false;
  const std::string key = std::string(kKey) + ":";
  for (auto at = simgrid_config.rbegin(); at != simgrid_config.rend(); ++at)
    if (at->starts_with(key)) return at->substr(key.size()) != "simgrid";
  return true;
}

bool rendezvous_library(const Machine& machine) {
  const auto& regimes = machine.library().regimes;
  return std::all_of(regimes.begin(), regimes.end(),
                     [](const SizeRegime& r) { return r.protocol.value == Protocol::rendezvous; });
}

std::string fluid_sharing_unfit(const Machine& machine) {
  if (!links_without_latency()) return machine.name() + " has links with latency, which the fluid sharing leaves out";
  if (!rendezvous_library(machine))
    return machine.name() + "'s message library sends some messages before their receive is posted (not a rendezvous)";
  return "";
}

}  // namespace mcsim
