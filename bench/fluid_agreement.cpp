// mcsim's own sharing of the flow transport's links against SimGrid's, on random AC, CGM and LP
// runs of the CM-5 (tests/fluid_cases.hpp): per case the worst relative and absolute difference of
// any message's start or arrival, with SimGrid's event dates exact (surf/precision 1e-15) and, when
// the 7th argument is "default", at SimGrid's default precision. Each run is a child process.
// Where the two differ by more than the tolerance, SimGrid's sharing runs a third time with every
// wire's bandwidth moved by 1e-13 (relative): if that moves SimGrid's own dates by more than the
// tolerance, the run is ill-conditioned (ties decided by rounding) and the fluid sharing must stay
// within 10 times SimGrid's own movement (tests/fluid_cases.hpp, agrees()).
// Usage: fluid_agreement [cases, default 50] [seed, default 33] [min nodes, 32] [max nodes, 1024]
//        [min d, 4] [max d, 64] [exact|default]
#include <algorithm>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "fluid_cases.hpp"
#include "schedulers/builtin_schedulers.hpp"
#include "sim/core/scheduler.hpp"

using namespace mcsim;

int main(int argc, char** argv) {
  auto arg = [&](int i, long fallback) { return argc > i ? std::atol(argv[i]) : fallback; };
  const int count = static_cast<int>(arg(1, 50));
  const auto seed = static_cast<std::uint64_t>(arg(2, 33));
  register_builtin_schedulers(scheduler_registry());
  const bool exact = !(argc > 7 && std::string(argv[7]) == "default");
  const std::vector<std::string> config = exact ? std::vector<std::string>{test::kExactDates} : std::vector<std::string>{};
  const auto cases = test::fluid_cases(count, static_cast<int>(arg(3, 32)), static_cast<int>(arg(4, 1024)),
                                       static_cast<int>(arg(5, 4)), static_cast<int>(arg(6, 64)), seed);
  double worst = 0, worst_abs = 0, worst_conditioned = 0;
  int over = 0, ill = 0, conditioned = 0;
  for (const auto& c : cases) {
    const test::FluidAgreement a = test::compare_sharing(c, config);
    worst = std::max(worst, a.worst_relative);
    worst_abs = std::max(worst_abs, a.worst_absolute_s);
    const bool ill_conditioned = a.nudged && a.simgrid_nudged_relative > test::kFluidTolerance;
    if (ill_conditioned) {
      ++ill;
    } else {
      ++conditioned;
      worst_conditioned = std::max(worst_conditioned, a.worst_relative);
    }
    if (!test::agrees(a)) ++over;
    fmt::print("{:<44} {:>8} messages  run {:.9f} s  worst relative {:.2e}  absolute {:.2e} s", c.label(),
               a.messages, a.simgrid_s, a.worst_relative, a.worst_absolute_s);
    if (a.nudged) fmt::print("  SimGrid nudged {:.2e}", a.simgrid_nudged_relative);
    fmt::print("{}\n", test::agrees(a) ? "" : "  DISAGREES");
    std::fflush(stdout);
  }
  fmt::print("{} dates: ", exact ? "exact" : "default");
  fmt::print("{} cases: worst relative difference {:.2e}, worst absolute {:.2e} s\n", cases.size(), worst, worst_abs);
  fmt::print("  {} well-conditioned (within {:.0e}, or SimGrid's own dates move at most that under the nudge): "
             "worst {:.2e}\n", conditioned, test::kFluidTolerance, worst_conditioned);
  fmt::print("  {} ill-conditioned (SimGrid's own dates move more than {:.0e} when the wires' bandwidth moves by "
             "{:.0e})\n", ill, test::kFluidTolerance, test::kNudge);
  fmt::print("  {} disagree\n", over);
  return over == 0 ? 0 : 1;
}
