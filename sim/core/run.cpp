#include "run.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

namespace mcsim {

double Run::communication_time() const {
  return node_finish_s.empty() ? 0.0 : *std::max_element(node_finish_s.begin(), node_finish_s.end());
}

std::string runs_to_text(const std::vector<Run>& runs) {
  std::string out;
  for (const auto& run : runs) {
    out += fmt::format("run {} {} {}\n", run.nodes, run.messages.size(), run.node_finish_s.size());
    for (const auto& m : run.messages)
      out += fmt::format("{} {} {} {} {} {:.17g} {:.17g}\n", m.src, m.dst, m.bytes, m.phase, m.dummy ? 1 : 0, m.start_s,
                         m.end_s);
    for (double t : run.node_finish_s) out += fmt::format("{:.17g}\n", t);
  }
  return out;
}

std::vector<Run> runs_from_text(const std::string& text) {
  std::istringstream in(text);
  std::vector<Run> runs;
  std::string word;
  while (in >> word) {
    Run run;
    std::size_t messages = 0, finishes = 0;
    in >> run.nodes >> messages >> finishes;
    for (std::size_t i = 0; i < messages; ++i) {
      MessageRecord m;
      int dummy = 0;
      in >> m.src >> m.dst >> m.bytes >> m.phase >> dummy >> m.start_s >> m.end_s;
      m.dummy = dummy != 0;
      run.messages.push_back(m);
    }
    run.node_finish_s.resize(finishes);
    for (auto& t : run.node_finish_s) in >> t;
    runs.push_back(std::move(run));
  }
  return runs;
}

}  // namespace mcsim
