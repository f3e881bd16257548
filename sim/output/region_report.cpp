#include "region_report.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "csv_cells.hpp"

namespace mcsim {

namespace {
// A short, distinct tag per series for the text grid: AC, LP, RS_N -> N, RS_NL -> NL, ...
std::string tag(const std::string& label) {
  if (label.rfind("RS_", 0) == 0) return label.substr(3);
  return label.size() <= 2 ? label : label.substr(0, 2);
}
}  // namespace

std::string region_grid(const ResultTable& regions, const std::vector<std::string>& series) {
  const auto column = [&](const char* name) { return regions.required_column(name, "region_grid"); };
  const std::size_t id_c = column("experiment"), density_c = column("density"), bytes_c = column("bytes"),
                    fastest_c = column("fastest"), paper_c = column("paper"), agree_c = column("agree");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(regions.at(r, c)); };
  std::vector<std::string> densities, sizes;  // in the order the table first has them
  for (std::size_t r = 0; r < regions.rows.size(); ++r) {
    if (std::find(densities.begin(), densities.end(), text_at(r, density_c)) == densities.end())
      densities.push_back(text_at(r, density_c));
    if (std::find(sizes.begin(), sizes.end(), text_at(r, bytes_c)) == sizes.end()) sizes.push_back(text_at(r, bytes_c));
  }
  std::string out = fmt::format("{}: fastest series per cell, mcsim/paper (", regions.rows.empty() ? "" : text_at(0, id_c));
  for (std::size_t k = 0; k < series.size(); ++k) out += fmt::format("{}{} = {}", k ? ", " : "", tag(series[k]), series[k]);
  out += "; upper case where they agree)\n";
  out += fmt::format("{:>6}", "d \\ B");
  for (const auto& bytes : sizes) out += fmt::format(" {:>7}", bytes);
  out += "\n";
  std::size_t judged = 0, agreeing = 0;
  for (const auto& density : densities) {
    out += fmt::format("{:>6}", density);
    for (const auto& bytes : sizes) {
      std::string text;
      for (std::size_t r = 0; r < regions.rows.size(); ++r) {
        if (text_at(r, density_c) != density || text_at(r, bytes_c) != bytes) continue;
        const std::string paper = text_at(r, paper_c);
        const bool agrees = text_at(r, agree_c) == "yes";
        judged += paper.empty() ? 0 : 1;
        agreeing += agrees ? 1 : 0;
        text = tag(text_at(r, fastest_c)) + "/" + (paper.empty() ? std::string("?") : tag(paper));
        if (!agrees)
          for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        break;
      }
      out += fmt::format(" {:>7}", text);
    }
    out += "\n";
  }
  if (judged > 0)
    out += fmt::format("agreement with the paper's regions: {:.0f}% of {} cells\n",
                       static_cast<double>(agreeing) / static_cast<double>(judged) * 100, regions.rows.size());
  return out;
}

// The paper's map (left) and mcsim's (right) side by side, one colour and marker per series; on
// mcsim's map a red cross marks every cell where the two name different series.
PlotSpec region_plot(const ResultTable& regions, const std::vector<std::string>& series) {
  const auto column = [&](const char* name) { return regions.required_column(name, "region_plot"); };
  const std::size_t id_c = column("experiment"), density_c = column("density"), bytes_c = column("bytes"),
                    fastest_c = column("fastest"), paper_c = column("paper"), agree_c = column("agree");
  const std::string id = regions.rows.empty() ? "" : cell_text(regions.at(0, id_c));
  PlotSpec paper_map{id + ": the paper's regions", "message size (bytes)", "density d", true, false, {},
                     "outside right top"};
  PlotSpec ours_map{id + ": mcsim's fastest series (red cross: differs from the paper)", "message size (bytes)",
                    "density d", true, false, {}, "outside right top"};
  for (PlotSpec* p : {&paper_map, &ours_map})
    p->settings.push_back("offsets graph 0.04, graph 0.04, 3, 3");  // keep the edge cells' markers whole
  const auto point = [&](std::size_t r) {
    return std::pair<double, double>{cell_number(regions.at(r, bytes_c)).value_or(0),
                                     cell_number(regions.at(r, density_c)).value_or(0)};
  };
  PlotSeries disagree{.title = "differs from the paper", .lines = false};
  disagree.style = "points pt 2 ps 3.2 lw 2 lc rgb 'red'";
  for (std::size_t k = 0; k < series.size(); ++k) {
    PlotSeries ours{.title = series[k], .lines = false};
    ours.style = "points " + series_look(k) + " ps 2.2";
    PlotSeries paper{.title = series[k], .lines = false};
    paper.style = "points " + series_look(k) + " ps 2.2";
    for (std::size_t r = 0; r < regions.rows.size(); ++r) {
      if (cell_text(regions.at(r, fastest_c)) == series[k]) ours.points.push_back(point(r));
      if (cell_text(regions.at(r, paper_c)) == series[k]) paper.points.push_back(point(r));
    }
    if (!ours.points.empty()) ours_map.series.push_back(std::move(ours));
    if (!paper.points.empty()) paper_map.series.push_back(std::move(paper));
  }
  for (std::size_t r = 0; r < regions.rows.size(); ++r)
    if (cell_text(regions.at(r, agree_c)) == "no") disagree.points.push_back(point(r));
  if (!disagree.points.empty()) ours_map.series.push_back(std::move(disagree));
  if (paper_map.series.empty()) return ours_map;  // a sweep without the paper's regions
  paper_map.beside.push_back(std::move(ours_map));
  return paper_map;
}

}  // namespace mcsim
