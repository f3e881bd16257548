// The one decision of who shares the flow transport's links in a run (sim/core/sharing.hpp): made
// before the run from the machine, its jobs and what was asked, put in the run's options
// (SimulationOptions::sharing) for the executor, written into each job's record, and asked again by
// the work estimate (sim/scenario/work_estimate.cpp) for the jobs it counts, so that the estimate
// prices the sharing that will run. Recorded or not, a run decides the same.
#pragma once

#include <vector>

#include "../core/sharing.hpp"
#include "../engine/executor.hpp"
#include "../engine/machine.hpp"

namespace mcsim {

// A job as the decision sees it (the work estimate has no plan, only counts).
struct JobShape {
  bool program = false;        // a node program: what it sends is not known before it runs
  double messages = 0;         // the messages its plan sends
  double flows_per_phase = 0;  // of them, those with bytes, on average per phase
};
JobShape shape_of(const Job& job);

// The message library starts every message once its receive is posted (a rendezvous in every size
// regime): the fluid sharing moves a message's bytes from the moment the flow transport starts
// them, which is SimGrid's timing only then (SimGrid's data would wait in the mailbox for an eager
// message's receive).
bool rendezvous_library(const Machine& machine);

// SimGrid's sharing where the transport does not share links as flows (whatever was asked: the
// setting means nothing there). Else what was asked; `auto` takes the fluid sharing when every job
// is a plan that keeps many flows in flight (fluid_pays) on a rendezvous library whose links have no
// latency. Throws mcsim::Error ("--sharing fluid: ...") when the fluid sharing is asked for where it
// cannot give SimGrid's times: no rendezvous library, or links with latency (links.latency: the
// fluid sharing moves bytes from a flow's start at its max-min rate; SimGrid's CM02 holds a flow
// for its route's latency first and weighs its share by that latency).
SharingDecision choose_sharing(const Machine& machine, const std::vector<JobShape>& jobs, SharingRequest request);
SharingDecision choose_sharing(const Machine& machine, const std::vector<Job>& jobs, const SimulationOptions& options);

}  // namespace mcsim
