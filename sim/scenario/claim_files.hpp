// Reading the claim files (scenarios/claims/*.toml, docs/claims.md): each restates one paper's
// claims, with its citation, and says for each claim which checks judge it from which
// reproductions' tables (sim/analysis/claims.hpp). Every file is untrusted: read within a size
// bound, every key known, every reproduction named one the scenarios have.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "../analysis/claims.hpp"
#include "reproduction_kind.hpp"

namespace mcsim {

// A reproduction a claim may read: its id and its paper ("Ranka, Wang, Kumar 1992", paper_of()).
using KnownReproductions = std::map<std::string, std::string>;

// The claims of one file. Throws mcsim::Error "file:line (key): problem" for malformed TOML, an
// unknown key or check kind, a missing or ill-typed value, a table of a reproduction `known` lacks
// (or of another paper than the file's), a claim id given twice.
std::vector<Claim> read_claim_file(const std::string& path, const KnownReproductions& known);

// Every reproduction of `scenarios` with its paper (as paper_of() names it): what a claim may name.
KnownReproductions known_reproductions(const std::vector<Scenario>& scenarios);

// The claims of every *.toml in `directory`, in the order of their ids; ids unique across files.
std::vector<Claim> read_claim_files(const std::string& directory, const KnownReproductions& known);

}  // namespace mcsim
