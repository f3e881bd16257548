// Array redistribution schedules (Guo and Pan, "Improving communication scheduling for array
// redistribution", JPDC 65 (2005)) as schedulers: the matrix is the redistribution's
// communication table in bytes (sim/redistribution/), the parameters x, p, y, q name the
// redistribution, and the plan follows the schedule's CS table step by step. Local copies
// (P_i to Q_i, one processor) stay off the network.
//
//   general          sec. 2 template: send to Q_0 .. Q_(q-1) in turn (blocking sends: one phase per
//                    target, every sender on the same target at once), then receive
//   contention-free  sec. 2.2, Fig. 1(b): step k to (me + k) mod q
//   algorithm1       sec. 4.1
//                    Both run step by step with a barrier after each step: sec. 2.2 ("the cost of a
//                    step is ... dictated by the length of the longest message exchanged during the
//                    step"; Example 2: "the barrier synchronization is carried out at each
//                    communication step") and the cost model of sec. 5.1, K (T_s + max m T_d).
//                    strategy = "loosely-synchronous" in a scenario drops the barrier.
//   algorithm2       sec. 4.2; non-blocking inside a large step, a barrier between large steps
//   algorithm2-stepwise   Fig. 2(b): Algorithm 2's order with a barrier after every small step
//   MPI_Alltoallv    MPICH 1.0.10 .. 1.2.4 (1.1.2 on the paper's cluster, sec. 5.3),
//                    src/coll/intra_fns.c: for i = 0 .. size-1 post Irecv from i and Isend to i,
//                    then one Waitall; zero-length pairs are posted too (0-byte messages)
//   MPI_Alltoallv-1.2.5   MPICH 1.2.5 on: the same with partner (rank + i) mod size
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "../sim/core/error.hpp"
#include "../sim/redistribution/schedules.hpp"
#include "algorithms.hpp"

namespace mcsim {

namespace {

using redistribution::CommunicationSchedule;
using redistribution::CommunicationTable;
using redistribution::Redistribution;

Error not_positive_integer(const SchedulerParams& params, const char* key) {
  return Error(params.where(), fmt::format("parameter {} must be a positive integer (the redistribution cyclic(x) on "
                                           "p -> cyclic(y) on q), got {}",
                                           key, params.text(key, "nothing")));
}

// x, p, y, q as given; a spec may name the scheduler alone (a work estimate), so a missing one is
// refused when the scheduler is run.
struct RedistributionSettings final : SchedulerSettings {
  std::optional<std::int64_t> x, p, y, q;
};

std::shared_ptr<const SchedulerSettings> read_redistribution_settings(const SchedulerParams& params) {
  auto integer = [&](const char* key) -> std::optional<std::int64_t> {
    if (!params.values().contains(key)) return std::nullopt;
    const double v = params.number(key, 0);
    if (!(v >= 1) || v != static_cast<double>(static_cast<std::int64_t>(v))) throw not_positive_integer(params, key);
    return static_cast<std::int64_t>(v);
  };
  auto settings = std::make_shared<RedistributionSettings>();
  settings->x = integer("x"), settings->p = integer("p"), settings->y = integer("y"), settings->q = integer("q");
  return settings;
}

Redistribution redistribution_of(const SchedulerParams& params, int nodes) {
  const auto& s = params.settings<RedistributionSettings>();
  auto given = [&](const std::optional<std::int64_t>& value, const char* key) {
    if (!value) throw not_positive_integer(params, key);
    return *value;
  };
  Redistribution r{given(s.x, "x"), static_cast<int>(given(s.p, "p")), given(s.y, "y"), static_cast<int>(given(s.q, "q"))};
  r.check(params.where());
  if (std::max(r.p, r.q) > nodes)
    throw Error(params.where(), fmt::format("{} needs {} processors, the matrix has {}", r.name(), std::max(r.p, r.q), nodes));
  return r;
}

// The table's pattern must be the matrix's: the schedule is made from the table, the bytes come
// from the matrix.
CommunicationTable checked_table(const Redistribution& r, const CommMatrix& matrix, const std::string& where) {
  const CommunicationTable m = redistribution::communication_table(r);
  for (int i = 0; i < matrix.nodes(); ++i)
    for (int j = 0; j < matrix.nodes(); ++j) {
      if (i == j) continue;
      const bool in_table = i < r.p && j < r.q && m(i, j) != 0;
      if (in_table != (matrix.bytes(i, j) != 0))
        throw Error(where, fmt::format("the matrix is not the communication table of {} (P{} -> Q{}){}", r.name(), i, j,
                                       in_table ? fmt::format("; the schedules are made from the table of a slice of "
                                                              "L = lcm(xp, yq) = {} elements, of which a shorter "
                                                              "array sends only a part",
                                                              r.slice())
                                                : ""));
    }
  return m;
}

Plan plan_of(const CommunicationSchedule& schedule, const CommMatrix& matrix, OperationCounts& ops) {
  Plan plan;
  for (const auto& step : schedule.steps) {
    Phase phase;
    std::vector<int> sends(static_cast<std::size_t>(matrix.nodes())), receives(sends.size());
    for (int i = 0; i < schedule.p; ++i)
      for (int j : step[static_cast<std::size_t>(i)]) {
        if (i == j) {
          ++ops["local_copies"];
          continue;
        }
        phase.messages.push_back({i, j, matrix.bytes(i, j), false});
        ++sends[static_cast<std::size_t>(i)];
        ++receives[static_cast<std::size_t>(j)];
      }
    // A partial permutation: no node sends or receives twice in the step.
    phase.partial_permutation = std::ranges::all_of(sends, [](int n) { return n <= 1; }) &&
                                std::ranges::all_of(receives, [](int n) { return n <= 1; });
    plan.phases.push_back(std::move(phase));
  }
  ops["steps"] = schedule.steps.size();
  return plan;
}

Plan scheduled(const std::string& name, const SchedulerInput& input, const SchedulerParams& params,
               OperationCounts& ops) {
  const Redistribution r = redistribution_of(params, input.matrix.nodes());
  const CommunicationTable m = checked_table(r, input.matrix, params.where());
  return plan_of(redistribution::schedule_by_name(name, r, m, params.where()), input.matrix, ops);
}

Plan alltoallv(const SchedulerInput& input, const SchedulerParams& params, OperationCounts& ops, bool rotated) {
  const Redistribution r = redistribution_of(params, input.matrix.nodes());
  checked_table(r, input.matrix, params.where());
  const int size = std::max(r.p, r.q);  // one communicator holds both processor sets
  Plan plan;
  Phase all;
  all.partial_permutation = false;
  for (int rank = 0; rank < size; ++rank)
    for (int k = 0; k < size; ++k) {
      const int partner = rotated ? (rank + k) % size : k;
      if (partner == rank) continue;  // the self part is a local copy
      const std::uint64_t bytes = input.matrix.bytes(rank, partner);
      if (bytes == 0) ++ops["zero_length_messages"];
      all.messages.push_back({rank, partner, bytes, bytes == 0});
    }
  plan.phases.push_back(std::move(all));
  return plan;
}

Plan schedule_redistribution_general(const SchedulerInput& input, const SchedulerParams& params, OperationCounts& ops) {
  const Redistribution r = redistribution_of(params, input.matrix.nodes());
  const CommunicationTable m = checked_table(r, input.matrix, params.where());
  // One phase per target: blocking sends in target order put every sender on Q_k at once.
  CommunicationSchedule s = redistribution::general_schedule(m);
  CommunicationSchedule per_target{s.name, s.p, s.q, {}, true};
  for (int j = 0; j < m.q(); ++j) {
    std::vector<std::vector<int>> step(static_cast<std::size_t>(m.p()));
    for (int i = 0; i < m.p(); ++i)
      for (int t : s.steps[0][static_cast<std::size_t>(i)])
        if (t == j) step[static_cast<std::size_t>(i)].push_back(j);
    per_target.steps.push_back(std::move(step));
  }
  return plan_of(per_target, input.matrix, ops);
}
Plan schedule_redistribution_contention_free(const SchedulerInput& in, const SchedulerParams& p, OperationCounts& ops) {
  return scheduled("contention-free", in, p, ops);
}
Plan schedule_redistribution_algorithm1(const SchedulerInput& in, const SchedulerParams& p, OperationCounts& ops) {
  return scheduled("algorithm1", in, p, ops);
}
Plan schedule_redistribution_algorithm2(const SchedulerInput& in, const SchedulerParams& p, OperationCounts& ops) {
  return scheduled("algorithm2", in, p, ops);
}
Plan schedule_redistribution_algorithm2_stepwise(const SchedulerInput& in, const SchedulerParams& p,
                                                 OperationCounts& ops) {
  return scheduled("algorithm2-stepwise", in, p, ops);
}
Plan schedule_mpich_alltoallv(const SchedulerInput& in, const SchedulerParams& p, OperationCounts& ops) {
  return alltoallv(in, p, ops, false);
}
Plan schedule_mpich_alltoallv_rotated(const SchedulerInput& in, const SchedulerParams& p, OperationCounts& ops) {
  return alltoallv(in, p, ops, true);
}


}  // namespace

// Every entry takes x, p, y, q.
void register_redistribution_schedulers(SchedulerRegistry& registry) {
  const std::vector<SchedulerParameterDoc> params = {
      {"x", "source block size: cyclic(x) (required)"},
      {"p", "source processors P_0..P_(p-1) (required)"},
      {"y", "target block size: cyclic(y) (required)"},
      {"q", "target processors Q_0..Q_(q-1) (required)"},
  };
  const std::vector<SchedulerEntry> redistribution = {
      {"general", "redistribution, naive routine: every sender sends to Q_0, Q_1, ... in turn (blocking sends)",
       "Guo and Pan 2005, sec. 2 (template routine)", Strategy::loosely_synchronous, &schedule_redistribution_general,
       {}, params, false, nullptr, &read_redistribution_settings},
      {"contention-free", "redistribution: step k sends to Q_((me + k) mod q), a barrier after every step",
       "Guo and Pan 2005, sec. 2.2, Fig. 1(b)", Strategy::phase_synchronous,
       &schedule_redistribution_contention_free, {}, params, false, nullptr, &read_redistribution_settings},
      {"algorithm1", "redistribution, gcd(x,q) = gcd(y,p) = 1: permutations of equal message lengths from P_0's vector",
       "Guo and Pan 2005, sec. 4.1, Algorithm 1", Strategy::phase_synchronous, &schedule_redistribution_algorithm1, {},
       params, false, nullptr, &read_redistribution_settings},
      {"algorithm2", "redistribution: large steps along block diagonals, largest messages first, barrier between",
       "Guo and Pan 2005, sec. 4.2, Algorithm 2", Strategy::phase_synchronous, &schedule_redistribution_algorithm2, {},
       params, false, nullptr, &read_redistribution_settings},
      {"algorithm2-stepwise", "Algorithm 2's order with a barrier after every small step (Fig. 2(b))",
       "Guo and Pan 2005, sec. 2.2, Example 2", Strategy::phase_synchronous,
       &schedule_redistribution_algorithm2_stepwise, {}, params, false, nullptr, &read_redistribution_settings},
      // MPICH's Alltoallv posts a send and a receive for every pair, 0 bytes or not.
      with_every_pair({"MPI_Alltoallv", "MPICH 1.0.10-1.2.4 Alltoallv: Irecv/Isend with rank 0, 1, ... in turn (0-byte ones too), Waitall",
                       "MPICH 1.1.2 src/coll/intra_fns.c (Guo and Pan 2005, sec. 5.3)", Strategy::asynchronous,
                       &schedule_mpich_alltoallv, {}, params, false, nullptr, &read_redistribution_settings},
                      1),
      with_every_pair({"MPI_Alltoallv-1.2.5", "MPICH 1.2.5+ Alltoallv: the same with partner (rank + i) mod size",
                       "MPICH 1.2.5 src/coll/intra_fns.c", Strategy::asynchronous, &schedule_mpich_alltoallv_rotated,
                       {}, params, false, nullptr, &read_redistribution_settings},
                      1),
  };
  for (const auto& entry : redistribution) registry.add(entry);
}

}  // namespace mcsim
