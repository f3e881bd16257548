// Compact Global Masking with Heaps (CGMH): Ranka, Wang, Kumar 1992, section 3.2 (Figures 2 and
// 3) and section 4 (choosing lambda).
//
// Each sender's column of the compressed matrix is a max-heap of its pending messages by size.
// One iteration (Create_Permutation, Fig. 3): from a random start column x, every column j in turn
// extracts its largest message; if the destination is still free in this permutation it is taken,
// otherwise it is set aside (S) and the next largest is tried, until one is taken or the column
// is exhausted; the set-aside entries go back into the heap. Then Decide_Size() picks M_eff
// (decide_size.hpp): messages larger than M_eff send M_eff bytes and their remainder returns to the
// heap (step 5); the rest go whole.
//
// Readings taken here (see the notes on the issue for what the other readings give):
//  - "For all entries in S (except the last one), Heap_Insert": S is read as every entry extracted
//    from column j in this iteration, in order; the last one is the entry taken (its remainder, if
//    any, is re-inserted in step 5). When no entry is taken, all of S goes back. Read literally as
//    "drop the last rejected entry", messages would be lost and no plan would deliver the matrix.
//  - lambda = k/n counts whole messages against n (LambdaBase::nodes), the paper's definition;
//    parameter lambda_base = messages or floor gives the other readings (decide_size.hpp).
//  - resetting (sec. 3.2, before eq. 4): once the average number of active entries per column d*
//    is at most max(2, d/16), lambda = 1 for the rest of the schedule; d is the matrix's average.
//  - lambda proportional to d* (sec. 4.2, "lambda can be set as 0.8 d*"): lambda = c d*/d, kept in
//    (1/(d+1), 1]; the paper gives no normalisation, this one makes lambda start at c.
//  - step 5's "add the remainder back to its proper location in heap_k": by the size left (default).
//    Parameter remainder = original keeps the message at its first size, so it is continued first;
//    that reading brings Table 2's lambda = 3/4 rows to the paper but not its higher-lambda rows.
//  - ties between equal sizes in a heap go to the smaller destination (the order of the
//    compressed column, Appendix A).
//  - which messages are cut: Decide_Size cuts the largest ones (the text: "messages larger than
//    M_eff"; default, parameter cut = largest). Parameter cut = random is a named alternative that
//    is NOT the paper's algorithm: the m - k messages cut (k sent whole, as lambda_base says) are a
//    uniformly random m - k of the permutation's m; a cut message larger than M_eff sends M_eff, a
//    smaller one half its bytes (rounded up; the paper gives no size for it, an assumption of this
//    reading), and its remainder goes back to its heap. Cutting the largest messages keeps cutting
//    the columns that hold the most entries (their largest entry is the largest of more draws), so
//    those columns stay full while eq. 1 and Appendix C assume every column shrinks evenly; a
//    random share spreads the cuts. The published Tables 1-2 agree with this reading
//    (lambda_base = messages) and not with the text (docs/results.md, "CGMH readings").
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "compressed_matrix.hpp"
#include "decide_size.hpp"
#include "algorithms.hpp"

namespace mcsim {

namespace {

// Max-heap order: larger size first, then smaller destination. A total order (a column holds one
// entry per destination), so the schedule does not depend on how the heap is stored.
bool heap_less(const PendingMessage& a, const PendingMessage& b) {
  return a.priority != b.priority ? a.priority < b.priority : a.dst > b.dst;
}

// The heaps are kept as vectors sorted by heap_less, the top (largest) last. Because the order is
// total, extracting the largest entries one by one until a free destination appears and
// re-inserting the ones set aside (Fig. 3, step 3.2) leaves the heap holding the same entries as
// removing the first free one in a scan from the top: the scan takes the same entry and counts the
// same heap operations (k extractions and k - 1 re-insertions when the k-th entry is taken, 2 x the
// column's size when none is), without moving the k - 1 set-aside entries out and back in, which
// was most of the time of ranka92-table2 (d up to 512).
void insert_sorted(std::vector<PendingMessage>& column, const PendingMessage& entry) {
  column.insert(std::upper_bound(column.begin(), column.end(), entry, heap_less), entry);
}

enum class LambdaRule { fixed, running_sum, best_jump, proportional };

struct Settings final : SchedulerSettings {
  LambdaRule rule = LambdaRule::fixed;
  double fixed_lambda = 1;
  double proportional = 0.8;
  bool reset = true;
  LambdaBase base = LambdaBase::nodes;
  bool remainder_keeps_place = false;
  bool cut_random_share = false;
};

Settings read_settings(const SchedulerParams& params) {
  Settings s;
  const std::string lambda = params.text("lambda", "1");
  if (lambda == "ms") {
    s.rule = LambdaRule::running_sum;
  } else if (lambda == "bj") {
    s.rule = LambdaRule::best_jump;
  } else if (lambda == "proportional") {
    s.rule = LambdaRule::proportional;
  } else {
    s.fixed_lambda = params.number("lambda", 1);
    if (!(s.fixed_lambda > 0 && s.fixed_lambda <= 1))
      throw Error(params.where(), fmt::format("lambda = {} must be in (0, 1], or ms, bj, proportional", lambda));
  }
  s.proportional = params.number("proportional", 0.8);
  if (!(s.proportional > 0))
    throw Error(params.where(), fmt::format("proportional = {} must be positive", params.text("proportional", "")));
  s.reset = params.flag("reset", true);
  const std::string base = params.text("lambda_base", "nodes");
  if (base != "nodes" && base != "messages" && base != "floor")
    throw Error(params.where(), fmt::format("lambda_base = '{}': use nodes, messages or floor", base));
  s.base = base == "nodes" ? LambdaBase::nodes : base == "messages" ? LambdaBase::messages : LambdaBase::messages_floor;
  const std::string remainder = params.text("remainder", "size");
  if (remainder != "size" && remainder != "original")
    throw Error(params.where(), fmt::format("remainder = '{}': use size or original", remainder));
  s.remainder_keeps_place = remainder == "original";
  const std::string cut = params.text("cut", "largest");
  if (cut != "largest" && cut != "random")
    throw Error(params.where(), fmt::format("cut = '{}': use largest or random", cut));
  s.cut_random_share = cut == "random";
  return s;
}

}  // namespace

std::shared_ptr<const SchedulerSettings> read_compact_global_masking_heaps_settings(const SchedulerParams& params) {
  return std::make_shared<const Settings>(read_settings(params));
}

Plan schedule_compact_global_masking_heaps(const SchedulerInput& input, const SchedulerParams& params,
                                           OperationCounts& ops) {
  const Settings& settings = params.settings<Settings>();
  const int n = input.matrix.nodes();
  const double startup_bytes =
      input.hints.seconds_per_byte > 0 ? input.hints.startup_s / input.hints.seconds_per_byte : 0.0;
  const double d = input.matrix.mean_degree();
  const double reset_threshold = std::max(2.0, d / 16);

  auto columns = compress_matrix(input.matrix);
  for (auto& column : columns) std::sort(column.begin(), column.end(), heap_less);
  std::size_t active = input.matrix.size();

  std::uint64_t heap_ops_permutation = 0;  // Fig. 3 step 3.2: extractions and re-insertions
  std::uint64_t heap_ops_remainders = 0;   // step 5: remainders back into their heaps
  std::uint64_t splits = 0, resets_at = 0, lambda_ppm_sum = 0;
  // How uneven the columns are when d* first reaches the resetting threshold (whether or not
  // resetting is on): eq. 1 and Appendix C assume every column then holds about d* entries.
  std::uint64_t fullest_column_at_threshold = 0;
  bool threshold_seen = false;  // with resetting on, lambda = 1 from then on

  Plan plan;
  std::vector<int> receive(static_cast<std::size_t>(n));
  struct Taken {
    int src;
    PendingMessage message;
  };
  std::vector<Taken> taken;
  std::vector<std::uint64_t> sizes;

  while (active > 0) {
    std::fill(receive.begin(), receive.end(), -1);
    taken.clear();
    const int x = input.rng.below(n);
    for (int y = 0; y < n; ++y) {
      const int j = (x + y) % n;
      auto& heap = columns[static_cast<std::size_t>(j)];
      std::size_t extracted = 0;
      auto top = heap.end();
      while (top != heap.begin()) {
        --top;
        ++extracted;
        if (receive[static_cast<std::size_t>(top->dst)] == -1) {
          receive[static_cast<std::size_t>(top->dst)] = j;
          taken.push_back({j, *top});
          heap.erase(top);
          heap_ops_permutation += 2 * extracted - 1;  // the set-aside k - 1 go back
          extracted = 0;
          break;
        }
      }
      heap_ops_permutation += 2 * extracted;  // none taken: every entry out and back in
    }

    // Decide_Size(): lambda for this permutation, then M_eff.
    const double d_star = static_cast<double>(active) / n;
    if (!threshold_seen && d_star <= reset_threshold) {
      threshold_seen = true;
      if (settings.reset) resets_at = plan.phases.size() + 1;
      // Entries still pending in a column: those in its heap plus the one it took this time.
      std::vector<std::uint64_t> pending(columns.size());
      for (std::size_t c = 0; c < columns.size(); ++c) pending[c] = columns[c].size();
      for (const auto& t : taken) ++pending[static_cast<std::size_t>(t.src)];
      fullest_column_at_threshold = *std::max_element(pending.begin(), pending.end());
    }
    const bool reset_done = settings.reset && threshold_seen;
    sizes.clear();
    for (const auto& t : taken) sizes.push_back(t.message.bytes);
    std::sort(sizes.begin(), sizes.end());
    double lambda = 1;
    std::uint64_t m_eff = sizes.back();
    if (!reset_done) {
      switch (settings.rule) {
        case LambdaRule::fixed: lambda = settings.fixed_lambda; break;
        case LambdaRule::proportional:
          lambda = std::clamp(settings.proportional * d_star / d, 1.0 / (d + 1) + 1e-9, 1.0);
          break;
        case LambdaRule::running_sum: lambda = choose_lambda_running_sum(sizes, n, settings.base, startup_bytes).lambda; break;
        case LambdaRule::best_jump: lambda = choose_lambda_best_jump(sizes, n, settings.base, startup_bytes).lambda; break;
      }
      m_eff = effective_size(sizes, lambda, n, settings.base);
    }
    lambda_ppm_sum += static_cast<std::uint64_t>(std::llround(lambda * 1e6));

    // cut = random: the messages cut are a random (m - k) of the permutation (see the top).
    std::vector<char> cut_this(taken.size(), 0);
    if (settings.cut_random_share && !reset_done && lambda < 1) {
      const std::size_t whole = whole_messages(lambda, taken.size(), n, settings.base);
      std::vector<std::size_t> order(taken.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      for (std::size_t i = 0; i + whole < order.size(); ++i) {
        std::swap(order[i], order[i + input.rng.below(order.size() - i)]);
        cut_this[order[i]] = 1;
      }
    }

    Phase phase;
    for (std::size_t i = 0; i < taken.size(); ++i) {
      const Taken& t = taken[i];
      std::uint64_t send = std::min(t.message.bytes, m_eff);
      if (settings.cut_random_share) send = !cut_this[i] ? t.message.bytes
                                           : t.message.bytes > m_eff ? m_eff : (t.message.bytes + 1) / 2;
      phase.messages.push_back({t.src, t.message.dst, send, false});
      if (send < t.message.bytes) {
        insert_sorted(columns[static_cast<std::size_t>(t.src)],
                      {t.message.dst, t.message.bytes - send,
                       settings.remainder_keeps_place ? t.message.priority : t.message.bytes - send});
        ++heap_ops_remainders;
        ++splits;
      } else {
        --active;
      }
    }
    plan.phases.push_back(std::move(phase));
  }
  ops["heap_ops"] += heap_ops_permutation;
  ops["heap_ops_remainders"] += heap_ops_remainders;
  ops["splits"] += splits;
  ops["reset_at_phase"] += resets_at;
  ops["fullest_column_at_threshold"] += fullest_column_at_threshold;
  ops["lambda_sum_ppm"] += lambda_ppm_sum;
  ops["iterations"] += plan.phases.size();
  return plan;
}

}  // namespace mcsim
