// mcsim's wormhole transport against the flit-level model of tests/wormhole_oracle.hpp on random
// cases (tests/wormhole_cases.hpp): the ratio of whole-run completions, mcsim over the model, by
// message length and by buffer depth, and every message mcsim delivered before the model's physical
// lower bound. Usage: wormhole_agreement [cases, default 500] [seed, default 32] [cases per process, 5]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "wormhole_cases.hpp"

using namespace mcsim;
using namespace mcsim::wormhole_cases;

namespace {

struct Ratios {
  std::vector<double> all;
  void add(double r) { all.push_back(r); }
  std::string line(const std::string& label) {
    std::sort(all.begin(), all.end());
    const double median = all.size() % 2 ? all[all.size() / 2] : (all[all.size() / 2 - 1] + all[all.size() / 2]) / 2;
    return fmt::format("  {:<14} {:>5} cases   median {:.4f}   min {:.4f}   max {:.4f}", label, all.size(), median,
                       all.front(), all.back());
  }
};

std::string buffer_class(oracle::Cycle depth) { return depth <= 4 ? "buffer  1-4" : depth <= 16 ? "buffer  5-16" : "buffer 17-64"; }

}  // namespace

int main(int argc, char** argv) {
  const int cases = argc > 1 ? std::atoi(argv[1]) : 500;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 32;
  const int per_batch = argc > 3 ? std::atoi(argv[3]) : 5;
  if (cases < 1 || per_batch < 1) {
    fmt::print(stderr, "wormhole_agreement: cases and cases per process must be at least 1\n");
    return 2;
  }
  const auto began = std::chrono::steady_clock::now();
  Ratios overall, ties, settled, unsettled, nearer;
  std::map<std::string, Ratios> by_length, by_buffer;
  int early_cases = 0, off_cases = 0;
  double worst_early = 0;
  std::string worst_early_case;
  const auto batches = random_batches(seed, (cases + per_batch - 1) / per_batch, per_batch);
  int done = 0;
  for (std::size_t b = 0; b < batches.size() && done < cases; ++b) {
    const auto ends = run_on_mcsim(batches[b]);
    for (std::size_t c = 0; c < batches[b].cases.size() && done < cases; ++c, ++done) {
      const Comparison cmp = compare(batches[b], batches[b].cases[c], ends[c]);
      overall.add(cmp.ratio);
      ties.add(cmp.model_ties_ratio);
      (std::abs(cmp.model_ties_ratio - 1) <= 1e-3 ? settled : unsettled).add(cmp.ratio);
      nearer.add(cmp.nearer_ratio);
      if (std::abs(cmp.ratio - 1) > 1e-3) ++off_cases;
      by_length[length_class(batches[b].cases[c])].add(cmp.ratio);
      by_buffer[buffer_class(batches[b].mesh.buffer)].add(cmp.ratio);
      if (cmp.worst_early_cycles > 0) {
        ++early_cases;
        if (cmp.worst_early_cycles > worst_early) {
          worst_early = cmp.worst_early_cycles;
          worst_early_case = fmt::format("batch {} case {} message {}", b, c, cmp.early_message);
        }
      }
    }
  }
  fmt::print("wormhole agreement, seed {}: mcsim / flit model, whole-run completion\n", seed);
  fmt::print("{}\n", overall.line("all"));
  for (auto& [label, r] : by_length) fmt::print("{}\n", r.line(label + " flits"));
  for (auto& [label, r] : by_buffer) fmt::print("{}\n", r.line(label));
  fmt::print("  cases whose completion differs by more than 0.1%: {}\n", off_cases);
  fmt::print("the flit model against itself, the other order of same-cycle requests over the first:\n{}\n",
             ties.line("all"));
  fmt::print("mcsim / flit model where the model's two orders agree, and where they do not; mcsim / the nearer order:\n");
  fmt::print("{}\n{}\n{}\n", settled.line("orders agree"), unsettled.line("orders differ"), nearer.line("nearer order"));
  fmt::print("  cases with a message before its physical lower bound: {} (worst {:.1f} cycles early{}{})\n", early_cases,
             worst_early, worst_early_case.empty() ? "" : ", ", worst_early_case);
  fmt::print("  wall {:.1f} s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
}
