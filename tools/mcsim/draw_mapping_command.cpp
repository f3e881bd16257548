// mcsim draw-mapping: a picture of a mapping of the binomial tree B(k) onto the mesh (Lo,
// Rajopadhye, Telle & Zhong 1992, Figures 4 and 6), one colour per divide phase.
#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../sim/output/report.hpp"
#include "../../sim/mapping/binomial_tree.hpp"
#include "../../sim/mapping/mapping_svg.hpp"
#include "../../sim/mapping/mappings.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

void add_draw_mapping_command(CLI::App& app) {
  std::vector<std::string> names;
  for (const auto& entry : mapping_registry()) names.push_back(entry.name);
  auto* cmd = app.add_subcommand(
      "draw-mapping", "Draw a mapping of the binomial tree B(k) (2^k tasks, k divide phases) onto the mesh as SVG");
  static std::string mapping = "reflecting", output;
  static int k = 4;
  cmd->add_option("--mapping", mapping, fmt::format("Mapping: {}", fmt::join(names, " | ")))
      ->capture_default_str();
  cmd->add_option("--k", k, "The tree B(k): 2^k tasks on a 2^floor(k/2) x 2^ceil(k/2) mesh (0..14)")
      ->capture_default_str()
      ->check(whole_number(0, 14));
  cmd->add_option("-o,--output", output, "SVG file to write (default: results/mapping-NAME-kK.svg)")
      ->check(output_path());
  cmd->callback([] {
    const auto& entry = find_mapping(mapping, "--mapping");
    if (k < 0 || k > 14) throw Error("--k", fmt::format("B({}) cannot be drawn (k must be 0..14)", k));
    const auto graph = binomial_tree(k, 1);
    const auto mapped = entry.map_binomial_tree(k);
    const std::string title = fmt::format("{} mapping of B({}) on a {} x {} mesh (square: root)", entry.name, k,
                                          mapped.mesh.rows, mapped.mesh.cols);
    const std::string path = output.empty() ? fmt::format("results/mapping-{}-k{}.svg", entry.name, k) : output;
    write_file_atomically(path, mapping_svg(graph, mapped, graph.tasks - 1, title));
    show("wrote {}\n", path);
  });
}

}  // namespace mcsim::cli
