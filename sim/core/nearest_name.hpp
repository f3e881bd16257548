// "Did you mean": the known name nearest a misspelled one, by edit distance, for one-line errors
// that name an unknown key (machine files, docs/machine-files.md "The keys").
#pragma once

#include <string>
#include <vector>

namespace mcsim {

// The name of `known` nearest `given` (fewest single-character insertions, deletions,
// substitutions or swaps of two neighbours), when it is near enough to be a slip: at most 1 edit
// for a name of up to 4 characters, else at most a third of its length. Empty when none is.
std::string nearest_name(const std::string& given, const std::vector<std::string>& known);

// "; did you mean 'NAME'?" when nearest_name finds one, else "".
std::string did_you_mean(const std::string& given, const std::vector<std::string>& known);

}  // namespace mcsim
