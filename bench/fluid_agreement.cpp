// mcsim's own sharing of the flow transport's links against SimGrid's, on random AC, CGM and LP
// runs of the CM-5 (tests/fluid_cases.hpp): per case the worst relative and absolute difference of
// any message's start or arrival, with SimGrid's event dates exact (surf/precision 1e-15) and, when
// the 7th argument is "default", at SimGrid's default precision. Each run is a child process.
// With an 8th argument "spread", each case is also run on SimGrid's sharing with network/optim
// Lazy and Full (the same max-min, summed in another order): long phased runs are chaotic, and a
// rounding of 1e-12 s grows over their phases to a per cent (bench/speed-and-memory.md, "Ninth
// round"), so a case whose fluid difference is above the tolerance but within SimGrid's own spread
// is counted apart.
// Usage: fluid_agreement [cases, default 50] [seed, default 33] [min nodes, 32] [max nodes, 1024]
//        [min d, 4] [max d, 64] [exact|default] [spread]
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
  const bool spread = argc > 8 && std::string(argv[8]) == "spread";
  double worst = 0, worst_abs = 0;
  int over = 0, within_spread = 0;
  for (const auto& c : cases) {
    const test::FluidAgreement a = test::compare_sharing(c, config);
    worst = std::max(worst, a.worst_relative);
    worst_abs = std::max(worst_abs, a.worst_absolute_s);
    fmt::print("{:<44} {:>8} messages  run {:.9f} s  worst relative {:.2e}  absolute {:.2e} s", c.label(),
               a.messages, a.simgrid_s, a.worst_relative, a.worst_absolute_s);
    if (a.worst_relative > test::kFluidTolerance) {
      double simgrid_spread = 0;
      if (spread) {
        simgrid_spread = test::compare_runs(c, config, {"mcsim/sharing:simgrid", "network/optim:Lazy"},
                                            {"mcsim/sharing:simgrid", "network/optim:Full"})
                             .worst_relative;
        fmt::print("  SimGrid Lazy/Full {:.2e}", simgrid_spread);
      }
      if (a.worst_relative <= simgrid_spread)
        ++within_spread;
      else
        ++over;
    }
    fmt::print("\n");
    std::fflush(stdout);
  }
  fmt::print("{} dates: ", exact ? "exact" : "default");
  fmt::print("{} cases: worst relative difference {:.2e}, worst absolute {:.2e} s; {} above {:.0e}", cases.size(),
             worst, worst_abs, over, test::kFluidTolerance);
  if (spread) fmt::print(", {} more above it but within SimGrid's own Lazy/Full spread", within_spread);
  fmt::print("\n");
  return over == 0 ? 0 : 1;
}
