// Runs tasks in child processes: each task gets a fresh process (so a fresh SimGrid engine whose
// clock starts at 0), and up to `workers` tasks run at once on the machine's cores.
//
// A task's result is whatever text it returns; the parent gets the texts back in task order, so
// the output does not depend on how many workers ran or in which order they finished.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace mcsim {

// Called as tasks end, and about once a second while none does (the same `done` again), so that a
// display can show a long task alive.
using TaskProgress = std::function<void(std::size_t done, std::size_t total)>;

// The number by which messages name task k of a run_isolated call: k itself unless the caller
// runs a part of a longer list (a shard, the tasks --resume has not kept), whose numbers the user
// sees everywhere else.
using TaskNumber = std::function<std::size_t(std::size_t k)>;

// Throws mcsim::Error with the task's own one-line error if a task throws, or says how it died.
std::vector<std::string> run_isolated(std::size_t task_count, const std::function<std::string(std::size_t)>& task,
                                      int workers, const TaskProgress& progress = {},
                                      const TaskNumber& task_number = {});

// The number of workers to use when the user says nothing: the cores this process may use.
int default_workers();

// In a task's process: sends `error` to the parent now, on the task's result channel (status byte
// 'E' and the one-line text), as the task's outcome. An error raised inside a SimGrid actor is
// sent when it is raised, before SimGrid unwinds the other actors: under AddressSanitizer that
// unwinding, on the actors' own stacks, can end the process before the error is thrown again at
// the top, and the parent would be left to guess the error from stderr. The first error of a task
// is its outcome (a task that has sent one does not succeed); outside a task's process this does
// nothing.
void send_task_error(std::exception_ptr error);

}  // namespace mcsim
