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

// A table of measured values where the paper printed none to set them beside (a machines axis, a
// sweep, the scheduling overhead), for readers that lay values out themselves (the report's pages)
// rather than read the printed text. A column is a key (text naming the row: a machine, a series)
// or numbers with their unit; a host-dependent column holds times measured on this computer,
// which differ from run to run (the rest is simulated: the same for a seed).
struct MeasuredColumn {
  std::string group;  // a heading over adjacent columns of the same group (a series), or ""
  std::string name;
  std::string unit;  // "ms", "B", or "" for a count or a ratio
  bool key = false;
  bool host_dependent = false;
};

struct MeasuredCell {
  std::string key;              // in a key column
  std::optional<double> value;  // in a number column; none: not measured (host times under --deterministic)
};

struct MeasuredTable {
  std::string caption;
  std::vector<MeasuredColumn> columns;
  std::vector<std::vector<MeasuredCell>> rows;  // one cell per column
};

}  // namespace mcsim
