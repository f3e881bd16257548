// Sensitivity of a reproduction to the machine's parameters: the reproduction is run once as
// given and once per variant, each variant changing one machine option (every number times each
// factor, every named alternative of a choice), and its agreement with the paper (agreement.hpp)
// is set beside the baseline's. It tells which unknown constant matters; it decides nothing (the
// defaults stay the cited values whatever scores best).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../core/machine_spec.hpp"
#include "../core/result_table.hpp"
#include "../analysis/agreement.hpp"
#include "experiment.hpp"
#include "../output/plot.hpp"
#include "scenario.hpp"

namespace mcsim {

// A parameter of the scenario's machine file that a variant may change: its option key and the
// value it takes in the scenario (numbers in the unit of the key's suffix, as they are written
// on the command line).
struct MachineOptionDeclaration {
  enum class Kind { number, integer, text, choice };
  std::string key;
  Kind kind = Kind::number;
  std::string value;                 // the value it takes, as it would be written in a scenario
  std::vector<std::string> choices;  // Kind::choice: every allowed value
};

struct SensitivityOptions {
  std::vector<double> factors = {0.5, 2.0};  // applied to every numeric option
  std::vector<std::string> only;             // options to vary (all when empty)
};

struct SensitivityVariant {
  std::string option;  // empty for the baseline
  std::string value;   // the option's value in this variant (the baseline's value for the baseline)
  std::string change;  // "baseline", "x0.5", "x2", "alternative"
  std::optional<Agreement> agreement;
  std::string error;   // why the variant could not run (the machine refused the value, ...)
};

struct SensitivityResult {
  std::string id;
  int samples = 0;
  std::vector<MachineOptionDeclaration> options;  // what the machine reads, with baseline values
  std::vector<SensitivityVariant> variants;       // the baseline first
};

// The variants, not yet run. Throws mcsim::Error if the scenario has no machine, or `only` names
// an option the machine does not read.
SensitivityResult plan_sensitivity(const Scenario& scenario, const SensitivityOptions& options);
// Runs the baseline and every variant; `variant_done(k, total)` after each. Throws mcsim::Error
// if the baseline fails or the scenario reports no agreement measure. In a shard (run.tasks,
// task_store.hpp) it runs the shard's share of every variant's tasks and then throws ShardDone.
SensitivityResult run_sensitivity(const Scenario& scenario, const RunOptions& run, const SensitivityOptions& options,
                                  const std::function<void(std::size_t, std::size_t)>& variant_done = {});

// experiment,option,value,change,column,cells,median,min,max,pairs,ordered_pairs,error (tables: a
// row per agreement column of each variant) or experiment,option,value,change,cells,agreeing_cells,
// error (region maps: a row per variant); a variant that could not run has its error alone. The
// study's CSV through table_csv.
ResultTable sensitivity_table(const SensitivityResult& result);
std::string sensitivity_text(const SensitivityResult& result);
// Per variant: the median of every mcsim/paper (point) and its range (bar), or the agreeing cells.
PlotSpec sensitivity_plot(const SensitivityResult& result);

}  // namespace mcsim
