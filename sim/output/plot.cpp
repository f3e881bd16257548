#include "plot.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../runner/child_output.hpp"
#include "../runner/termination.hpp"
#include "../runner/output_file.hpp"

namespace mcsim {

namespace {
// A gnuplot string literal that is only ever text: single-quoted, in which gnuplot expands no
// backquote command, no macro and no escape ('' stands for '); a control character (a newline
// would end the command) becomes a space. Titles and labels come from scenario files, which are
// data: nothing in them may reach a shell.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  }
  return out + "'";
}
}  // namespace

std::string series_look(std::size_t k, bool filled) {
  static const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                  "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  static const int filled_points[] = {7, 5, 9, 13, 11, 15};  // circle, square, triangles, diamond, pentagon
  static const int open_points[] = {6, 4, 8, 12, 10, 14};
  const std::size_t colour = k % std::size(colours), point = k % std::size(filled_points);
  return fmt::format("lc rgb '{}' pt {}", colours[colour], filled ? filled_points[point] : open_points[point]);
}

std::string xtics_labels(const std::vector<std::string>& labels) {
  std::string tics;
  for (std::size_t k = 0; k < labels.size(); ++k) tics += fmt::format("{}{} {}", k ? ", " : "", quoted(labels[k]), k);
  return fmt::format("xtics ({}) noenhanced", tics);
}

namespace {
// One plot's settings, data and plot command; data blocks are named per panel.
std::string panel_script(const PlotSpec& spec, std::size_t panel) {
  const std::string prefix = panel == 0 ? "$data" : fmt::format("$panel{}data", panel);
  std::string s = fmt::format("set title {} noenhanced\nset xlabel {} noenhanced\nset ylabel {} noenhanced\n", quoted(spec.title),
                   quoted(spec.x_label), quoted(spec.y_label));
  s += fmt::format("set key {} noenhanced\nset grid\n", spec.key);
  if (spec.log_x) s += "set logscale x 2\n";
  if (spec.log_y) s += "set logscale y 10\n";
  for (const auto& setting : spec.settings) s += "set " + setting + "\n";
  for (std::size_t i = 0; i < spec.series.size(); ++i) {
    s += fmt::format("{}{} << EOD\n", prefix, i);
    const auto& points = spec.series[i].points;
    for (std::size_t p = 0; p < points.size(); ++p) {
      s += fmt::format("{:.10g} {:.10g}\n", points[p].first, points[p].second);
      if (spec.series[i].segments && p % 2 == 1) s += "\n";  // a blank line ends a segment
    }
    s += "EOD\n";
  }
  s += "plot ";
  for (std::size_t i = 0; i < spec.series.size(); ++i)
    s += fmt::format("{}{}{} using 1:2 with {} title {}", i ? ", \\\n     " : "", prefix, i,
                     !spec.series[i].style.empty() ? spec.series[i].style
                     : spec.series[i].segments    ? "lines"
                     : spec.series[i].lines       ? "linespoints"
                                                  : "points",
                     quoted(spec.series[i].title));
  return s + "\n";
}
}  // namespace

std::string gnuplot_script(const PlotSpec& spec, const std::string& output) {
  const std::size_t panels = 1 + spec.beside.size();
  const std::size_t columns = spec.columns == 0 ? panels : std::min(spec.columns, panels);
  const std::size_t rows = (panels + columns - 1) / columns;
  // One row: 900 x 600 a panel; a grid of small multiples: 600 x 450 a panel.
  const bool grid = rows > 1;
  std::string s = fmt::format("set terminal svg size {},{} dynamic enhanced font 'sans,12'\n",
                              (grid ? 600 : 900) * columns, grid ? 450 * rows : 600);
  s += fmt::format("set output {}\n", quoted(output));
  if (panels == 1) return s + panel_script(spec, 0);
  s += fmt::format("set multiplot layout {},{}\n", rows, columns);
  s += panel_script(spec, 0);
  for (std::size_t k = 0; k < spec.beside.size(); ++k) s += "reset\n" + panel_script(spec.beside[k], k + 1);
  return s + "unset multiplot\n";
}

namespace {

// Runs gnuplot (no shell) on `script`; returns 127 when it cannot be started, else its exit status
// (-1 when it died), and what it printed.
int run_gnuplot(const std::string& script, std::string& said) {
  int input[2];
  if (::pipe2(input, O_CLOEXEC) != 0) throw Error("gnuplot", std::string("cannot create a pipe: ") + std::strerror(errno));
  const int output = ::memfd_create("mcsim-gnuplot-output", MFD_CLOEXEC);
  if (output < 0) throw Error("gnuplot", std::string("cannot create a file: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  std::optional<TerminationSignalsHeld> held(std::in_place);
  const pid_t pid = ::fork();
  if (pid < 0) throw Error("gnuplot", std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) {
    prepare_child_process(parent);
    ::dup2(input[0], STDIN_FILENO);
    ::dup2(output, STDOUT_FILENO);
    ::dup2(output, STDERR_FILENO);
    ::execlp("gnuplot", "gnuplot", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  track_child(pid);
  held.reset();
  ::close(input[0]);
  // gnuplot reads the whole script; a write error (it died early) shows in its status.
  struct sigaction ignore {}, previous {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  for (std::size_t done = 0; done < script.size();) {
    const ssize_t n = ::write(input[1], script.data() + done, script.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(input[1]);
  ::sigaction(SIGPIPE, &previous, nullptr);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  untrack_child(pid);
  said = read_from_start(output);
  ::close(output);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string render_plot_svg(const PlotSpec& spec, const std::string& path) {
  namespace fs = std::filesystem;
  const char* tmp = std::getenv("TMPDIR");
  std::string dir = (fs::path(tmp && *tmp ? tmp : "/tmp") / "mcsim-plot-XXXXXX").string();
  if (!::mkdtemp(dir.data())) throw Error(path, std::string("cannot create a temporary directory: ") + std::strerror(errno));
  track_temporary(dir);
  const std::string drawn = dir + "/plot.svg";
  track_temporary(drawn);
  std::string said, svg;
  const int status = run_gnuplot(gnuplot_script(spec, drawn), said);
  {
    std::ifstream in(drawn, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    svg = text.str();
  }
  std::error_code ec;
  fs::remove(drawn, ec);
  untrack_temporary(drawn);
  fs::remove(dir, ec);
  untrack_temporary(dir);
  if (status == 127)
    throw Error(path, "cannot run gnuplot, which draws the plots (tools/install-deps.sh installs it)");
  const std::string problem = failure_line(said);
  if (status != 0) throw Error(path, "gnuplot failed" + (problem.empty() ? std::string() : ": " + problem));
  // A complete SVG ends with its closing tag; a full disk or a killed gnuplot leaves it cut short.
  const auto end = svg.find_last_not_of(" \t\r\n");
  if (end == std::string::npos || end + 1 < 6 || svg.compare(end + 1 - 6, 6, "</svg>") != 0)
    throw Error(path, "gnuplot did not finish the plot (full disk?)" + (problem.empty() ? std::string() : ": " + problem));
  return svg;
}

void write_plot_svg(const PlotSpec& spec, const std::string& path) {
  write_file_atomically(path, render_plot_svg(spec, path));
}

}  // namespace mcsim
