// Random wormhole cases run both ways: on the flit-level model (wormhole_oracle.hpp) and on mcsim's
// wormhole transport (a real SimGrid simulation of the mesh machine), for the property test
// (test_wormhole_agreement.cpp) and the agreement benchmark (bench/wormhole_agreement.cpp).
//
// Units: the mesh's "dimensionless" parameter set moves 10^6 bytes a second, so with flits of f
// bytes a cycle is f microseconds; the header delay, the start-up and the send times are given to
// mcsim in seconds (cycles x f x 10^-6) and its times read back in cycles.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wormhole_oracle.hpp"

namespace mcsim::wormhole_cases {

struct Message {
  int src = 0;
  int dst = 0;
  oracle::Cycle flits = 1;
  oracle::Cycle start = 0;  // when the sender's program calls send (then pays the start-up)
};

// One simulation of several cases: they share a machine, and run one after another.
struct Batch {
  oracle::Mesh mesh;
  oracle::Cycle startup = 0;  // the start-up c, in cycles, paid by the sender before each send
  std::uint64_t flit_bytes = 1;
  std::vector<std::vector<Message>> cases;
  std::string switching = "wormhole";  // mcsim's transport (the model is wormhole's)
};

// When each message's header asks for its first channel: a node's sends go in order of their start
// times, each after the start-up of the one before (the sender pays c for each, one at a time).
std::vector<oracle::Worm> worms(const Batch& batch, const std::vector<Message>& messages);

// Per case, per message: when mcsim delivered its last byte, in cycles (one SimGrid process).
std::vector<std::vector<double>> run_on_mcsim(const Batch& batch);

// The spread: meshes up to 8 x 8, 1-3 messages per node, 1-256 flits (each case draws a
// length class, short 1-16, medium 17-64 or long 65-256, and its lengths within it), buffers of
// 1-64 flits, header delays of 1-8 cycles, start-ups of 0-16 cycles, flits of 1, 2, 4 or 16 bytes,
// sends started at random in the first 256 or 64 cycles of a case, or all at 0.
std::vector<Batch> random_batches(std::uint64_t seed, int batches, int cases_per_batch);
std::string length_class(const std::vector<Message>& messages);

// Traffic on a given network (a torus, say): `cases` cases of `flits` flits a message, no start-up,
// 1-byte flits; even cases a random permutation (every node sends to its image, all at once), odd
// ones random traffic (every node 1-3 messages to random others, started in the first 64 cycles).
Batch traffic_batch(std::uint64_t seed, const oracle::Mesh& mesh, oracle::Cycle flits, int cases);  // "  1-16", " 17-64", "65-256"

// One case compared: whole-run completion of mcsim over the model's, and how far mcsim ended a
// message before the physical lower bound (0 if never; in cycles).
struct Comparison {
  double ratio = 0;
  // The model's own completion with the other order of same-cycle requests, over its first.
  double model_ties_ratio = 0;
  // mcsim's completion over the model's with whichever order of same-cycle requests is nearer.
  double nearer_ratio = 0;
  double worst_early_cycles = 0;
  std::size_t early_message = 0;  // the message that came earliest, when worst_early_cycles > 0
};
Comparison compare(const Batch& batch, const std::vector<Message>& messages, const std::vector<double>& mcsim_ends);

}  // namespace mcsim::wormhole_cases
