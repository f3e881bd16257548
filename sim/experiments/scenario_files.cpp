#include "scenario_files.hpp"

#include <filesystem>

#include "plot.hpp"

namespace mcsim {

std::vector<std::pair<std::string, std::string>> scenario_files(const ScenarioOutputs& outputs,
                                                                 const std::string& csv_path) {
  const std::filesystem::path stem = std::filesystem::path(csv_path).replace_extension();
  std::vector<std::pair<std::string, std::string>> files;
  for (const auto& file : outputs.files)
    files.emplace_back(file.suffix == ".csv" ? csv_path : stem.string() + file.suffix, file.text);
  if (outputs.plot) {
    const std::string svg = stem.string() + ".svg";
    files.emplace_back(svg, render_plot_svg(*outputs.plot, svg));
  }
  return files;
}

}  // namespace mcsim
