#include "cube_machines.hpp"

#include <sstream>

#include <fmt/format.h>

#include "sim/core/error.hpp"
#include "sim/engine/isolated.hpp"
#include "topologies/direct_network.hpp"
#include "topologies/topology_family.hpp"

namespace mcsim::test {

MeshParameters delta_parameters(const std::string& transport) {
  MeshParameters p{"delta", "Touchstone Delta brochure 1991 (as mesh_machine.cpp)", transport, 25e6, 75e-6, 150e-9};
  p.flit_bytes = 2;
  p.buffer_flits = 1;
  return p;
}

std::unique_ptr<Machine> cube_machine(const KAryNCubeShape& shape, const MeshParameters& p) {
  auto family = std::make_shared<const KAryNCube>(shape);
  return std::make_unique<Machine>(Machine::Parts{
      .description = {family->describe(), family->nodes(), {}},
      .hints = {p.startup_s, 1.0 / p.bandwidth_Bps, route_function(family)},
      .library = mesh_library(p),
      .switching = std::make_shared<const MeshSwitching>(p),
      .routes = family,
      .platform = std::make_unique<DirectNetworkPlatform>("cube", family, p.bandwidth_Bps),
  });
}

std::vector<std::vector<double>> message_ends(const std::function<std::unique_ptr<Machine>()>& make,
                                              const std::vector<Job>& jobs) {
  const std::string text = run_isolated(
      1,
      [&](std::size_t) {
        const auto machine = make();
        std::string out;
        const std::vector<Run> runs = simulate(*machine, jobs);
        for (std::size_t k = 0; k < runs.size(); ++k) {
          // SimGrid ends a run whose actors all wait for each other, and says so only on stderr:
          // the job's run then never got its messages.
          if (runs[k].messages.size() != jobs[k].plan.message_count())
            throw Error("simulation", fmt::format("job {} did not finish: a deadlock", k));
        }
        for (const Run& run : runs) {
          for (const MessageRecord& m : run.messages) out += fmt::format("{:.17g} ", m.end_s);
          out += '\n';
        }
        return out;
      },
      1)
                               .at(0);
  std::vector<std::vector<double>> ends;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ends.emplace_back();
    std::istringstream values(line);
    for (double v; values >> v;) ends.back().push_back(v);
  }
  return ends;
}

}  // namespace mcsim::test
