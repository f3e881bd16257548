// Plots through gnuplot (SVG): the data is written into the script itself, so a plot is one
// process and one file. Every text in the script is a single-quoted literal (nothing in a title
// can run a command), and the SVG is checked complete before it is written in place.
#pragma once

#include <string>
#include <vector>

namespace mcsim {

struct PlotSeries {
  std::string title;
  std::vector<std::pair<double, double>> points;
  bool lines = true;
  bool segments = false;  // points taken in pairs, each pair one separate line segment (timelines)
  std::string style;      // a gnuplot "with" clause that overrides the above, e.g. "points pt 5 ps 2"
};

struct PlotSpec {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = false;
  bool log_y = false;
  std::vector<PlotSeries> series;
  std::string key = "left top";  // gnuplot `set key` placement, e.g. "below" for many series
  std::vector<std::string> settings;  // further gnuplot `set` commands, e.g. "offsets graph 0.03, graph 0.03, 2, 2"
  // Plots drawn to the right of this one in the same picture (e.g. mcsim/paper beside the times).
  std::vector<PlotSpec> beside;
  // With `beside`: panels per row, filled row by row (small multiples); 0 puts them all in one row.
  std::size_t columns = 0;
};

// Distinct line colours and point types for series k (0, 1, ...), so that no two series of a plot
// share a colour or a marker: a gnuplot "lc rgb '#...' pt N" clause, filled or open marker.
std::string series_look(std::size_t k, bool filled = true);

// A PlotSpec setting that names the x positions 0, 1, 2, ... by `labels` (categories along x: the
// machines of a comparison); each label is a quoted literal, as every text of a script, shown as is
// (noenhanced: no markup, '_' stays '_').
std::string xtics_labels(const std::vector<std::string>& labels);

// The gnuplot script that draws `spec` into `output` (SVG).
std::string gnuplot_script(const PlotSpec& spec, const std::string& output);
// Runs gnuplot (no shell; it writes into a private temporary directory) and returns the SVG once
// it is complete; throws mcsim::Error "path: problem" if gnuplot is missing, fails or stops short.
std::string render_plot_svg(const PlotSpec& spec, const std::string& path);
// render_plot_svg, then write_file_atomically: no file is left behind when anything fails.
void write_plot_svg(const PlotSpec& spec, const std::string& path);

}  // namespace mcsim
