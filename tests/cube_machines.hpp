// k-ary n-cube machines (a torus, or a mesh for comparison) built in C++ for the tests and the
// benchmark of the torus (machines are not yet built from machine files): the mesh machine's
// switching, message library and parameter sets (topologies/mesh_machine.hpp) on any KAryNCube
// shape, and a way to simulate jobs on them.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "sim/engine/executor.hpp"
#include "topologies/k_ary_n_cube.hpp"
#include "topologies/mesh_machine.hpp"

namespace mcsim::test {

// The Touchstone Delta's numbers (mesh_machine.cpp's "delta" set: 25 MB/s channels, 150 ns a hop,
// 75 us start-up, 2-byte flits, one flit of buffer) under `transport`.
MeshParameters delta_parameters(const std::string& transport = "wormhole");
std::unique_ptr<Machine> cube_machine(const KAryNCubeShape& shape, const MeshParameters& parameters);

// Simulates `jobs` in a child process on the machine `make` builds there; per job, per message of
// its run, when the message's last byte arrived (s). Throws mcsim::Error if the simulation fails
// or a job does not finish (a deadlock). The jobs are plans.
std::vector<std::vector<double>> message_ends(const std::function<std::unique_ptr<Machine>()>& make,
                                              const std::vector<Job>& jobs);

}  // namespace mcsim::test
