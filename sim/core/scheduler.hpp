// The scheduler contract: a communication matrix in, a Plan out. Schedulers (schedulers/) depend
// on sim/core alone and know nothing of SimGrid; the only machine facts they may use are the
// SchedulingHints. The registry is filled explicitly by whoever links the schedulers in
// (tools/mcsim/main.cpp, tests/main.cpp: register_builtin_schedulers); sim/ never names one.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "comm_matrix.hpp"
#include "node_program.hpp"
#include "plan.hpp"
#include "random.hpp"
#include "scheduling_hints.hpp"

namespace mcsim {

// Named counts of the elementary steps a scheduler performed (entries probed, swaps, heap
// operations, ...): deterministic, unlike host time.
using OperationCounts = std::map<std::string, std::uint64_t>;

struct SchedulerInput {
  const CommMatrix& matrix;
  SchedulingHints hints;
  Rng& rng;
};

// What a scheduler's parameters mean as typed values (CGMH's lambda rule, a redistribution's x, p,
// y, q): each scheduler with parameters derives its own. They are read from the spec's text once,
// when the spec is read (SchedulerEntry::read_settings), so a scheduler called per sample and per
// message size never converts text, and task processes inherit them with the parent's
// SchedulerChoice.
class SchedulerSettings {
 public:
  virtual ~SchedulerSettings() = default;
};

// Parameters of one use of a scheduler, from a spec "NAME:key=value,key=value": the text as
// written (for read_settings and messages) and the typed settings read from it.
class SchedulerParams {
 public:
  SchedulerParams() = default;
  SchedulerParams(std::map<std::string, std::string> values, std::string where)
      : values_(std::move(values)), where_(std::move(where)) {}
  std::string text(const std::string& key, const std::string& fallback) const;
  double number(const std::string& key, double fallback) const;  // also accepts fractions "7/8"
  bool flag(const std::string& key, bool fallback) const;         // on/off, yes/no, true/false
  const std::map<std::string, std::string>& values() const { return values_; }
  const std::string& where() const { return where_; }

  // The settings the entry's read_settings made (SchedulerRegistry::find sets them); throws
  // mcsim::Error if there are none of type T.
  template <class T>
  const T& settings() const {
    if (const T* typed = dynamic_cast<const T*>(settings_.get())) return *typed;
    unread();
  }
  void set_settings(std::shared_ptr<const SchedulerSettings> settings) { settings_ = std::move(settings); }

 private:
  [[noreturn]] void unread() const;

  std::map<std::string, std::string> values_;
  std::string where_;
  std::shared_ptr<const SchedulerSettings> settings_;
};

struct SchedulerParameterDoc {
  std::string key;
  std::string description;  // with the accepted values and the default
};

// A scheduler that decides while the messages move is a node program (node_program.hpp): from the
// matrix (bytes) it makes the job's program; it draws what randomness it needs from input.rng now.
using ProgramMaker = ProgramFactory (*)(const SchedulerInput&, const SchedulerParams&);

struct SchedulerEntry {
  std::string name;         // as the papers write it: LP, CGM, CGM+sort, AC, ...
  std::string description;  // one line for `mcsim list schedulers`
  std::string source;       // the paper section it implements
  Strategy default_strategy;
  Plan (*schedule)(const SchedulerInput&, const SchedulerParams&, OperationCounts&);
  std::map<std::string, std::string> preset = {};       // parameters this name stands for (CGMH+MS: lambda=ms)
  std::vector<SchedulerParameterDoc> parameters = {};  // what a spec may set
  bool needs_routes = false;  // needs SchedulingHints::routes (RS_NL): experiments check it up front
  ProgramMaker program = nullptr;  // set (and schedule null) for a run-time protocol: no Plan to count
  // Reads every parameter of a spec into the scheduler's settings, throwing mcsim::Error for a bad
  // value; find() calls it once per spec, so a bad value is refused where the spec is written,
  // before any simulation process starts, and the scheduler reads params.settings<T>().
  std::shared_ptr<const SchedulerSettings> (*read_settings)(const SchedulerParams&) = nullptr;
  // 0: the plan sends the matrix's messages. Above 0: it exchanges with every other node whatever
  // the matrix (LP's dummy messages), this many messages per ordered pair of nodes; the work
  // estimate (sim/scenario/work_estimate.hpp) counts n(n-1) times it.
  double messages_per_pair = 0;
};

// A scheduler as a scenario names it: the registry entry and the parameters of this use.
struct SchedulerChoice {
  const SchedulerEntry* entry = nullptr;
  SchedulerParams params;
  std::string spec;
};

struct Schedule {
  Plan plan;
  OperationCounts operations;
  double host_seconds = 0;  // wall time of the scheduling call on this computer
  std::size_t phases() const { return plan.phases.size(); }
};

// Every scheduler by name, in the order they were registered (`mcsim list schedulers`).
class SchedulerRegistry {
 public:
  // Throws mcsim::Error if the name is taken.
  void add(SchedulerEntry entry);
  const std::vector<SchedulerEntry>& entries() const { return entries_; }
  // Parses "NAME" or "NAME:key=value,...". Throws mcsim::Error naming an unknown scheduler (with
  // the known ones) or a parameter the scheduler does not take.
  SchedulerChoice find(const std::string& spec, const std::string& where) const;

 private:
  std::vector<SchedulerEntry> entries_;
};

// The process's registry: empty until the program registers its schedulers.
SchedulerRegistry& scheduler_registry();
// scheduler_registry().find(spec, where).
SchedulerChoice find_scheduler(const std::string& spec, const std::string& where);

// Runs the scheduler, timing it; the plan carries the scheduler's default strategy.
Schedule run_scheduler(const SchedulerChoice& scheduler, const SchedulerInput& input);

}  // namespace mcsim
