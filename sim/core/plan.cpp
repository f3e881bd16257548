#include "plan.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

std::string_view to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::phase_synchronous: return "phase-synchronous";
    case Strategy::loosely_synchronous: return "loosely-synchronous";
    case Strategy::asynchronous: return "asynchronous";
  }
  return "?";
}

std::vector<Strategy> all_strategies() {
  return {Strategy::phase_synchronous, Strategy::loosely_synchronous, Strategy::asynchronous};
}

Strategy strategy_from_string(std::string_view name, std::string_view where) {
  for (Strategy s : all_strategies())
    if (to_string(s) == name) return s;
  throw Error(std::string(where),
              fmt::format("unknown strategy '{}' (known: phase-synchronous, loosely-synchronous, asynchronous)", name));
}

std::size_t Plan::message_count() const {
  std::size_t count = 0;
  for (const auto& phase : phases) count += phase.messages.size();
  return count;
}

}  // namespace mcsim
