#include "wormhole_cases.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <map>
#include <numeric>
#include <sstream>

#include <fmt/format.h>

#include "sim/core/node_program.hpp"
#include "sim/core/random.hpp"
#include "topologies/machines.hpp"
#include "sim/engine/executor.hpp"
#include "sim/runner/isolated.hpp"
#include "sim/runner/isolated_simulation.hpp"
#include "topologies/k_ary_n_cube.hpp"
#include "topologies/machine_builder.hpp"

namespace mcsim::wormhole_cases {

namespace {

double cycle_seconds(const Batch& batch) { return static_cast<double>(batch.flit_bytes) * 1e-6; }

// A node's messages in the order its program sends them: by start time, then as listed.
std::vector<std::size_t> send_order(const std::vector<Message>& messages, int node) {
  std::vector<std::size_t> mine;
  for (std::size_t i = 0; i < messages.size(); ++i)
    if (messages[i].src == node) mine.push_back(i);
  std::stable_sort(mine.begin(), mine.end(),
                   [&](std::size_t a, std::size_t b) { return messages[a].start < messages[b].start; });
  return mine;
}

// Each node posts its receives, sends its messages at their start times (paying the machine's
// start-up for each), then waits for everything. Message i carries tag i; its end is its arrival.
class TimedSends final : public Program {
 public:
  TimedSends(int nodes, std::vector<Message> messages, const Batch& batch)
      : messages_(std::move(messages)), cycle_s_(cycle_seconds(batch)), flit_bytes_(batch.flit_bytes) {
    run_.nodes = nodes;
    run_.node_finish_s.assign(static_cast<std::size_t>(nodes), 0.0);
    for (const Message& m : messages_)
      run_.messages.push_back({m.src, m.dst, bytes(m), 0, false, static_cast<double>(m.start) * cycle_s_, 0.0});
  }

  void run(Node& node) override {
    const int me = node.id();
    std::vector<ReceiveHandle> receives;
    for (const Message& m : messages_)
      if (m.dst == me) receives.push_back(node.post_receive(m.src));
    std::vector<SendHandle> sends;
    for (std::size_t i : send_order(messages_, me)) {
      const Message& m = messages_[i];
      const double at = static_cast<double>(m.start) * cycle_s_;
      if (at > node.now()) node.compute(at - node.now());
      sends.push_back(node.send(m.dst, bytes(m), i, Lane::data, node.costs(bytes(m)).send_overhead_s));
    }
    for (ReceiveHandle r : receives) {
      const Arrival a = node.wait(r);
      run_.messages[static_cast<std::size_t>(a.tag)].end_s = a.arrival_s;
    }
    for (SendHandle s : sends) node.wait(s);
    run_.node_finish_s[static_cast<std::size_t>(me)] = node.now();
  }

  Run result() override { return std::move(run_); }

 private:
  std::uint64_t bytes(const Message& m) const { return static_cast<std::uint64_t>(m.flits) * flit_bytes_; }

  std::vector<Message> messages_;
  double cycle_s_;
  std::uint64_t flit_bytes_;
  Run run_;
};

}  // namespace

std::vector<oracle::Worm> worms(const Batch& batch, const std::vector<Message>& messages) {
  std::vector<oracle::Worm> out(messages.size());
  for (int node = 0; node < oracle::node_count(batch.mesh); ++node) {
    oracle::Cycle free_at = 0;  // when the node's previous send call returned
    for (std::size_t i : send_order(messages, node)) {
      free_at = std::max(messages[i].start, free_at) + batch.startup;
      out[i] = {messages[i].src, messages[i].dst, messages[i].flits, free_at};
    }
  }
  return out;
}

std::vector<std::vector<double>> run_on_mcsim(const Batch& batch) {
  const double cycle_s = cycle_seconds(batch);
  const int nodes = oracle::node_count(batch.mesh);
  const std::map<std::string, std::string> options = {{"switching", batch.switching},
                                                       {"parameters", "dimensionless"},
                                                       {"hop", fmt::format("{}", static_cast<double>(batch.mesh.hop) * cycle_s)},
                                                       {"startup", fmt::format("{}", static_cast<double>(batch.startup) * cycle_s)},
                                                       {"flit", std::to_string(batch.flit_bytes)},
                                                       {"buffer", std::to_string(batch.mesh.buffer)}};
  std::vector<Job> jobs;
  for (const auto& messages : batch.cases)
    jobs.push_back(Job::running([messages, batch](int n) { return std::make_unique<TimedSends>(n, messages, batch); }));
  std::vector<std::vector<double>> ends;
  const auto keep = [&](const std::vector<Run>& runs) {
    for (const Run& run : runs) {
      ends.emplace_back();
      for (const MessageRecord& m : run.messages) ends.back().push_back(m.end_s / cycle_s);
    }
  };
  const oracle::Mesh& m = batch.mesh;
  if (!m.torus && m.vcs == 1 && m.layers == 1) {  // the bundled mesh as it is
    auto spec_options = options;
    spec_options["rows"] = std::to_string(m.rows);
    spec_options["cols"] = std::to_string(m.cols);
    keep(simulate_isolated(MachineSpec{"mesh", nodes, spec_options}, jobs));
    return ends;
  }
  // A torus, a third dimension or more VCs: the mesh's file on that k-ary n-cube, in a child process.
  KAryNCubeShape shape{.sides = {m.cols, m.rows}, .wrap_around = m.torus, .virtual_channels = m.vcs};
  if (m.layers > 1) shape.sides.push_back(m.layers);
  const std::string text = run_isolated(
      1,
      [&](std::size_t) {
        auto machine = build_machine_on(read_machine({"mesh", 0, options}), std::make_shared<const KAryNCube>(shape));
        std::string out;
        for (const Run& run : simulate(*machine, jobs)) {
          for (const MessageRecord& rec : run.messages) out += fmt::format("{:.17g} ", rec.end_s);
          out += '\n';
        }
        return out;
      },
      1)
                               .at(0);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ends.emplace_back();
    std::istringstream values(line);
    for (double v; values >> v;) ends.back().push_back(v / cycle_s);
  }
  return ends;
}

std::vector<Batch> random_batches(std::uint64_t seed, int batches, int cases_per_batch) {
  Rng rng(seed);
  constexpr std::uint64_t flit_sizes[] = {1, 2, 4, 16};
  constexpr oracle::Cycle shortest[] = {1, 17, 65}, longest[] = {16, 64, 256};
  constexpr int window_cycles[] = {1, 64, 256};
  std::vector<Batch> out;
  while (static_cast<int>(out.size()) < batches) {
    Batch b;
    b.mesh = {1 + rng.below(8), 1 + rng.below(8), 1 + rng.below(8), 1 + rng.below(64)};
    const int nodes = b.mesh.rows * b.mesh.cols;
    if (nodes < 2) continue;
    b.startup = rng.below(17);
    b.flit_bytes = flit_sizes[rng.below(4)];
    for (int c = 0; c < cases_per_batch; ++c) {
      const int length = rng.below(3);
      const int window = window_cycles[rng.below(3)];
      std::vector<Message> messages;
      for (int src = 0; src < nodes; ++src)
        for (int k = 1 + rng.below(3); k-- > 0;) {
          const int dst = (src + 1 + rng.below(nodes - 1)) % nodes;
          const oracle::Cycle flits = shortest[length] + rng.below(static_cast<int>(longest[length] - shortest[length] + 1));
          messages.push_back({src, dst, flits, rng.below(window)});
        }
      b.cases.push_back(std::move(messages));
    }
    out.push_back(std::move(b));
  }
  return out;
}

Batch traffic_batch(std::uint64_t seed, const oracle::Mesh& mesh, oracle::Cycle flits, int cases) {
  Rng rng(seed);
  Batch b{mesh, 0, 1, {}};
  const int nodes = oracle::node_count(mesh);
  for (int c = 0; c < cases; ++c) {
    std::vector<Message> messages;
    if (c % 2 == 0) {
      std::vector<int> image(static_cast<std::size_t>(nodes));
      std::iota(image.begin(), image.end(), 0);
      rng.shuffle(image);
      for (int src = 0; src < nodes; ++src)
        if (image[static_cast<std::size_t>(src)] != src) messages.push_back({src, image[static_cast<std::size_t>(src)], flits, 0});
    } else {
      for (int src = 0; src < nodes; ++src)
        for (int k = 1 + rng.below(3); k-- > 0;) messages.push_back({src, (src + 1 + rng.below(nodes - 1)) % nodes, flits, rng.below(64)});
    }
    b.cases.push_back(std::move(messages));
  }
  return b;
}

std::string length_class(const std::vector<Message>& messages) {
  const oracle::Cycle longest =
      std::max_element(messages.begin(), messages.end(), [](const Message& a, const Message& b) { return a.flits < b.flits; })
          ->flits;
  return longest <= 16 ? "  1-16" : longest <= 64 ? " 17-64" : "65-256";
}

Comparison compare(const Batch& batch, const std::vector<Message>& messages, const std::vector<double>& mcsim_ends) {
  const std::vector<oracle::Worm> w = worms(batch, messages);
  const std::vector<oracle::Cycle> model = oracle::simulate(batch.mesh, w);
  const std::vector<oracle::Cycle> bounds = oracle::lower_bounds(batch.mesh, w);
  Comparison out;
  out.ratio = *std::max_element(mcsim_ends.begin(), mcsim_ends.end()) /
              static_cast<double>(*std::max_element(model.begin(), model.end()));
  const std::vector<oracle::Cycle> other_ties = oracle::simulate(batch.mesh, w, oracle::Ties::higher_index_first);
  out.model_ties_ratio = static_cast<double>(*std::max_element(other_ties.begin(), other_ties.end())) /
                         static_cast<double>(*std::max_element(model.begin(), model.end()));
  const double other = out.ratio / out.model_ties_ratio;
  out.nearer_ratio = std::abs(other - 1) < std::abs(out.ratio - 1) ? other : out.ratio;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    // mcsim's times are sums of seconds: allow for their rounding (10^-6 of a cycle).
    const double early = static_cast<double>(bounds[i]) - mcsim_ends[i];
    if (early > 1e-6 && early > out.worst_early_cycles) {
      out.worst_early_cycles = early;
      out.early_message = i;
    }
  }
  return out;
}

}  // namespace mcsim::wormhole_cases
