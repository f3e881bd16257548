#include "actor_errors.hpp"

#include <simgrid/s4u/Actor.hpp>


#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

namespace mcsim {
namespace {

// One simulation per process (SimGrid 3.32 has one engine), so one kept error.
std::exception_ptr& kept_error() {
  static std::exception_ptr error;
  return error;
}

}  // namespace

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer does not know SimGrid's actor stacks (Debian's SimGrid is not built with its
// fiber hooks), so the unwinding of an exception thrown there leaves the red zones of the frames
// it passed poisoned ("ASan is ignoring requested __asan_handle_no_return", google/sanitizers#189);
// the next call that reaches them reports a stack overflow that is not one. Below the handler
// those frames are gone: unpoison the actor's stack (a heap block, found by ASan itself) from its
// start up to here, as __asan_handle_no_return does on a stack it knows.
__attribute__((noinline, no_sanitize_address)) void forget_unwound_frames() {
  char* here = static_cast<char*>(__builtin_frame_address(0));
  void* block = nullptr;
  std::size_t size = 0;
  char name[1];
  const char* kind = __asan_locate_address(here, name, sizeof name, &block, &size);
  // Nothing here may call instrumented code before the unpoisoning: this frame's own locals may sit
  // on the stale red zones (strcmp is ASan's, and reads only its two constant strings).
  if (kind && __builtin_strcmp(kind, "heap") == 0 && static_cast<char*>(block) < here)
    __asan_unpoison_memory_region(block, static_cast<std::size_t>(here - static_cast<char*>(block)));
}

// On the same unknown stacks __asan_handle_no_return, called at every throw, checks its own call
// of sigaltstack against stale red zones there and reports a stack overflow in ASan's own code
// before the exception is even thrown. mcsim never calls
// sigaltstack, so that interceptor's reports are suppressed, in every process of the build.
extern "C" const char* __asan_default_suppressions() { return "interceptor_name:sigaltstack\n"; }
#else
void forget_unwound_frames() {}
#endif

static FirstErrorObserver& first_error_observer() {
  static FirstErrorObserver observer = nullptr;
  return observer;
}

void observe_first_actor_error(FirstErrorObserver observer) { first_error_observer() = observer; }

void stop_simulation_on(std::exception_ptr error) {
  if (!kept_error()) {
    // To the observer at once (a task's parent): the unwinding below may end the process.
    if (first_error_observer()) first_error_observer()(error);
    kept_error() = std::move(error);
  }
  simgrid::s4u::Actor::kill_all();
}

void clear_actor_error() { kept_error() = nullptr; }

void rethrow_actor_error() {
  if (std::exception_ptr error = std::exchange(kept_error(), nullptr)) std::rethrow_exception(error);
}

}  // namespace mcsim
