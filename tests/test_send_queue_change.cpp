// How far the iPSC/860's send queues moved the wang94 reproductions. A node's messages used to be
// moved by an actor each; one actor per node now moves them in the same order (sim/engine/
// transports/reserved_path.cpp). The model's rules are unchanged, but SimGrid runs the actors of
// one instant in another order, so when two transfers want one node interface at the same
// simulated instant the other may win. tests/data/before-send-queues/ holds the goldens of the
// per-message actors; the goldens of today (which the golden tests hold byte for byte) may differ
// from them by at most kBound per number, and by nothing in any word (but the fastest algorithm of
// a wang94-fig5 cell, which ties may turn).
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// One sample per cell (the goldens'): the largest change seen was 10.7% (RS_N, d = 4, 64 B:
// 0.772 -> 0.855 ms), a single random matrix where same-instant ties decide much.
constexpr double kBound = 0.11;

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream fields(line);
    std::string cell;
    while (std::getline(fields, cell, ',')) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

bool as_number(const std::string& text, double& value) {
  if (text.empty()) return false;
  std::size_t used = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == text.size() && std::isfinite(value);
}

}  // namespace

TEST_CASE("the send queues move every wang94 golden number by at most 11%", "[transport]") {
  for (const std::string id :
       {"wang94-fig5", "wang94-fig6", "wang94-fig7", "wang94-fig8", "wang94-fig9", "wang94-overhead"}) {
    INFO(id);
    const auto before = read_csv(std::string(MCSIM_TEST_DATA) + "/before-send-queues/" + id + ".csv");
    const auto now = read_csv(std::string(MCSIM_GOLDEN_DIR) + "/" + id + "/" + id + ".csv");
    REQUIRE(before.size() == now.size());
    REQUIRE(before.size() > 1);
    const auto& header = now.front();
    for (std::size_t r = 0; r < now.size(); ++r) {
      REQUIRE(before[r].size() == now[r].size());
      for (std::size_t c = 0; c < now[r].size(); ++c) {
        INFO("row " << r << ", column " << header.at(c) << ": " << before[r][c] << " -> " << now[r][c]);
        double a = 0;
        double b = 0;
        if (as_number(before[r][c], a) && as_number(now[r][c], b)) {
          const double change = a == 0 ? std::abs(b) : std::abs(b - a) / std::abs(a);
          CHECK(change <= kBound);
        } else if (header.at(c) != "fastest" && header.at(c) != "agree") {
          CHECK(before[r][c] == now[r][c]);
        }
      }
    }
  }
}
