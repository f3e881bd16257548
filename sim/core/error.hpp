// The one error type of mcsim: a one-line message that names the problem and where it is.
#pragma once

#include <stdexcept>
#include <string>

namespace mcsim {

// Thrown for bad input (scenario, command line, matrix, plan). `where` names the place
// (a file and key, a scheduler, a phase); what() is "where: problem", one line, ready for the user.
class Error : public std::runtime_error {
 public:
  Error(const std::string& where, const std::string& problem)
      : std::runtime_error(where.empty() ? problem : where + ": " + problem) {}
};

}  // namespace mcsim
