// docs/cm5-calibration.md, the held-out calibration study of the CM-5 model (issue 48): every figure
// its tables quote is computed here again from the CSVs of the runs it describes
// (docs/cm5-calibration/), and the fitted machine file is checked to say that it is a fit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "helpers.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "sim/core/result_table.hpp"
#include "sim/output/csv_table.hpp"
#include "test_paths.hpp"

using namespace mcsim;

namespace {

const std::string docs = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../docs";
const std::string study = docs + "/cm5-calibration";
const std::string page_path = docs + "/cm5-calibration.md";

// The wire rate the study fitted (docs/cm5-calibration/cm5-fitted-table3.toml), in MB/s.
constexpr double fitted_wire_MBps = 5.15;

struct Cell {
  std::string series;
  int x = 0;
  double paper = 0, mcsim = 0, ratio = 0;
};

std::size_t column(const ResultTable& t, const std::string& name) {
  const auto at = t.column(name);
  REQUIRE(at.has_value());
  return *at;
}

// The rows named `row` of a reproduction's CSV (comm: the time cells; comm_mean: a trial's mean).
std::vector<Cell> cells(const std::string& path, const std::string& row) {
  REQUIRE(std::filesystem::exists(path));
  const ResultTable t = table_from_csv(std::filesystem::path(path).stem().string(), test::slurp(path));
  const std::size_t r = column(t, "row"), s = column(t, "series"), x = column(t, "x"), p = column(t, "paper"),
                    m = column(t, "mcsim"), q = column(t, "ratio");
  std::vector<Cell> out;
  for (std::size_t i = 0; i < t.rows.size(); ++i)
    if (cell_text(t.at(i, r)) == row)
      out.push_back({cell_text(t.at(i, s)), static_cast<int>(cell_number(t.at(i, x)).value()),
                     cell_number(t.at(i, p)).value_or(0), cell_number(t.at(i, m)).value(),
                     cell_number(t.at(i, q)).value_or(0)});
  return out;
}

struct Spread {
  std::size_t count = 0;
  double median = 0, low = 0, high = 0;
};

Spread spread(std::vector<double> v) {
  REQUIRE(!v.empty());
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return {n, n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v.front(), v.back()};
}

// mcsim / paper over the time cells that have a paper figure, msg_unit in [from, to].
Spread ratios(const std::string& path, int from = 0, int to = 1 << 30) {
  std::vector<double> v;
  for (const Cell& c : cells(path, "comm"))
    if (c.paper > 0 && c.x >= from && c.x <= to) v.push_back(c.ratio);
  return spread(v);
}

std::string shown(const Spread& s) { return fmt::format("{:.2f} [{:.2f}-{:.2f}]", s.median, s.low, s.high); }

std::string range(const std::vector<double>& v) {
  const Spread s = spread(v);
  return fmt::format("{:.2f}-{:.2f}", s.low, s.high);
}

const std::string& page() {
  static const std::string text = test::slurp(page_path);
  return text;
}

void quoted(const std::string& line) {
  INFO(line);
  CHECK(page().find(line) != std::string::npos);
}

std::string csv(const std::string& machine, const std::string& id) { return fmt::format("{}/{}/{}.csv", study, machine, id); }

}  // namespace

TEST_CASE("CM-5 calibration: halving the wire rate or CMMD's rate, measured first on Table 3") {
  const Spread before = ratios(fmt::format("{}/bisection/ranka92-table3.wire-10.csv", study));
  const Spread wire = ratios(fmt::format("{}/bisection/ranka92-table3.wire-5.csv", study));
  const std::string cmmd_run = study + "/what-if/ranka92-table3.cmmd-4.03.csv";
  const Spread cmmd = ratios(cmmd_run);
  quoted(fmt::format("from {:.3f} to {:.3f}; halving CMMD's rate instead (`cmmd_bandwidth_MBps=4.03`)\nmoves it to {:.3f}",
                     before.median, wire.median, cmmd.median));
  // docs/results.md quotes the same what-if at msg_unit 256-4096.
  const Spread middle = ratios(cmmd_run, 256, 4096);
  const std::string results = test::slurp(docs + "/results.md");
  const std::string line = fmt::format("brings Table 3's msg_unit 256-4096 to {:.2f}-{:.2f}", middle.low, middle.high);
  INFO(line);
  CHECK(results.find(line) != std::string::npos);
}

TEST_CASE("CM-5 calibration: the bisection's runs on Table 3 are the ones the page lists") {
  const std::vector<std::string> runs = {"10", "5", "7.5", "6.25", "5.625", "5.3125", "5.1562", "5.0781"};
  for (const auto& wire : runs) {
    const Spread s = ratios(fmt::format("{}/bisection/ranka92-table3.wire-{}.csv", study, wire));
    CHECK(s.count == 42);
    quoted(fmt::format("| {} MB/s | {:.3f} | {:.2f}-{:.2f} |", wire, s.median, s.low, s.high));
  }
  // The fitted machine's own run of Table 3 lands where the bisection said.
  const Spread fitted = ratios(csv("fitted", "ranka92-table3"));
  CHECK(fitted.median >= 0.98);
  CHECK(fitted.median <= 1.05);
  quoted(fmt::format("| fitted ({} MB/s, the machine file) | {:.3f} | {:.2f}-{:.2f} |", fitted_wire_MBps, fitted.median,
                     fitted.low, fitted.high));
}

TEST_CASE("CM-5 calibration: each table's mcsim / paper before and after the fit is the one its runs give") {
  for (int t = 3; t <= 7; ++t) {
    const std::string id = fmt::format("ranka92-table{}", t);
    const Spread all_d = ratios(csv("default", id)), all_f = ratios(csv("fitted", id));
    CHECK(all_d.count == all_f.count);
    quoted(fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} |", id, all_d.count, shown(all_d), shown(all_f),
                       shown(ratios(csv("default", id), 0, 4096)), shown(ratios(csv("fitted", id), 0, 4096)),
                       shown(ratios(csv("default", id), 4097)), shown(ratios(csv("fitted", id), 4097))));
  }
}

TEST_CASE("CM-5 calibration: mcsim / paper per msg_unit, each table before and after the fit") {
  for (int t = 3; t <= 7; ++t) {
    const std::string id = fmt::format("ranka92-table{}", t);
    for (const std::string machine : {"default", "fitted"}) {
      std::string line = fmt::format("| `{}` | {} |", id, machine);
      for (int x : {16, 64, 256, 1024, 4096, 8192, 16384, 32768}) {
        std::vector<double> v;
        for (const Cell& c : cells(csv(machine, id), "comm"))
          if (c.paper > 0 && c.x == x) v.push_back(c.ratio);
        line += v.empty() ? " - |" : fmt::format(" {:.2f} |", spread(v).median);
      }
      quoted(line);
    }
  }
}

TEST_CASE("CM-5 calibration: the step from msg_unit 4096 to the next, paper and mcsim, per series") {
  for (int t = 3; t <= 7; ++t) {
    const std::string id = fmt::format("ranka92-table{}", t);
    std::map<std::string, std::map<int, Cell>> d, f;
    for (const Cell& c : cells(csv("default", id), "comm")) d[c.series][c.x] = c;
    for (const Cell& c : cells(csv("fitted", id), "comm")) f[c.series][c.x] = c;
    const int next = t <= 5 ? 16384 : 8192;  // Tables 6-7 stop at 8192
    std::vector<double> paper, before, after;
    for (const auto& [series, by_x] : d) {
      if (!by_x.contains(4096) || by_x.at(4096).paper <= 0) continue;
      paper.push_back(by_x.at(next).paper / by_x.at(4096).paper);
      before.push_back(by_x.at(next).mcsim / by_x.at(4096).mcsim);
      after.push_back(f.at(series).at(next).mcsim / f.at(series).at(4096).mcsim);
    }
    quoted(fmt::format("| `{}` | 4096 -> {} | {} | {} | {} |", id, next, range(paper), range(before), range(after)));
  }
}

TEST_CASE("CM-5 calibration: the ranka95 ratios the paper states, before and after the fit") {
  struct Pair {
    std::string id, slow, fast;
  };
  const std::vector<Pair> pairs = {{"ranka95-fig9", "two-stage", "DRS+improvements"},
                                   {"ranka95-fig9", "two-stage", "DRS"},
                                   {"ranka95-fig10", "two-stage", "DRS+improvements"},
                                   {"ranka95-fig10", "two-stage", "DRS"},
                                   {"ranka95-alltoall", "two-stage", "all-to-all"}};
  for (const auto& p : pairs) {
    std::vector<std::string> shown_ranges;
    for (const std::string machine : {"default", "fitted"}) {
      std::map<int, std::map<std::string, double>> mean;  // traffic -> series -> ms
      for (const Cell& c : cells(csv(machine, p.id), "comm_mean")) mean[c.x][c.series] = c.mcsim;
      std::vector<double> v;
      for (const auto& [traffic, by_series] : mean) v.push_back(by_series.at(p.slow) / by_series.at(p.fast));
      shown_ranges.push_back(range(v));
    }
    quoted(fmt::format("| `{}` | {} / {} | {} | {} |", p.id, p.slow, p.fast, shown_ranges[0], shown_ranges[1]));
  }
}

TEST_CASE("CM-5 calibration: the fitted machine says it is a fit and changes only the wire rate") {
  const std::string machines = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/machines";
  const MachineFile cm5 = load_machine_file(machines + "/cm5.toml", {machines});
  const MachineFile fitted = load_machine_file(study + "/cm5-fitted-table3.toml", {machines});
  CHECK(fitted.name == "cm5-fitted-table3");
  const ParameterRecord* wire = fitted.find("wire_bandwidth_MBps");
  REQUIRE(wire != nullptr);
  CHECK(wire->value == fitted_wire_MBps * 1e6);
  CHECK(wire->assumption);
  CHECK(wire->source.find("fitted to Ranka et al. Table 3") != std::string::npos);
  REQUIRE(fitted.parameters.size() == cm5.parameters.size());
  for (std::size_t k = 0; k < cm5.parameters.size(); ++k)
    if (cm5.parameters[k].path != "links.bandwidth") CHECK(fitted.parameters[k].text == cm5.parameters[k].text);
  // Not a bundled machine: `mcsim list machines` lists scenarios/machines/ only.
  CHECK_FALSE(std::filesystem::exists(machines + "/cm5-fitted-table3.toml"));
  quoted(fmt::format("wire_bandwidth_MBps = {}", fitted_wire_MBps));
}
