#include "nearest_name.hpp"

#include <algorithm>

namespace mcsim {

namespace {

// The optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
// substring): a swapped pair of letters ("wrap_aroudn") is one slip, as a typist makes it.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_name(const std::string& given, const std::vector<std::string>& known) {
  // A quoted input may be long (a 50 MB key): no name is near one far longer than itself.
  constexpr std::size_t longest_compared = 200;
  if (given.empty() || given.size() > longest_compared) return {};
  const std::size_t allowed = given.size() <= 4 ? 1 : given.size() / 3;
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const auto& name : known) {
    if (name.size() > given.size() + allowed || given.size() > name.size() + allowed) continue;
    const std::size_t distance = edit_distance(given, name);
    if (distance < best_distance) best = name, best_distance = distance;
  }
  return best;
}

std::string did_you_mean(const std::string& given, const std::vector<std::string>& known) {
  const std::string name = nearest_name(given, known);
  return name.empty() ? std::string() : "; did you mean '" + name + "'?";
}

}  // namespace mcsim
