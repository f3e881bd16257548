// The two-stage algorithm for many-to-many communication with bounded traffic (Ranka, Shankar,
// Alsabti 1995, sec. 6): every message a_ij is cut into p parts, stage 1 sends each source's parts
// to p intermediate nodes in messages of near-equal size (Figure 7, reshuffled within size groups as
// sec. 6.3 says), stage 2 forwards them to their destinations (Figure 8); both stages run as modified
// linear permutation. Elements and length words are `word_bytes` bytes each.
#pragma once

#include <cstdint>
#include <vector>

#include "../sim/core/node_program.hpp"
#include "../sim/core/random.hpp"
#include "../sim/core/scheduler.hpp"

namespace mcsim {

// Part `index` (0..p-1, Figure 7's intermediate number before reshuffling) of the message from
// `source` to `dest`: its elements [offset, offset + length) in the order the source holds them.
// The offset is the elements' identity, used only to check the reassembly: what travels is the
// length and (6.3's permutation array) the index.
struct TwoStagePart {
  int source = 0, dest = 0, index = 0;
  std::uint64_t offset = 0, length = 0;
  friend bool operator==(const TwoStagePart&, const TwoStagePart&) = default;
};

// Figure 7 (Stg1pp) at one source: lengths[k][j] elements of a_j = send_elements[j] go through
// intermediate k: a_j div p each, and the a_j mod p left over one by one round robin over k, the
// turn carried on from one destination to the next.
std::vector<std::vector<std::uint64_t>> stage1_lengths(const std::vector<std::uint64_t>& send_elements);

// Sec. 6.3: the intermediate of Figure 7's message k becomes permutation[k], drawn at random among
// the messages of the same total length (the ceil(r/p) and floor(r/p) groups).
std::vector<int> reshuffle_within_size_groups(const std::vector<std::vector<std::uint64_t>>& lengths, Rng& rng);

// Stage 1 at `source`: the parts it sends to each intermediate m (index m), reshuffled.
struct StageOneSend {
  std::vector<std::vector<TwoStagePart>> to_intermediate;  // [m]
  std::vector<int> permutation;                            // Figure 7's message k goes to permutation[k]
};
StageOneSend stage1_send(int source, const std::vector<std::uint64_t>& send_elements, Rng& rng);

// Figure 8 (Stg2pp) at an intermediate: the parts it holds, grouped per destination (index j), in
// source order.
std::vector<std::vector<TwoStagePart>> stage2_send(const std::vector<TwoStagePart>& held, int nodes);

// At `dest`: puts the parts from each source back together in index order (each part's place is
// the sum of the lengths of the parts with lower index) and checks every element arrived once, at
// its place: throws mcsim::Error naming the first misplaced or missing element range.
// expected[i] = elements source i sent to dest.
void reassemble(int dest, std::vector<TwoStagePart> received, const std::vector<std::uint64_t>& expected);

// Words of header on each message: p lengths and their sum (Figure 6), plus p words of 6.3's
// permutation array (stage 1) or of part indices (stage 2).
inline std::uint64_t two_stage_header_words(int nodes) { return 2 * static_cast<std::uint64_t>(nodes) + 1; }

// The node program for `matrix` (bytes, multiples of word_bytes). Run messages: stage 1 phases
// 1..p-1, stage 2 phases p+1..2p-1. The program checks every destination's reassembly and the
// stage-1 bound (no stage-1 message above ceil(t/p) data elements) and throws mcsim::Error if either fails.
// barriers = false: both stages without the barrier after each step (a what-if, not the paper's).
ProgramFactory two_stage(const CommMatrix& matrix, std::uint64_t word_bytes, std::uint64_t seed, bool barriers = true);

// All-to-all personalized exchange of the same traffic (claim C002-5): every node sends t/p elements
// (t: the matrix's traffic bound in elements) to every other node by modified linear permutation.
ProgramFactory all_to_all_same_traffic(const CommMatrix& matrix, std::uint64_t word_bytes);

// Modified linear permutation of the matrix itself, single stage (sec. 4, Figure 3).
ProgramFactory modified_lp_program(const CommMatrix& matrix);

// The scheduler entries' makers (builtin_schedulers.cpp).
ProgramFactory make_two_stage(const SchedulerInput& input, const SchedulerParams& params);
// word_bytes (and two-stage's barriers) as the settings of both (SchedulerEntry::read_settings).
std::shared_ptr<const SchedulerSettings> read_two_stage_settings(const SchedulerParams& params);
ProgramFactory make_all_to_all_same_traffic(const SchedulerInput& input, const SchedulerParams& params);
ProgramFactory make_modified_lp(const SchedulerInput& input, const SchedulerParams& params);

}  // namespace mcsim
