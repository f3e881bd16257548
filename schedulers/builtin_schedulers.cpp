// The built-in schedulers under the papers' names. A new scheduler is one file with its algorithm
// (declared in algorithms.hpp) and one entry here.
#include "builtin_schedulers.hpp"

#include "algorithms.hpp"
#include "distributed_random_scheduling.hpp"
#include "two_stage.hpp"

namespace mcsim {

namespace {
const std::vector<SchedulerParameterDoc> cgmh_parameters = {
    {"lambda", "fixed value in (0, 1] (fractions like 7/8 allowed), or ms, bj, proportional (default 1)"},
    {"reset", "on/off: lambda = 1 once the active entries per column d* <= max(2, d/16) (default on)"},
    {"lambda_base", "how many messages go whole: nodes = min(m, ceil(lambda n)) (default, lambda = k/n); "
                    "messages = ceil(lambda m); floor = floor(lambda m), m = messages in the permutation"},
    {"remainder", "where a cut message's remainder goes back in its heap: size = by what is left (default), "
                  "original = at its first size, sent first again"},
    {"proportional", "the constant c of lambda = c * d*/d for lambda=proportional (default 0.8)"},
    {"cut", "which messages Decide_Size cuts: largest = those above M_eff (default, the paper's text); "
            "random = a random share goes whole and M_eff is its largest (not the paper's algorithm)"},
};
const std::vector<SchedulerParameterDoc> drs_parameters = {
    {"vectors", "exchange: each node first learns its receive vector by active messages (default); given: known beforehand"},
};
const std::vector<SchedulerParameterDoc> word_parameters = {
    {"word_bytes", "bytes of an element and of a length word (default 4, the SPARC's 32-bit word)"},
};
const std::vector<SchedulerParameterDoc> two_stage_parameters = {
    word_parameters.front(),
    {"barriers", "on/off: the barrier after every modified-LP step (default on, the paper's; off is a what-if)"},
};
}  // namespace

void register_builtin_schedulers(SchedulerRegistry& registry) {
  const std::vector<SchedulerEntry> builtin = {
      with_every_pair({"LP", "linear permutation: n-1 pairwise exchanges with P(i xor k), dummy messages where COM is 0",
                       "Ranka, Wang, Kumar 1992, sec. 3.1, Fig. 1", Strategy::loosely_synchronous,
                       &schedule_linear_permutation_xor},
                      1),
      with_every_pair({"LP-shift", "linear permutation variant: send to P((i+k) mod n), receive from P((i-k) mod n)",
                       "Ranka, Wang, Kumar 1992, sec. 3.1", Strategy::loosely_synchronous,
                       &schedule_linear_permutation_shift},
                      1),
      {"LP-no-dummies",
       "LP without dummies: n-1 phases with P(i xor k); \"if COM(i,j) = 0, processor Pi will not send "
       "message to processor Pj (but will receive message from Pj if COM(j,i) > 0)\"",
       "Wang and Ranka 1994, sec. 4.1, Fig. 2", Strategy::receiver_ready,  // S1, sec. 6
       &schedule_linear_permutation_no_dummies},
      {"CGM", "compact global masking: compressed matrix, random start column, entries randomly swapped",
       "Ranka, Wang, Fox 1992 [16]; Ranka, Wang, Kumar 1992 sec. 5.1 and 5.3.2", Strategy::loosely_synchronous,
       &schedule_compact_global_masking},
      {"CGM+sort", "CGM with each column sorted once by message size, largest first",
       "Ranka, Wang, Kumar 1992, sec. 5.1 item 6", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_sorted},
      {"CGMH", "CGM with a max-heap per column and message splitting at M_eff chosen by lambda (see parameters)",
       "Ranka, Wang, Kumar 1992, sec. 3.2 and 4, Figs. 2, 3, 6", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_heaps, {}, cgmh_parameters, false, nullptr,
       &read_compact_global_masking_heaps_settings},
      {"CGMH+MS", "CGMH, lambda by the differential approach, maximising the running sum of Gain",
       "Ranka, Wang, Kumar 1992, sec. 4.3 and 5.1 item 3", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_heaps, {{"lambda", "ms"}}, cgmh_parameters, false, nullptr,
       &read_compact_global_masking_heaps_settings},
      {"CGMH+BJ", "CGMH, lambda by the differential approach, taking the single best Gain over j <= n/4",
       "Ranka, Wang, Kumar 1992, sec. 5.1 item 4", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_heaps, {{"lambda", "bj"}}, cgmh_parameters, false, nullptr,
       &read_compact_global_masking_heaps_settings},
      {"CGM+heap", "CGMH with lambda = 1 throughout: heaps, largest first, no splitting",
       "Ranka, Wang, Kumar 1992, sec. 5.1 item 7", Strategy::loosely_synchronous,
       &schedule_compact_global_masking_heaps, {{"lambda", "1"}}, cgmh_parameters, false, nullptr,
       &read_compact_global_masking_heaps_settings},
      {"AC", "asynchronous communication: post all receives, send everything, wait for all",
       "Ranka, Wang, Kumar 1992, sec. 3.3, Fig. 5", Strategy::asynchronous, &schedule_asynchronous},
      {"RS_N", "randomized scheduling avoiding node contention: compressed matrix, random start row, rows shuffled",
       "Wang and Ranka 1994, sec. 4, Fig. 3", Strategy::asynchronous, &schedule_random_node},  // S2, sec. 6
      {"RS_NL",
       "RS_N whose phases also share no directed channel of the machine's fixed routes, pairwise exchanges first",
       "Wang and Ranka 1994, sec. 5, Fig. 4", Strategy::receiver_ready, &schedule_random_node_link, {}, {},  // S1, sec. 6
       /*needs_routes=*/true},
      // Run-time protocols and stage programs of Ranka, Shankar, Alsabti 1995 (node programs, no plan).
      {"DRS", "distributed random scheduling: test-and-set the destination's busy lock by active message, send if free",
       "Ranka, Shankar, Alsabti 1995, sec. 5, Figs. 4-5", Strategy::asynchronous, nullptr, {}, drs_parameters, false,
       &make_drs, &read_drs_settings},
      {"DRS+improvements", "DRS where a busy node says how long it stays busy and gives the go-ahead near the end",
       "Ranka, Shankar, Alsabti 1995, sec. 5 (the two improvements)", Strategy::asynchronous, nullptr, {},
       drs_parameters, false, &make_drs_improved, &read_drs_settings},
      // Modified LP exchanges lengths, then data, with every node (2 per pair); two-stage runs it twice.
      with_every_pair({"two-stage", "split every message in p parts, send them via p intermediates; both stages by modified LP",
                       "Ranka, Shankar, Alsabti 1995, sec. 6, Figs. 7-8", Strategy::phase_synchronous, nullptr, {},
                       two_stage_parameters, false, &make_two_stage, &read_two_stage_settings},
                      4),
      with_every_pair({"LP-modified", "modified linear permutation: exchange lengths, p-1 steps with i xor k, barrier after each",
                       "Ranka, Shankar, Alsabti 1995, sec. 4, Fig. 3", Strategy::phase_synchronous, nullptr, {}, {},
                       false, &make_modified_lp},
                      2),
      with_every_pair({"AAPC-same-traffic", "all-to-all personalized exchange of t/p elements per pair (t of the matrix), modified LP",
                       "Ranka, Shankar, Alsabti 1995, sec. 8 (claim: two-stage about half its speed)",
                       Strategy::phase_synchronous, nullptr, {}, word_parameters, false, &make_all_to_all_same_traffic,
                       &read_two_stage_settings},
                      2),
  };
  for (const auto& entry : builtin) registry.add(entry);
  register_redistribution_schedulers(registry);  // Guo and Pan 2005
}

}  // namespace mcsim
