#include "plan.hpp"

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

std::string_view to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::phase_synchronous: return "phase-synchronous";
    case Strategy::loosely_synchronous: return "loosely-synchronous";
    case Strategy::asynchronous: return "asynchronous";
    case Strategy::receiver_ready: return "receiver-ready";
  }
  return "?";
}

std::vector<Strategy> all_strategies() {
  return {Strategy::phase_synchronous, Strategy::loosely_synchronous, Strategy::asynchronous,
          Strategy::receiver_ready};
}

Strategy strategy_from_string(std::string_view name, std::string_view where) {
  for (Strategy s : all_strategies())
    if (to_string(s) == name) return s;
  // The names Wang and Ranka 1994 (sec. 6) give their two strategies.
  if (name == "S1") return Strategy::receiver_ready;
  if (name == "S2") return Strategy::asynchronous;
  throw Error(std::string(where), fmt::format("unknown strategy '{}' (known: phase-synchronous, loosely-synchronous, "
                                              "asynchronous, receiver-ready; S1 = receiver-ready, S2 = asynchronous)",
                                              name));
}

std::size_t Plan::message_count() const {
  std::size_t count = 0;
  for (const auto& phase : phases) count += phase.messages.size();
  return count;
}

}  // namespace mcsim
