// Actors reused from one job to the next: the per-message work of the transports (a
// store-and-forward transfer, a worm's header and tail, a circuit's transfer, a handshake, a
// control message) and the node programs of a simulation's successive jobs (executor.cpp).
//
// Why: SimGrid 3.32 gives every new actor a fresh stack of contexts/stack-size bytes (64 KiB here)
// from calloc, so each actor costs a 64 KiB zeroing, and page faults when the memory comes fresh
// from the kernel. lo92-thm2 at n = 14 (16,384-node meshes, a few jobs per process) started an
// actor per node per job and one per message (two for a worm): that zeroing and its page faults
// were about half of the CPU time (perf: memset 19.5%, the kernel's page clearing 14.6%, interrupt
// re-enabling after faults 14.2%). A helper that has finished its job waits on its host for the
// next one, so a simulation makes only as many helpers per host as it ever has jobs at once there.
//
// Same-instant order: a job's end wakes its waiter when the helper signals it (a semaphore), in the
// round of simcalls where it signals; a finished actor woke its joiner a step later, with the
// activities that ended in that round. Both happen at the same simulated instant, so only which of
// two things due at one instant runs first could differ; every golden output stayed byte-identical.
#pragma once

#include <simgrid/s4u.hpp>

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "transfer_handle.hpp"

namespace mcsim {

class HelperActors {
 public:
  HelperActors() = default;
  // Tells every helper to stop and waits until each has: call it inside the running engine.
  ~HelperActors();
  HelperActors(const HelperActors&) = delete;
  HelperActors& operator=(const HelperActors&) = delete;

  // Runs `job` in a helper actor on `host`: an idle one if the host has one, else a new one named
  // `name`. The handle's wait() returns once the job has returned. An error the job throws ends
  // the simulation (actor_errors.hpp).
  TransferHandle run(simgrid::s4u::Host* host, const std::string& name, std::function<void()> job);

  // Helpers made so far (for tests and benchmarks).
  std::size_t made() const { return helpers_.size(); }

 private:
  struct Helper {
    simgrid::s4u::Host* host = nullptr;
    simgrid::s4u::ActorPtr actor;
    simgrid::s4u::SemaphorePtr wake = simgrid::s4u::Semaphore::create(0);
    std::function<void()> job;
    std::shared_ptr<TransferDone> done;
  };
  void serve(Helper& helper);

  std::vector<std::unique_ptr<Helper>> helpers_;
  std::unordered_map<const simgrid::s4u::Host*, std::vector<Helper*>> idle_;
  bool stopping_ = false;
};

}  // namespace mcsim
