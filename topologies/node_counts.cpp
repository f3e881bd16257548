#include "node_counts.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "../sim/core/machine_file_reader.hpp"
#include "topology_family.hpp"

namespace mcsim {

namespace {

bool accepts(const MachineFile& file, int nodes) {
  try {
    MachineFile resolved = file;
    resolve_for_nodes(resolved, nodes);
    (void)make_topology_family(resolved.family, resolved.under("topology.shape."), nodes);
    return true;
  } catch (const Error&) {
    return false;
  }
}

bool power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

}  // namespace

std::vector<int> accepted_node_counts(const MachineFile& file, int every_up_to, int powers_up_to) {
  std::vector<int> counts;
  for (int n = 1; n <= every_up_to; ++n)
    if (accepts(file, n)) counts.push_back(n);
  for (long long n = 1; n <= powers_up_to; n *= 2)
    if (n > every_up_to && accepts(file, static_cast<int>(n))) counts.push_back(static_cast<int>(n));
  return counts;
}

std::string describe_node_counts(const std::vector<int>& counts, std::size_t longest) {
  if (counts.empty()) return "none";
  if (counts.size() == 1) return fmt::format("{}", counts.front());
  bool doubling = true;
  for (std::size_t k = 0; k < counts.size(); ++k)
    doubling = doubling && power_of_two(counts[k]) && (k == 0 || counts[k] == 2 * counts[k - 1]);
  if (doubling) return fmt::format("every power of two from {} to {}", counts.front(), counts.back());
  std::vector<std::string> runs;
  for (std::size_t k = 0; k < counts.size();) {
    std::size_t end = k;
    while (end + 1 < counts.size() && counts[end + 1] == counts[end] + 1) ++end;
    runs.push_back(end == k ? fmt::format("{}", counts[k]) : fmt::format("{}-{}", counts[k], counts[end]));
    k = end + 1;
  }
  std::string text;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const std::string next = (k ? ", " : "") + runs[k];
    if (text.size() + next.size() > longest) return fmt::format("{} and {} more", text, runs.size() - k);
    text += next;
  }
  return text;
}

}  // namespace mcsim
