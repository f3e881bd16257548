// Errors raised inside the simulation. SimGrid 3.32 aborts the whole process, printing a backtrace,
// when an exception leaves an actor's code. An error a node program or a transport raises there (a
// control message to a node that does not exist, a ready signal that carries bytes) must reach the
// user as the one-line error it is. So every actor mcsim creates runs its code through `guarded`:
// the first error is kept, every other actor is killed so that Engine::run returns, and `simulate`
// rethrows the error once it has.
#pragma once

#include <simgrid/Exception.hpp>

#include <exception>
#include <utility>

namespace mcsim {

// Keeps `error` if it is the simulation's first (and hands it to the observer, if one is set), and
// kills every actor but the calling one.
void stop_simulation_on(std::exception_ptr error);
// Called with a simulation's first error as soon as it is raised, before SimGrid unwinds the other
// actors: the process runner (sim/runner/isolated.hpp) sets it in a task's process to send the
// error to its parent at once. The engine itself knows no processes.
using FirstErrorObserver = void (*)(std::exception_ptr error);
void observe_first_actor_error(FirstErrorObserver observer);
// In the sanitizer build, clears what an exception's unwinding left poisoned on the calling
// actor's stack (actor_errors.cpp says why); nothing otherwise.
void forget_unwound_frames();
// Forgets any kept error (at the start of a simulation).
void clear_actor_error();
// After Engine::run: rethrows the kept error, if any.
void rethrow_actor_error();

template <class Code>
auto guarded(Code code) {
  return [code = std::move(code)]() mutable {
    try {
      code();
    } catch (const simgrid::ForcefulKillException&) {
      throw;  // SimGrid unwinds a killed actor with this; it must go through
    } catch (...) {
      forget_unwound_frames();
      stop_simulation_on(std::current_exception());
    }
  };
}

}  // namespace mcsim
