// What the sweeping kinds (simulation, permutations, bounded-traffic) share as plug-ins: their
// typed value is a SweepScenario, so they run on its [machine] (or each machine of its axis), read
// its matrix file if any, draw `samples` matrices and count their work with their own estimator.
#pragma once

#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "experiment.hpp"
#include "reproduction_kind.hpp"
#include "work_estimate.hpp"

namespace mcsim {

template <class T>
class SweepKind : public TypedKind<T> {
 public:
  using TypedKind<T>::TypedKind;
  std::vector<MachineSpec> machines() const override { return machines_of(this->value_); }
  MachineSpec* machine() override { return &this->value_.machine; }
  std::vector<std::string> input_files() const override {
    if (this->value_.workload.file.empty()) return {};
    return {this->value_.workload.file};
  }
  // Keeps the node counts up to `max_nodes` (machine.nodes is the first of them).
  void limit_nodes(int max_nodes) override {
    auto& s = this->value_;
    std::vector<int> kept;
    for (int n : s.nodes)
      if (n <= max_nodes) kept.push_back(n);
    if (kept.empty())
      throw Error("--max-nodes", fmt::format("{} runs on {} nodes, none of them at most {}", s.id,
                                             fmt::join(s.nodes, ", "), max_nodes));
    s.nodes = std::move(kept);
    s.machine.nodes = s.nodes.front();
  }
  int samples(const RunOptions& run) const override { return resolved_samples(this->value_, run).samples; }
  WorkEstimate estimate_work(const RunOptions& run, double task_share, double stop_above) const override {
    return estimate_kind_work(this->value_, run, WorkStop{task_share, stop_above});
  }
};

}  // namespace mcsim
