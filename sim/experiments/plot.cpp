#include "plot.hpp"

#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}
}  // namespace

std::string gnuplot_script(const PlotSpec& spec, const std::string& output) {
  std::string s = "set terminal svg size 900,600 dynamic enhanced font 'sans,12'\n";
  s += fmt::format("set output {}\n", quoted(output));
  s += fmt::format("set title {} noenhanced\nset xlabel {} noenhanced\nset ylabel {} noenhanced\n", quoted(spec.title),
                   quoted(spec.x_label), quoted(spec.y_label));
  s += fmt::format("set key {} noenhanced\nset grid\n", spec.key);
  if (spec.log_x) s += "set logscale x 2\n";
  if (spec.log_y) s += "set logscale y 10\n";
  for (const auto& setting : spec.settings) s += "set " + setting + "\n";
  for (std::size_t i = 0; i < spec.series.size(); ++i) {
    s += fmt::format("$data{} << EOD\n", i);
    const auto& points = spec.series[i].points;
    for (std::size_t p = 0; p < points.size(); ++p) {
      s += fmt::format("{:.10g} {:.10g}\n", points[p].first, points[p].second);
      if (spec.series[i].segments && p % 2 == 1) s += "\n";  // a blank line ends a segment
    }
    s += "EOD\n";
  }
  s += "plot ";
  for (std::size_t i = 0; i < spec.series.size(); ++i)
    s += fmt::format("{}$data{} using 1:2 with {} title {}", i ? ", \\\n     " : "", i,
                     !spec.series[i].style.empty() ? spec.series[i].style
                     : spec.series[i].segments    ? "lines"
                     : spec.series[i].lines       ? "linespoints"
                                                  : "points",
                     quoted(spec.series[i].title));
  return s + "\n";
}

void write_plot_svg(const PlotSpec& spec, const std::string& path) {
  namespace fs = std::filesystem;
  const std::string temporary = path + ".partial";
  std::error_code ec;
  if (fs::path(path).has_parent_path()) fs::create_directories(fs::path(path).parent_path(), ec);
  FILE* gnuplot = ::popen("gnuplot 2>&1", "w");
  if (!gnuplot) throw Error(path, "cannot start gnuplot (tools/install-deps.sh installs it)");
  const std::string script = gnuplot_script(spec, temporary);
  std::fwrite(script.data(), 1, script.size(), gnuplot);
  const int status = ::pclose(gnuplot);
  if (status != 0 || !fs::exists(temporary)) {
    fs::remove(temporary, ec);
    throw Error(path, "gnuplot failed to draw the plot (is gnuplot installed? tools/install-deps.sh installs it)");
  }
  fs::rename(temporary, path, ec);
  if (ec) throw Error(path, "cannot move the finished plot into place");
}

}  // namespace mcsim
