#include "result_tables.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../core/input_file.hpp"
#include "../output/csv_table.hpp"

namespace mcsim {

ResultTables read_result_tables(const std::string& directory, const std::vector<Claim>& claims) {
  namespace fs = std::filesystem;
  ResultTables tables;
  for (const auto& claim : claims)
    for (const auto& check : claim.checks)
      for (const auto& name : check.rows.tables) {
        if (tables.contains(name)) continue;
        const fs::path path = fs::path(directory) / (name + ".csv");
        std::error_code error;
        if (!fs::exists(fs::symlink_status(path, error))) continue;  // not written: its checks are not checkable
        tables.emplace(name, table_from_csv(name, read_input_file(path.string(), "a results table", max_result_table_bytes)));
      }
  return tables;
}

ResultTables result_tables_of(const std::vector<std::pair<std::string, std::string>>& files) {
  namespace fs = std::filesystem;
  ResultTables tables;
  for (const auto& [path, text] : files) {
    const std::string file = fs::path(path).filename().string();
    if (!file.ends_with(".csv")) continue;
    const std::string name = file.substr(0, file.size() - 4);
    tables.insert_or_assign(name, table_from_csv(name, text));
  }
  return tables;
}

void add_result_tables(const ScenarioOutputs& outputs, ResultTables& tables) {
  for (const auto& file : outputs.files)
    if (file.table) tables.insert_or_assign(file.table->name, *file.table);
}

}  // namespace mcsim
