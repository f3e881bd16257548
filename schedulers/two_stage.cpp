// Ranka, Shankar, Alsabti 1995, sec. 6: the two-stage algorithm (6.1 first stage, Figure 7;
// 6.2 second stage, Figure 8; 6.3 random reshuffling), both stages by modified linear permutation
// (sec. 4, Figure 3). Self parts (intermediate = source, or destination = intermediate) are local
// copies and are not communicated (the paper's footnote 1: p - 1 messages).
#include "two_stage.hpp"

#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "../sim/core/traffic_parameters.hpp"
#include "modified_linear_permutation.hpp"

namespace mcsim {

std::vector<std::vector<std::uint64_t>> stage1_lengths(const std::vector<std::uint64_t>& send_elements) {
  const std::size_t p = send_elements.size();
  std::vector<std::vector<std::uint64_t>> lengths(p, std::vector<std::uint64_t>(p, 0));
  for (std::size_t j = 0; j < p; ++j)
    for (std::size_t k = 0; k < p; ++k) lengths[k][j] = send_elements[j] / p;
  std::size_t k = 0;  // the round-robin turn, carried on across destinations
  for (std::size_t j = 0; j < p; ++j)
    for (std::uint64_t x = 0; x < send_elements[j] % p; ++x) {
      ++lengths[k][j];
      k = (k + 1) % p;
    }
  return lengths;
}

std::vector<int> reshuffle_within_size_groups(const std::vector<std::vector<std::uint64_t>>& lengths, Rng& rng) {
  const std::size_t p = lengths.size();
  std::map<std::uint64_t, std::vector<int>> groups;  // total length -> Figure 7's message numbers
  for (std::size_t k = 0; k < p; ++k) {
    std::uint64_t total = 0;
    for (std::uint64_t length : lengths[k]) total += length;
    groups[total].push_back(static_cast<int>(k));
  }
  std::vector<int> permutation(p);
  for (auto& [total, members] : groups) {
    std::vector<int> targets = members;
    rng.shuffle(targets);
    for (std::size_t x = 0; x < members.size(); ++x) permutation[static_cast<std::size_t>(members[x])] = targets[x];
  }
  return permutation;
}

StageOneSend stage1_send(int source, const std::vector<std::uint64_t>& send_elements, Rng& rng) {
  const std::size_t p = send_elements.size();
  const auto lengths = stage1_lengths(send_elements);
  StageOneSend out;
  out.permutation = reshuffle_within_size_groups(lengths, rng);
  out.to_intermediate.assign(p, {});
  for (std::size_t j = 0; j < p; ++j) {
    std::uint64_t offset = 0;  // Figure 7's data_ptr within a_j: parts in k order
    for (std::size_t k = 0; k < p; ++k) {
      const std::uint64_t length = lengths[k][j];
      if (length > 0)
        out.to_intermediate[static_cast<std::size_t>(out.permutation[k])].push_back(
            {source, static_cast<int>(j), static_cast<int>(k), offset, length});
      offset += length;
    }
  }
  return out;
}

std::vector<std::vector<TwoStagePart>> stage2_send(const std::vector<TwoStagePart>& held, int nodes) {
  std::vector<std::vector<TwoStagePart>> to_dest(static_cast<std::size_t>(nodes));
  for (const TwoStagePart& part : held) to_dest.at(static_cast<std::size_t>(part.dest)).push_back(part);
  for (auto& parts : to_dest)
    std::sort(parts.begin(), parts.end(), [](const TwoStagePart& a, const TwoStagePart& b) {
      return a.source != b.source ? a.source < b.source : a.index < b.index;
    });
  return to_dest;
}

void reassemble(int dest, std::vector<TwoStagePart> received, const std::vector<std::uint64_t>& expected) {
  const std::string where = fmt::format("two-stage reassembly at node {}", dest);
  std::sort(received.begin(), received.end(), [](const TwoStagePart& a, const TwoStagePart& b) {
    return a.source != b.source ? a.source < b.source : a.index < b.index;
  });
  std::vector<std::uint64_t> placed(expected.size(), 0);  // elements put back, per source
  int last_index = -1, last_source = -1;
  for (const TwoStagePart& part : received) {
    if (part.dest != dest) throw Error(where, fmt::format("a part for node {} arrived here", part.dest));
    const auto i = static_cast<std::size_t>(part.source);
    if (part.source == last_source && part.index == last_index)
      throw Error(where, fmt::format("part {} from node {} arrived twice", part.index, part.source));
    // Its place from the lengths and indices alone; its true offset says whether that is right.
    if (part.offset != placed[i])
      throw Error(where, fmt::format("part {} from node {} put at element {} holds elements from {}", part.index,
                                     part.source, placed[i], part.offset));
    placed[i] += part.length;
    last_source = part.source, last_index = part.index;
  }
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (placed[i] != expected[i])
      throw Error(where, fmt::format("{} of the {} elements from node {} arrived", placed[i], expected[i], i));
}

namespace {

using Matrix = std::vector<std::vector<std::uint64_t>>;

Matrix element_matrix(const CommMatrix& matrix, std::uint64_t word_bytes) {
  const auto p = static_cast<std::size_t>(matrix.nodes());
  Matrix elements(p, std::vector<std::uint64_t>(p, 0));
  for (const MatrixEntry& e : matrix.entries()) {
    if (e.bytes % word_bytes != 0)
      throw Error("two-stage", fmt::format("message {} -> {} of {} bytes is not a whole number of {}-byte elements",
                                           e.src, e.dst, e.bytes, word_bytes));
    elements[static_cast<std::size_t>(e.src)][static_cast<std::size_t>(e.dst)] = e.bytes / word_bytes;
  }
  return elements;
}

std::uint64_t total_length(const std::vector<TwoStagePart>& parts) {
  std::uint64_t total = 0;
  for (const TwoStagePart& part : parts) total += part.length;
  return total;
}

Run empty_run(int nodes) {
  Run run;
  run.nodes = nodes;
  run.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
  return run;
}

class TwoStage final : public Program {
 public:
  TwoStage(const CommMatrix& matrix, std::uint64_t word_bytes, std::uint64_t seed, bool barriers)
      : p_(matrix.nodes()),
        word_bytes_(word_bytes),
        seed_(seed),
        elements_(element_matrix(matrix, word_bytes)),
        traffic_(traffic_parameters(matrix).t / word_bytes),
        stage1_(p_, barriers),
        stage2_(p_, barriers),
        held_(static_cast<std::size_t>(p_)),
        arrived_(static_cast<std::size_t>(p_)),
        run_(empty_run(p_)) {}

  void run(Node& node) override {
    const int me = node.id();
    const auto p = static_cast<std::uint64_t>(p_);
    const std::uint64_t header = two_stage_header_words(p_);
    Rng rng(derive_seed(seed_, "two-stage-node", static_cast<std::uint64_t>(me)));

    // Stage 1: local pre-processing (Figure 7, 6.3), then the parts go to the intermediates; the
    // parts' descriptions stand for the message contents and are read by the receiver after the stage.
    const StageOneSend stage1 = stage1_send(me, elements_[static_cast<std::size_t>(me)], rng);
    const std::uint64_t bound = (traffic_ + p - 1) / p;  // ceil(t/p)
    std::vector<std::uint64_t> bytes(p, 0);
    for (std::size_t m = 0; m < p; ++m) {
      const std::uint64_t data = total_length(stage1.to_intermediate[m]);
      if (data > bound)
        throw Error("two-stage", fmt::format("stage-1 message {} -> {} has {} elements, above ceil(t/p) = {}", me, m,
                                             data, bound));
      if (m != static_cast<std::size_t>(me) && data > 0) bytes[m] = (data + header) * word_bytes_;
      auto& inbox = held_[m];
      inbox.insert(inbox.end(), stage1.to_intermediate[m].begin(), stage1.to_intermediate[m].end());
    }
    stage1_.run(node, bytes, run_, 0);

    // Stage 2: Figure 8 on the parts held here, then to the destinations.
    const auto stage2 = stage2_send(held_[static_cast<std::size_t>(me)], p_);
    std::fill(bytes.begin(), bytes.end(), 0);
    for (std::size_t j = 0; j < p; ++j) {
      const std::uint64_t data = total_length(stage2[j]);
      if (data > traffic_ / p + p)
        throw Error("two-stage", fmt::format("stage-2 message {} -> {} has {} elements, above t/p + p = {}", me, j,
                                             data, traffic_ / p + p));
      if (j != static_cast<std::size_t>(me) && data > 0) bytes[j] = (data + header) * word_bytes_;
      auto& inbox = arrived_[j];
      inbox.insert(inbox.end(), stage2[j].begin(), stage2[j].end());
    }
    stage2_.run(node, bytes, run_, p_);

    std::vector<std::uint64_t> expected(p);
    for (std::size_t i = 0; i < p; ++i) expected[i] = elements_[i][static_cast<std::size_t>(me)];
    reassemble(me, arrived_[static_cast<std::size_t>(me)], expected);
    run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
  }

  Run result() override { return std::move(run_); }

 private:
  int p_;
  std::uint64_t word_bytes_, seed_;
  Matrix elements_;
  std::uint64_t traffic_;  // t in elements
  ModifiedLinearPermutation stage1_, stage2_;
  std::vector<std::vector<TwoStagePart>> held_;     // [intermediate] parts received in stage 1
  std::vector<std::vector<TwoStagePart>> arrived_;  // [destination] parts received in stage 2
  Run run_;
};

// One modified linear permutation of given send vectors (bytes).
class OneExchange final : public Program {
 public:
  explicit OneExchange(Matrix bytes) : send_(std::move(bytes)), lp_(static_cast<int>(send_.size())), run_(empty_run(static_cast<int>(send_.size()))) {}
  void run(Node& node) override {
    lp_.run(node, send_[static_cast<std::size_t>(node.id())], run_, 0);
    run_.node_finish_s[static_cast<std::size_t>(node.id())] = node.now();
  }
  Run result() override { return std::move(run_); }

 private:
  Matrix send_;
  ModifiedLinearPermutation lp_;
  Run run_;
};

struct TwoStageSettings final : SchedulerSettings {
  std::uint64_t word_bytes = 4;
  bool barriers = true;
};

}  // namespace

ProgramFactory two_stage(const CommMatrix& matrix, std::uint64_t word_bytes, std::uint64_t seed, bool barriers) {
  (void)element_matrix(matrix, word_bytes);  // whole elements, checked before any simulation
  return [matrix, word_bytes, seed, barriers](int) {
    return std::make_unique<TwoStage>(matrix, word_bytes, seed, barriers);
  };
}

ProgramFactory all_to_all_same_traffic(const CommMatrix& matrix, std::uint64_t word_bytes) {
  const auto p = static_cast<std::uint64_t>(matrix.nodes());
  const std::uint64_t t = traffic_parameters(matrix).t / word_bytes;
  Matrix bytes(p, std::vector<std::uint64_t>(p, 0));
  for (std::uint64_t i = 0; i < p; ++i)
    for (std::uint64_t j = 0; j < p; ++j)  // t/p each, the t mod p left over to the nearest shifts
      if (i != j) bytes[i][j] = (t / p + ((j + p - i) % p < t % p ? 1 : 0)) * word_bytes;
  return [bytes](int) { return std::make_unique<OneExchange>(bytes); };
}

ProgramFactory modified_lp_program(const CommMatrix& matrix) {
  const auto p = static_cast<std::size_t>(matrix.nodes());
  Matrix bytes(p, std::vector<std::uint64_t>(p, 0));
  for (const MatrixEntry& e : matrix.entries()) bytes[static_cast<std::size_t>(e.src)][static_cast<std::size_t>(e.dst)] = e.bytes;
  return [bytes](int) { return std::make_unique<OneExchange>(bytes); };
}

std::shared_ptr<const SchedulerSettings> read_two_stage_settings(const SchedulerParams& params) {
  const double w = params.number("word_bytes", 4);
  if (!(w >= 1) || w != static_cast<double>(static_cast<std::uint64_t>(w)))
    throw Error(params.where(), fmt::format("word_bytes must be a whole number of bytes >= 1, got {}", w));
  auto settings = std::make_shared<TwoStageSettings>();
  settings->word_bytes = static_cast<std::uint64_t>(w);
  settings->barriers = params.flag("barriers", true);
  return settings;
}

ProgramFactory make_two_stage(const SchedulerInput& input, const SchedulerParams& params) {
  const auto& settings = params.settings<TwoStageSettings>();
  return two_stage(input.matrix, settings.word_bytes, input.rng.next(), settings.barriers);
}
ProgramFactory make_all_to_all_same_traffic(const SchedulerInput& input, const SchedulerParams& params) {
  return all_to_all_same_traffic(input.matrix, params.settings<TwoStageSettings>().word_bytes);
}
ProgramFactory make_modified_lp(const SchedulerInput& input, const SchedulerParams&) {
  return modified_lp_program(input.matrix);
}

}  // namespace mcsim
