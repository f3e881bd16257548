// What a simulation scenario measured: one cell per (node count, density, msg_unit, series) with
// one value per sample. Made by sim/scenario/experiment.hpp, read by the analysis and the reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "plan.hpp"
#include "scenario_spec.hpp"

namespace mcsim {

struct CellResult {
  int nodes = 0;
  int density = 0;
  std::uint64_t msg_unit = 0;
  std::size_t series = 0;  // index into Scenario::series
  Strategy strategy = Strategy::loosely_synchronous;
  std::vector<double> comm_s;  // communication time per sample
  std::vector<double> phases;  // phases of the plan per sample
  std::vector<double> host_s;  // scheduler host time per sample
};

struct Summary {
  double mean = 0, sd = 0, min = 0, max = 0;
};
Summary summarize(const std::vector<double>& values);

struct ExperimentResult {
  SimulationScenario scenario;
  std::string machine_name;  // the machine's own name (Machine::name(): a machine file's `name`, not its path)
  int samples = 0;
  std::uint64_t seed = 0;
  std::vector<CellResult> cells;  // ordered by nodes, density, msg_unit, series

  const CellResult& cell(std::size_t nodes_index, std::size_t density_index, std::size_t unit_index,
                         std::size_t series_index) const;
};


}  // namespace mcsim
