// What the sweeping kinds (simulation, permutations, bounded-traffic) share as plug-ins: their
// typed value is a SweepScenario, so they run on its [machine] (or each machine of its axis), read
// its matrix file if any, draw `samples` matrices and count their work with their own estimator.
#pragma once

#include <string>
#include <vector>

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
  int samples(const RunOptions& run) const override { return resolved_samples(this->value_, run).samples; }
  WorkEstimate estimate_work(const RunOptions& run, double task_share, double stop_above) const override {
    return estimate_kind_work(this->value_, run, WorkStop{task_share, stop_above});
  }
};

}  // namespace mcsim
