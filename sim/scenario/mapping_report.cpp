#include "mapping_report.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../mapping/binomial_tree.hpp"
#include "../output/report.hpp"
#include "../mapping/closed_forms.hpp"
#include "../mapping/mappings.hpp"
#include "../mapping/metrics.hpp"
#include "../mapping/slowdown.hpp"

namespace mcsim {

namespace {

// The metrics of one mapping of B(n): the routes and interference sets are walked once, at
// alpha = 1; each alpha of the scenario only changes the weights (sec. 2), so the callers reweight
// this one copy per alpha and drop it before the next. Keeping every alpha's copy held about 52 MB
// per (mapping, alpha) at B(18): 200 alphas would need 20 GB.
MappingMetrics measure_uniform(const MappingScenario::MappingMetricsSpec& spec, const std::string& mapping, int n) {
  return compute_metrics(binomial_tree(n, 1), find_mapping(mapping, "mapping").map_binomial_tree(n),
                         spec.directed_links ? LinkModel::directed_channel : LinkModel::undirected_wire);
}

}  // namespace

std::optional<bool> LemmaRow::agree() const {
  if (!paper) return std::nullopt;
  return std::abs(*paper - mcsim) <= 1e-9 * std::max(1.0, std::abs(*paper));
}

std::vector<LemmaRow> lemma_rows(const MappingScenario& scenario) {
  const auto& spec = scenario.mapping;
  std::vector<LemmaRow> rows;
  for (int n : spec.n)
    for (const auto& mapping : spec.mappings) {
      // Uniform per-phase metrics (alpha only scales them: D_w = alpha^i D, C_w = alpha^i C).
      const auto uniform = measure_uniform(spec, mapping, n);
      for (const auto& p : uniform.phases) {
        const int i = p.phase;
        const auto add = [&](const char* row, double value, std::optional<double> paper, const char* form) {
          rows.push_back({row, mapping, n, i, "", paper, value, form});
        };
        if (mapping == "reflecting") {
          add("dilation", p.dilation, lo92::lemma3_dilation(i), "Lemma 3 as printed (i = phase)");
          add("dilation", p.dilation, lo92::lemma3_dilation(n - i + 1), "Lemma 3 indexed by B(n-i+1)");
          add("conflict", p.conflict, 0.0, "Lemma 2");
        } else if (mapping == "growing") {
          add("dilation", p.dilation, lo92::growing_phase_dilation(i), "sec. 4.2 per phase");
          add("conflict", p.conflict, lo92::growing_phase_conflict(i), "sec. 4.2 per phase");
        } else {
          add("dilation", p.dilation, std::nullopt, "");
          add("conflict", p.conflict, std::nullopt, "");
        }
      }
      // Totals (b = 1): Lemmas 4 and 5 are for B(2k), Lemma 6 for any n.
      for (std::size_t a = 0; a < spec.alphas.size(); ++a) {
        const double alpha = spec.alphas[a];
        const auto& label = spec.alpha_labels[a];
        const auto metrics = reweighted(uniform, binomial_tree(n, alpha));
        const double total = total_time(metrics, SwitchingFormula::store_and_forward, large_volumes);
        const auto add = [&](const char* row, double value, std::optional<double> paper, std::string form) {
          rows.push_back({row, mapping, n, std::nullopt, label, paper, value, std::move(form)});
        };
        if (mapping == spec.mappings.front())
          add("T_perfect", perfect_total_time(metrics, large_volumes), lo92::lemma6(n, alpha), "Lemma 6");
        if (n % 2 != 0) continue;
        const int k = n / 2;
        if (mapping == "reflecting") {
          add("T_sf", total, lo92::lemma4_printed_sum(k, alpha), "sum before Lemma 4 (Lemma 3 as printed)");
          add("T_sf", total, lo92::lemma4a(k, alpha), "Lemma 4(a)");
          if (lo92::is_alpha(alpha, 1)) add("T_sf", total, lo92::lemma4b(k), "Lemma 4(b)");
        } else if (mapping == "growing") {
          add("T_sf", total, lo92::lemma5_printed_sum(k, alpha), "sum before Lemma 5 (floor(i/2))");
          add("T_sf", total, lo92::lemma5_per_phase_sum(k, alpha), "sec. 4.2 per-phase figures summed (ceil(i/2))");
          if (lo92::is_alpha(alpha, 1))
            add("T_sf", total, lo92::lemma5b(k), "Lemma 5(b)");
          else if (lo92::is_alpha(alpha, 1 / std::sqrt(2.0)))
            add("T_sf", total, std::nullopt, "Lemma 5(d): Theta(k), no number");
          else {
            add("T_sf", total, lo92::lemma5a(k, alpha), "Lemma 5(a)");
            if (lo92::is_alpha(alpha, 0.5)) add("T_sf", total, lo92::lemma5c(k), "Lemma 5(c)");
          }
        } else {
          add("T_sf", total, std::nullopt, "");
        }
      }
    }
  return rows;
}

ResultTable lemma_result_table(const std::string& experiment, const std::vector<LemmaRow>& rows) {
  ResultTable table{"",
                    {{.name = "experiment", .key = true}, {.name = "row", .key = true}, {.name = "series", .key = true},
                     {.name = "x"}, {.name = "paper"}, {.name = "mcsim"}, {.name = "ratio"}, {.name = "phase"},
                     {.name = "alpha"}, {.name = "closed_form"}, {.name = "agree"}},
                    {}};
  for (const auto& r : rows) {
    const std::optional<double> ratio =
        r.paper && *r.paper != 0 ? std::optional<double>(r.mcsim / *r.paper) : std::nullopt;
    const auto agree = r.agree();
    table.rows.push_back({text_cell(experiment), text_cell(r.row), text_cell(r.series), integer_cell(r.n),
                          number_cell(r.paper), number_cell(r.mcsim), number_cell(ratio),
                          r.phase ? integer_cell(*r.phase) : ResultCell{}, text_cell(r.alpha), text_cell(r.closed_form),
                          text_cell(agree ? (*agree ? "yes" : "no") : "")});
  }
  return table;
}

ResultTable lemma_comparison(const std::string& experiment, const std::vector<LemmaRow>& rows) {
  ComparisonTable out(experiment);
  for (const auto& r : rows)
    out.add(fmt::format("{} ({}{})", r.row, r.closed_form, r.alpha.empty() ? "" : ", alpha " + r.alpha), r.series,
            r.phase ? fmt::format("n={} i={}", r.n, *r.phase) : fmt::format("n={}", r.n), r.paper, r.mcsim);
  return std::move(out).take();
}

namespace {

// A line of the lemma table (lemma_result_table) as the text reads it: the agreement is the table's
// own "agree" column, judged on the exact values when the table was made.
struct LemmaLine {
  std::string row, series, alpha, closed_form;
  int n = 0;
  std::optional<int> phase;
  std::optional<double> paper;
  double mcsim = 0;
  std::optional<bool> agree;
};

std::vector<LemmaLine> lemma_lines(const ResultTable& table) {
  const auto column = [&](const char* name) { return table.required_column(name, "lemma_side_by_side"); };
  const std::size_t row_c = column("row"), series_c = column("series"), n_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim"), phase_c = column("phase"), alpha_c = column("alpha"),
                    form_c = column("closed_form"), agree_c = column("agree");
  std::vector<LemmaLine> lines;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const auto phase = cell_number(table.at(r, phase_c));
    const std::string agree = cell_text(table.at(r, agree_c));
    lines.push_back({cell_text(table.at(r, row_c)), cell_text(table.at(r, series_c)), cell_text(table.at(r, alpha_c)),
                     cell_text(table.at(r, form_c)), static_cast<int>(cell_number(table.at(r, n_c)).value_or(0)),
                     phase ? std::optional<int>(static_cast<int>(*phase)) : std::nullopt,
                     cell_number(table.at(r, paper_c)), cell_number(table.at(r, mcsim_c)).value_or(0),
                     agree.empty() ? std::nullopt : std::optional<bool>(agree == "yes")});
  }
  return lines;
}

}  // namespace

std::string lemma_side_by_side(const MappingScenario& s, const ResultTable& table) {
  const std::vector<LemmaLine> rows = lemma_lines(table);
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  out += fmt::format("links: {}; metrics computed from XY routes on the mesh, closed forms as printed\n",
                     s.mapping.directed_links ? "directed channels" : "undirected wires (the paper's G_A)");
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);

  // Per-phase values: one line per (metric, mapping, closed form, n), phases 1..n.
  out += "\nper phase i = 1..n (uniform metrics; weighted ones are alpha^i times these)\n";
  std::vector<std::string> keys;
  std::map<std::string, std::map<int, std::pair<std::string, std::string>>> lines;
  for (const auto& r : rows) {
    if (!r.phase) continue;
    const std::string key = fmt::format("{} {} [{}]", r.row, r.series, r.closed_form.empty() ? "no closed form" : r.closed_form);
    if (!lines.contains(key)) keys.push_back(key);
    auto& [computed, paper] = lines[key][r.n];
    computed += fmt::format(" {:g}", r.mcsim);
    paper += r.paper ? fmt::format(" {:g}", *r.paper) : " -";
  }
  for (const auto& key : keys) {
    out += fmt::format("{}\n", key);
    for (const auto& [n, values] : lines[key])
      out += fmt::format("  n={:<2}  mcsim:{:<40} paper:{}{}\n", n, values.first, values.second,
                         values.first == values.second ? "" : "   <- differs");
  }

  // Totals: one table per alpha, one column per (series, closed form).
  out += "\ntotal store-and-forward time T = sum_i [D_w(E_i) + C_w(E_i)] (b = 1) for B(n), n = 2k; T_perfect by Lemma 6\n";
  for (const auto& alpha : s.mapping.alpha_labels) {
    out += fmt::format("alpha = {}\n", alpha);
    std::vector<std::string> columns;
    for (const auto& r : rows)
      if (!r.phase && r.alpha == alpha) {
        const std::string c = fmt::format("{} {}: {}", r.row, r.series, r.closed_form);
        if (std::find(columns.begin(), columns.end(), c) == columns.end()) columns.push_back(c);
      }
    for (const auto& c : columns) {
      out += fmt::format("  {}\n   ", c);
      int on_line = 0;
      for (const auto& r : rows)
        if (!r.phase && r.alpha == alpha && fmt::format("{} {}: {}", r.row, r.series, r.closed_form) == c) {
          if (on_line++ == 5) out += "\n   ", on_line = 1;
          out += fmt::format(" {:<22}", fmt::format("n={}: {:.6g}/{}{}", r.n, r.mcsim,
                                                    r.paper ? fmt::format("{:.6g}", *r.paper) : "-",
                                                    r.agree == std::optional<bool>(false) ? "*" : ""));
        }
      out += "\n";
    }
  }
  out += "  (mcsim/paper; * = disagrees)\n";

  // Every closed form: agrees everywhere, or the smallest n where it does not.
  out += "\nclosed forms against the computed metrics (smallest n that shows a disagreement):\n";
  std::vector<std::string> forms;
  for (const auto& r : rows)
    if (r.paper) {
      const std::string f = fmt::format("{} {} [{}]", r.row, r.series, r.closed_form);
      if (std::find(forms.begin(), forms.end(), f) == forms.end()) forms.push_back(f);
    }
  for (const auto& f : forms) {
    const LemmaLine* first = nullptr;
    int checked = 0, wrong = 0;
    for (const auto& r : rows) {
      if (!r.paper || fmt::format("{} {} [{}]", r.row, r.series, r.closed_form) != f) continue;
      ++checked;
      if (!*r.agree) {
        ++wrong;
        if (!first || r.n < first->n) first = &r;
      }
    }
    if (!first)
      out += fmt::format("  agrees   {} ({} values)\n", f, checked);
    else
      out += fmt::format("  DIFFERS  {}: {} of {} values; first at n = {}{}{}: paper {:.6g}, computed {:.6g}\n", f, wrong,
                         checked, first->n, first->phase ? fmt::format(", phase {}", *first->phase) : "",
                         first->alpha.empty() ? "" : ", alpha = " + first->alpha, *first->paper, first->mcsim);
  }
  return out;
}

std::vector<SlowdownRow> slowdown_rows(const MappingScenario& scenario) {
  const auto& spec = scenario.mapping;
  std::vector<SlowdownRow> rows;
  const SwitchingFormula switchings[] = {SwitchingFormula::store_and_forward, SwitchingFormula::wormhole};
  for (const auto& mapping : spec.mappings) {
    // Rows go out by (switching, n); each tree is measured once for both switchings.
    std::vector<SlowdownRow> by_switching[std::size(switchings)];
    for (int n : spec.n) {
      const auto uniform = measure_uniform(spec, mapping, n);
      const int k = n / 2;
      const bool even = n % 2 == 0;
      // Small volumes (eqs. 6, 7): uniform weights, alpha plays no part.
      for (std::size_t s_index = 0; s_index < std::size(switchings); ++s_index) {
        const SwitchingFormula sw = switchings[s_index];
        SlowdownRow row{.mapping = mapping, .switching = std::string(to_string(sw)), .volumes = "small", .n = n,
                        .metric = slowdown(uniform, sw, small_volumes)};
        if (mapping == "reflecting" && sw == SwitchingFormula::wormhole) row.paper = 1, row.paper_source = "Theorem 1";
        if (sw == SwitchingFormula::store_and_forward && even && mapping == "reflecting")
          row.paper = lo92::lemma4b(k) / n, row.paper_source = "eq. 6: Lemma 4(b) / 2k";
        if (sw == SwitchingFormula::store_and_forward && even && mapping == "growing")
          row.paper = lo92::lemma5b(k) / n, row.paper_source = "eq. 6: Lemma 5(b) / 2k";
        by_switching[s_index].push_back(row);
      }
      // Large volumes: one reweighted copy per alpha, read by both switchings.
      for (std::size_t a = 0; a < spec.alphas.size(); ++a) {
        const double alpha = spec.alphas[a];
        const auto metrics = reweighted(uniform, binomial_tree(n, alpha));
        for (std::size_t s_index = 0; s_index < std::size(switchings); ++s_index) {
          const SwitchingFormula sw = switchings[s_index];
          auto& out = by_switching[s_index];
          SlowdownRow row{.mapping = mapping, .switching = std::string(to_string(sw)), .volumes = "large",
                          .alpha = spec.alpha_labels[a], .n = n, .metric = slowdown(metrics, sw, large_volumes)};
          if (mapping == "reflecting" && sw == SwitchingFormula::wormhole) row.paper = 1, row.paper_source = "Theorem 1";
          if (sw == SwitchingFormula::store_and_forward && even && mapping == "reflecting") {
            const bool uniform_weights = lo92::is_alpha(alpha, 1);
            row.paper = (uniform_weights ? lo92::lemma4b(k) : lo92::lemma4a(k, alpha)) / lo92::lemma6(n, alpha);
            row.paper_source = uniform_weights ? "eq. 2: Lemma 4(b) / Lemma 6" : "eq. 2: Lemma 4(a) / Lemma 6";
          }
          if (sw == SwitchingFormula::store_and_forward && even && mapping == "growing")
            if (const auto t = lo92::lemma5(k, alpha)) {
              row.paper = *t / lo92::lemma6(n, alpha);
              row.paper_source = lo92::is_alpha(alpha, 1)     ? "eq. 2: Lemma 5(b) / Lemma 6"
                                 : lo92::is_alpha(alpha, 0.5) ? "eq. 2: Lemma 5(c) / Lemma 6"
                                                              : "eq. 2: Lemma 5(a) / Lemma 6";
            }
          out.push_back(row);
          for (double c : spec.startup_c)
            out.push_back({.mapping = mapping, .switching = std::string(to_string(sw)), .volumes = fmt::format("c={}", c),
                           .alpha = spec.alpha_labels[a], .n = n, .metric = slowdown(metrics, sw, CostModel{c, 1})});
        }
      }
    }
    for (auto& part : by_switching) rows.insert(rows.end(), part.begin(), part.end());
  }
  // Theorem 2: reflecting against growing on store-and-forward.
  const auto find = [&](const std::string& m, const SlowdownRow& like) -> const SlowdownRow* {
    for (const auto& r : rows)
      if (r.mapping == m && r.switching == like.switching && r.volumes == like.volumes && r.alpha == like.alpha &&
          r.n == like.n)
        return &r;
    return nullptr;
  };
  std::vector<SlowdownRow> ratios;
  for (const auto& r : rows)
    if (r.mapping == "reflecting" && r.switching == to_string(SwitchingFormula::store_and_forward))
      if (const auto* g = find("growing", r)) {
        SlowdownRow ratio{.mapping = "reflecting/growing", .switching = r.switching, .volumes = r.volumes, .alpha = r.alpha,
                          .n = r.n, .metric = r.metric / g->metric};
        if (r.volumes == "small" || (r.volumes == "large" && r.alpha == "1"))
          ratio.paper = 2.0 / 3.0, ratio.paper_source = "Theorem 2 (asymptotic in k)";
        ratios.push_back(ratio);
      }
  rows.insert(rows.end(), ratios.begin(), ratios.end());
  return rows;
}

ResultTable slowdown_result_table(const std::string& experiment, const std::vector<SlowdownRow>& rows) {
  ResultTable table{"",
                    {{.name = "experiment", .key = true}, {.name = "mapping", .key = true}, {.name = "switching", .key = true},
                     {.name = "volumes", .key = true}, {.name = "alpha", .key = true}, {.name = "n"}, {.name = "paper"},
                     {.name = "paper_source"}, {.name = "metric"}, {.name = "simulated"}},
                    {}};
  for (const auto& r : rows)
    table.rows.push_back({text_cell(experiment), text_cell(r.mapping), text_cell(r.switching), text_cell(r.volumes),
                          text_cell(r.alpha), integer_cell(r.n), number_cell(r.paper), text_cell(r.paper_source),
                          number_cell(r.metric), number_cell(r.simulated)});
  return table;
}

std::vector<SlowdownRow> slowdown_rows_of(const ResultTable& table) {
  const auto column = [&](const char* name) { return table.required_column(name, "slowdown_rows_of"); };
  const std::size_t mapping_c = column("mapping"), switching_c = column("switching"), volumes_c = column("volumes"),
                    alpha_c = column("alpha"), n_c = column("n"), paper_c = column("paper"),
                    source_c = column("paper_source"), metric_c = column("metric"), simulated_c = column("simulated");
  std::vector<SlowdownRow> rows;
  for (std::size_t r = 0; r < table.rows.size(); ++r)
    rows.push_back({cell_text(table.at(r, mapping_c)), cell_text(table.at(r, switching_c)),
                    cell_text(table.at(r, volumes_c)), cell_text(table.at(r, alpha_c)),
                    static_cast<int>(cell_number(table.at(r, n_c)).value_or(0)), cell_number(table.at(r, paper_c)),
                    cell_text(table.at(r, source_c)), cell_number(table.at(r, metric_c)).value_or(0),
                    cell_number(table.at(r, simulated_c))});
  return rows;
}

namespace {
// The cell a slowdown row belongs to: "reflecting store-and-forward large volumes, alpha = 1/2".
std::string slowdown_cell(const SlowdownRow& r) {
  return fmt::format("{} {} {} volumes, alpha = {}", r.mapping, r.switching, r.volumes, r.alpha.empty() ? "any" : r.alpha);
}
}  // namespace

ResultTable slowdown_comparison(const std::string& experiment, const std::vector<SlowdownRow>& rows) {
  ComparisonTable out(experiment);
  for (const auto& r : rows) {
    const std::string kind = "slowdown S, " + slowdown_cell(r), x = fmt::format("n={}", r.n);
    out.add(kind, "metric", x, r.paper, r.metric);
    out.add(kind, "simulated", x, r.paper, r.simulated);
  }
  return std::move(out).take();
}

std::string slowdown_side_by_side(const MappingScenario& s, const ResultTable& table) {
  const std::vector<SlowdownRow> rows = slowdown_rows_of(table);
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  out += "\nslowdown S against n (B(n) on 2^n processors; the paper's k = n/2)\n"
         "  metric:    equations 2, 4, 6, 7 over the dilations and interference sets of the mapped XY routes\n"
         "  simulated: the mapped phases run on the simulated mesh, over the perfect mapping's simulated time\n"
         "  paper:     the paper's closed form where it gives one\n";
  const auto key_of = slowdown_cell;
  std::vector<std::string> keys;
  for (const auto& r : rows)
    if (std::find(keys.begin(), keys.end(), key_of(r)) == keys.end()) keys.push_back(key_of(r));
  for (const auto& key : keys) {
    std::string n_line = "  n        ", metric = "  metric   ", simulated = "  simulated", paper = "  paper    ";
    bool any_simulated = false, any_paper = false;
    for (const auto& r : rows) {
      if (key_of(r) != key) continue;
      n_line += fmt::format(" {:>6}", r.n);
      metric += fmt::format(" {:>6.4g}", r.metric);
      simulated += r.simulated ? fmt::format(" {:>6.4g}", *r.simulated) : fmt::format(" {:>6}", "-");
      paper += r.paper ? fmt::format(" {:>6.4g}", *r.paper) : fmt::format(" {:>6}", "-");
      any_simulated |= r.simulated.has_value();
      any_paper |= r.paper.has_value();
    }
    out += fmt::format("{}\n{}\n{}\n", key, n_line, metric);
    if (any_simulated) out += simulated + "\n";
    if (any_paper) out += paper + "\n";
  }
  return out;
}

PlotSpec slowdown_plot(const MappingScenario& s, const std::vector<SlowdownRow>& rows) {
  PlotSpec plot{s.id + ": slowdown S of the mapped B(n), large volumes (SF store-and-forward, WH wormhole)",
                "n (B(n), 2^n processors; the paper's k = n/2)", "slowdown S (small volumes: as alpha = 1)", false, true,
                {}, "below maxrows 8"};
  // One colour per (mapping, switching, alpha); the metric drawn solid, the simulation dashed, the
  // paper's closed form as filled dots, so that the three readings of one cell sit together.
  std::vector<std::string> cells;
  const auto colour_of = [&](const std::string& cell) {
    auto at = std::find(cells.begin(), cells.end(), cell);
    if (at == cells.end()) at = cells.insert(cells.end(), cell);
    return static_cast<int>(at - cells.begin()) + 1;
  };
  const auto series_of = [&](const std::string& title, const std::string& style) -> PlotSeries& {
    for (auto& p : plot.series)
      if (p.title == title) return p;
    return plot.series.emplace_back(PlotSeries{.title = title, .style = style});
  };
  for (const auto& r : rows) {
    // Small volumes give the alpha = 1 curves again (uniform weights): left out of the picture.
    if (r.mapping.find('/') != std::string::npos || r.volumes != "large") continue;
    const std::string cell =
        fmt::format("{} {} a={}", r.mapping, r.switching == "store-and-forward" ? "SF" : "WH", r.alpha);
    const int colour = colour_of(cell);
    series_of(cell + ": metric", fmt::format("lines lw 2 lc {}", colour)).points.emplace_back(r.n, r.metric);
    if (r.simulated)
      series_of(cell + ": simulated", fmt::format("linespoints dashtype 2 pt 6 lc {}", colour))
          .points.emplace_back(r.n, *r.simulated);
    if (r.paper && r.switching == "store-and-forward")
      series_of(cell + ": paper", fmt::format("points pt 7 ps 1.3 lc {}", colour)).points.emplace_back(r.n, *r.paper);
  }
  return plot;
}

}  // namespace mcsim
