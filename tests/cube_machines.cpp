#include "cube_machines.hpp"

#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "sim/core/error.hpp"
#include "sim/runner/isolated.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "topologies/machine_builder.hpp"
#include "topologies/machines.hpp"

namespace mcsim::test {

std::unique_ptr<Machine> cube_machine(const KAryNCubeShape& shape, const std::string& transport,
                                      const std::map<std::string, double>& values) {
  MachineFile mesh = read_machine({"mesh", 0, {{"switching", transport}}});
  for (const auto& [path, value] : values)
    for (auto& p : mesh.parameters)
      if (p.path == path) {
        p.kind = ParameterRecord::Kind::quantity;
        p.rule.clear();
        p.inputs.clear();
        p.value = value;
        p.has_value = true;
      }
  // mesh.toml has no node interface and no link latency: a shape with interface links takes its
  // rate, and a test its links' latency, from `values`.
  for (const auto& [path, dimension, unit] : {std::tuple{"links.interface_bandwidth", Dimension::bytes_per_second, "B/s"},
                                              std::tuple{"links.latency", Dimension::seconds, "s"}}) {
    const auto given = values.find(path);
    if (given == values.end() || mesh.find(path)) continue;
    ParameterRecord record;
    record.path = record.name = path;
    record.kind = ParameterRecord::Kind::quantity;
    record.dimension = dimension;
    record.value = given->second;
    record.has_value = true;
    record.text = fmt::format("{} {}", given->second, unit);
    record.source = "test value";
    record.assumption = true;
    record.where = "cube_machines.cpp";
    mesh.parameters.push_back(std::move(record));
  }
  return build_machine_on(std::move(mesh), std::make_shared<const KAryNCube>(shape));
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
