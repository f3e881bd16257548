#include "scenario_files.hpp"

#include <filesystem>

#include "../output/agreement_table.hpp"
#include "../output/csv_table.hpp"
#include "../output/plot.hpp"

namespace mcsim {

namespace {
std::string plot_path(const std::string& csv_path) {
  return std::filesystem::path(csv_path).replace_extension().string() + ".svg";
}
std::string agreement_path(const std::string& csv_path) {
  return std::filesystem::path(csv_path).replace_extension().string() + ".agreement.csv";
}
}  // namespace

std::vector<std::string> scenario_file_names(const std::string& csv_path) {
  return {csv_path, plot_path(csv_path), agreement_path(csv_path)};
}

std::vector<std::string> scenario_file_names(const std::string& directory, const std::vector<Scenario>& scenarios) {
  std::vector<std::string> names;
  for (const Scenario& scenario : scenarios)
    for (auto& name : scenario_file_names((std::filesystem::path(directory) / (header(scenario).id + ".csv")).string()))
      names.push_back(std::move(name));
  return names;
}

std::vector<std::pair<std::string, std::string>> scenario_files(const ScenarioOutputs& outputs,
                                                                 const std::string& csv_path) {
  const std::filesystem::path stem = std::filesystem::path(csv_path).replace_extension();
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& file : outputs.files)
    files.emplace_back(file.suffix == ".csv" ? csv_path : stem.string() + file.suffix, file.text);
  if (outputs.agreement)
    files.emplace_back(agreement_path(csv_path), table_csv(agreement_table(outputs.experiment, *outputs.agreement)));
  if (outputs.plot) {
    const std::string svg = plot_path(csv_path);
    files.emplace_back(svg, render_plot_svg(*outputs.plot, svg));
  }
  return files;
}

}  // namespace mcsim
