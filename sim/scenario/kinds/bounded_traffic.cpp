// kind = "bounded-traffic" (Ranka, Shankar, Alsabti 1995): every series runs on every sample matrix
// at every traffic t of [workload] traffic (elements per node; msg_unit is the element's bytes),
// reported as mean, spread, min and max over the samples (the paper's trials) with the claims'
// verdicts (bounded_traffic.hpp). Its one report: "trials".
#include <fmt/format.h>

#include "../bounded_traffic.hpp"
#include "../scenario_outputs.hpp"
#include "../sweep_kind.hpp"
#include "../sweep_reading.hpp"

namespace mcsim {

namespace {

class BoundedTrafficKind : public SweepKind<BoundedTrafficScenario> {
 public:
  using SweepKind::SweepKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<BoundedTrafficKind>(*this); }
  ScenarioOutputs run(const RunOptions& run, const ReportOptions&) const override {
    ScenarioOutputs out;
    const auto result = run_bounded_traffic(value_, run);
    out.printed = bounded_traffic_text(result);
    out.files.push_back(table_file(".csv", bounded_traffic_comparison(result)));
    out.agreement = agreement_of(*out.files.back().table);
    out.comparison = out.files.back().table;
    if (value_.plot == PlotKind::comm) out.plot = bounded_traffic_plot(result);
    return out;
  }
};

std::unique_ptr<KindScenario> read(const ScenarioFile& file) {
  BoundedTrafficScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  if (!file.report.empty() && file.report != "trials")
    throw Error(file.report_where(),
                fmt::format("unknown report '{}' of kind = \"bounded-traffic\" (trials)", file.report));
  if (s.plot != PlotKind::none && s.plot != PlotKind::comm)
    throw Error(file.reader.at(*file.root.get("plot"), "plot"), "kind = \"bounded-traffic\" draws plot = \"comm\" only");
  read_sweep(file, s, SweepRules{.traffic_axis = true}, s.traffic);
  if (s.traffic.empty())
    throw Error(file.reader.at(*file.root["workload"].as_table(), "workload.traffic"),
                "kind = \"bounded-traffic\" needs traffic");
  return std::make_unique<BoundedTrafficKind>(std::move(s));
}

}  // namespace

ReproductionKind bounded_traffic_kind() {
  return {"bounded-traffic", "every series on every sample matrix at every traffic t: mean and spread over trials",
          {"samples", "seed", "machine", "workload", "sweep", "series", "paper"}, &read};
}

}  // namespace mcsim
