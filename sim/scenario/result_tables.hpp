// The tables the claims read (sim/analysis/claims.hpp), from the CSV files the reproductions wrote:
// ID.csv, ID.points.csv, ID.sweep.csv, ID.agreement.csv, as a directory holds them (docs/results,
// an --out directory) or as a run keeps them in memory before writing.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../analysis/claims.hpp"
#include "scenario_outputs.hpp"

namespace mcsim {

// A results CSV: the largest bundled one (a sweep at 50 samples) is some 30 KiB; 64 MiB bounds
// what is read from a directory someone else may have filled.
inline constexpr std::uint64_t max_result_table_bytes = 64ull << 20;

// The tables `claims` read that `directory` holds (a missing file is left out: its checks are then
// not checkable); an unreadable or malformed file throws mcsim::Error naming it.
ResultTables read_result_tables(const std::string& directory, const std::vector<Claim>& claims);

// The same from CSV files read into memory (path, text), through the same reader; files that are no
// CSV are skipped.
ResultTables result_tables_of(const std::vector<std::pair<std::string, std::string>>& files);

// The result tables a run made, as it made them (no CSV text read back): every file of `outputs`
// that is a table, by its name.
void add_result_tables(const ScenarioOutputs& outputs, ResultTables& tables);

}  // namespace mcsim
