// A reproduction kind is a plug-in: one file (sim/scenario/kinds/NAME.cpp) reads its part of a
// scenario file into its typed value and says, for that value, what it runs on, what it will cost,
// and how it runs and reports (its tasks go through the shared runner, sim/runner/task_runner.hpp);
// one line of kind_registry.cpp lists it. load_scenario (scenario.hpp) reads the common header and
// hands the rest of the file to the kind its `kind` key names.
#pragma once

#include <limits>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "../core/error.hpp"
#include "../core/scenario_spec.hpp"
#include "../core/toml_reader.hpp"
#include "../output/report.hpp"
#include "../runner/run_options.hpp"

namespace mcsim {

struct ScenarioOutputs;  // scenario_outputs.hpp
struct WorkEstimate;     // work_estimate.hpp

// A scenario file as the kind gets it: the parsed file, its reader (for file:line errors) and the
// header load_scenario has read. The kind reads its own keys; load_scenario has already refused
// any key that neither the header nor this kind takes.
struct ScenarioFile {
  const toml::table& root;
  const Reader& reader;
  const ScenarioHeader& header;
  // The `report` key as written ("" when absent), and the error place for a value it refuses.
  std::string report;
  std::string report_where() const;
};

// The kind's part of a scenario: its typed value and what it does with it.
class KindScenario {
 public:
  virtual ~KindScenario() = default;
  virtual std::unique_ptr<KindScenario> clone() const = 0;
  virtual const ScenarioHeader& header() const = 0;
  virtual ScenarioHeader& header() = 0;
  // The machines it runs on (one per machine of an axis), or none for a kind that builds its own
  // or simulates nothing: the run identity's input files, the report's assumed parameters.
  virtual std::vector<MachineSpec> machines() const = 0;
  // The [machine] a user may change (--machine-option, sensitivity variants), or null.
  virtual MachineSpec* machine() { return nullptr; }
  // `run --machine NAME`: runs on that machine instead (an axis becomes that one machine).
  virtual void replace_machine(const std::string& name);
  // `--max-nodes N`: simulates no machine of more than N nodes, a smaller run of the same series
  // (a quick look; the default test suite's goldens). A node axis keeps its counts up to N; a kind
  // that cannot run smaller throws mcsim::Error naming --max-nodes. The default: a kind whose
  // machines all have at most N nodes is unchanged, else it throws.
  virtual void limit_nodes(int max_nodes);
  // Files it reads beside the scenario and its machines (a matrix file): part of a run's identity.
  virtual std::vector<std::string> input_files() const { return {}; }
  // Matrices per cell this run takes (0: the kind draws no samples).
  virtual int samples(const RunOptions&) const { return 0; }
  // The bound before work (work_estimate.hpp): from the scenario and options alone.
  virtual WorkEstimate estimate_work(const RunOptions& run, double task_share, double stop_above) const = 0;
  // Runs it (its tasks through run_task_list) and makes its report. Throws mcsim::Error.
  virtual ScenarioOutputs run(const RunOptions& run, const ReportOptions& report) const = 0;
};

// The usual base: the kind's typed value `T` (a ScenarioHeader and the kind's keys) kept by value.
template <class T>
class TypedKind : public KindScenario {
 public:
  explicit TypedKind(T value) : value_(std::move(value)) {}
  const ScenarioHeader& header() const override { return value_; }
  ScenarioHeader& header() override { return value_; }
  const T& value() const { return value_; }
  T& value() { return value_; }

 protected:
  T value_;
};

// A registered kind: its name (the `kind` key), the top-level keys it takes beside the header's,
// and its reader.
struct ReproductionKind {
  std::string name;
  std::string description;
  std::set<std::string> keys;
  std::unique_ptr<KindScenario> (*read)(const ScenarioFile& file);
};

// The kinds, in the order `kind` errors and `mcsim list` name them: the bundled ones
// (kind_registry.cpp) and any added by register_kind.
const std::vector<ReproductionKind>& kind_registry();
// Adds a kind (a test's own kind); throws mcsim::Error if its name is taken.
void register_kind(ReproductionKind kind);
// The kind named `name`, or null.
const ReproductionKind* find_kind(std::string_view name);

// A scenario: the common header (inside the kind's value) and the kind's object. Copies are deep,
// so that a copy can change its machine (a sensitivity variant) without changing the original.
class Scenario {
 public:
  explicit Scenario(std::unique_ptr<KindScenario> kind) : kind_(std::move(kind)) {}
  Scenario(const Scenario& other) : kind_(other.kind_->clone()) {}
  Scenario& operator=(const Scenario& other) {
    if (this != &other) kind_ = other.kind_->clone();
    return *this;
  }
  Scenario(Scenario&&) noexcept = default;
  Scenario& operator=(Scenario&&) noexcept = default;

  const KindScenario& kind() const { return *kind_; }
  KindScenario& kind() { return *kind_; }
  // The kind's typed value, for code that knows the kind (tests, the sweep command); throws
  // mcsim::Error naming the scenario when it is another kind.
  template <class T>
  const T& as() const {
    if (const auto* typed = dynamic_cast<const TypedKind<T>*>(kind_.get())) return typed->value();
    throw Error(kind_->header().path, "is a scenario of kind '" + kind_->header().kind + "', not the one asked for");
  }
  template <class T>
  T& as() {
    return const_cast<T&>(static_cast<const Scenario&>(*this).as<T>());
  }

 private:
  std::unique_ptr<KindScenario> kind_;
};

inline const ScenarioHeader& header(const Scenario& scenario) { return scenario.kind().header(); }
inline ScenarioHeader& header(Scenario& scenario) { return scenario.kind().header(); }

}  // namespace mcsim
