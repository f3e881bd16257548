// The random streams of one sample of an experiment: its matrix, each scheduler's choices, each
// run's routes. One definition, so that `mcsim run`, permutation counts and `mcsim timeline` draw
// the same matrix and make the same choices for the same seed and sample.
#pragma once

#include <cstdint>
#include <string>

namespace mcsim {

// The seeds of one job: its scheduler's random choices and the machine's random routes.
struct JobSeeds {
  std::uint64_t schedule = 0;
  std::uint64_t routes = 0;
};

struct SampleSeeds {
  std::uint64_t seed = 0;
  int nodes = 0;
  int density = 0;
  int sample = 0;

  std::uint64_t matrix() const;
  // Follows the scheduler spec, not a series label: the same scheduler makes the same choices in
  // every series that runs it (so a best_of equals its best member).
  std::uint64_t schedule(const std::string& scheduler_spec) const;
  std::uint64_t routes(const std::string& scheduler_spec, std::uint64_t msg_unit) const;
  JobSeeds job(const std::string& scheduler_spec, std::uint64_t msg_unit) const {
    return {schedule(scheduler_spec), routes(scheduler_spec, msg_unit)};
  }
};

}  // namespace mcsim
