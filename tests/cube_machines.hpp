// k-ary n-cube machines (a torus, or a mesh for comparison) for the tests of the torus: the bundled
// mesh's machine file (its Touchstone Delta numbers, 25 MB/s channels, 150 ns a hop, 75 us
// start-up, 2-byte flits, one flit of buffer) built on any KAryNCube shape (build_machine_on, so
// that a torus without its dateline can be built too), and a way to simulate jobs on them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/engine/executor.hpp"
#include "topologies/k_ary_n_cube.hpp"

namespace mcsim::test {

// `values`: records of mesh.toml given new SI values by path ("links.bandwidth",
// "library.regimes.messages.startup", "links.hop_latency"), and "links.interface_bandwidth" for a
// shape with interface links and "links.latency" (mesh.toml has neither: the record is added).
std::unique_ptr<Machine> cube_machine(const KAryNCubeShape& shape, const std::string& transport = "wormhole",
                                      const std::map<std::string, double>& values = {});

// Simulates `jobs` in a child process on the machine `make` builds there; per job, per message of
// its run, when the message's last byte arrived (s). Throws mcsim::Error if the simulation fails
// or a job does not finish (a deadlock). The jobs are plans.
std::vector<std::vector<double>> message_ends(const std::function<std::unique_ptr<Machine>()>& make,
                                              const std::vector<Job>& jobs);

}  // namespace mcsim::test
