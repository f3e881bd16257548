// Running a simulation scenario: every (machine, node count, density, sample) is one task in its
// own process (one task list through the shared runner, task_runner.hpp, the machines of an axis
// one after another); in it, the sample's matrix is generated once, every series is compiled at
// every msg_unit (pipeline.hpp: scheduled, validated, made a Job) and then all are simulated.
// Results come back as JobRecords and are gathered per cell (node count, density, msg_unit,
// series) by their task's key, with one value per sample.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../core/experiment_result.hpp"
#include "../runner/run_options.hpp"
#include "../runner/task_runner.hpp"
#include "scenario.hpp"

namespace mcsim {

// The sample count and seed a run uses: the options' where given, else the scenario's. Throws
// mcsim::Error for a sample count below 1.
SampleRun resolved_samples(const SweepScenario& scenario, const RunOptions& options);

// Checks everything a run can check before any process starts (the machine at every node count,
// each series schedulable on it, every matrix within bounds); returns the machine's own name.
// Throws mcsim::Error naming the scenario file.
std::string check_experiment(const SimulationScenario& scenario);

// A scenario of kind "simulation" holding `s` (mcsim sweep builds its own; kinds/simulation.cpp).
Scenario simulation_scenario(SimulationScenario s);

// One result per machine of the scenario (machines_of: its axis, or its one machine), every
// machine checked before the first simulation. Throws mcsim::Error for anything the scenario asks
// that cannot be done (before any simulation starts where it can be checked up front).
std::vector<ExperimentResult> run_experiments(const SimulationScenario& scenario, const RunOptions& options);
// The scenario on its one machine (an axis: its first).
ExperimentResult run_experiment(const SimulationScenario& scenario, const RunOptions& options);

}  // namespace mcsim
