#include "actor_errors.hpp"

#include <simgrid/s4u/Actor.hpp>

#include "isolated.hpp"

namespace mcsim {
namespace {

// One simulation per process (SimGrid 3.32 has one engine), so one kept error.
std::exception_ptr& kept_error() {
  static std::exception_ptr error;
  return error;
}

}  // namespace

void stop_simulation_on(std::exception_ptr error) {
  if (!kept_error()) {
    // To the parent at once, on the task's own channel: the unwinding below may end the process.
    send_task_error(error);
    kept_error() = std::move(error);
  }
  simgrid::s4u::Actor::kill_all();
}

void clear_actor_error() { kept_error() = nullptr; }

void rethrow_actor_error() {
  if (std::exception_ptr error = std::exchange(kept_error(), nullptr)) std::rethrow_exception(error);
}

}  // namespace mcsim
