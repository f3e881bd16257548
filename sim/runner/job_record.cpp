// The format, one token per field, white space between tokens:
//   job <phases> <host_s> <comm_s> <k> (<operation> <count>){k} <j> (<name> <value>){j}
//       [sharing <simgrid|fluid> <reason>] <has_run>
//   [run <nodes> <messages> <finishes> (<src> <dst> <bytes> <phase> <dummy> <start_s> <end_s>){messages}
//        (<finish_s>){finishes} <s> (<node> <activity> <start_s> <end_s>){s}
//        <t> (<node> <lane> <activity> <start_s> <end_s>){t}
//        <l> (<link> <bandwidth_Bps> <bytes> <busy_s> <held_idle_s>){l}]
// Doubles are written in their shortest form that reads back to the same value (fmt "{}").
//
// The text may come from a file someone else wrote (a shard file, a kept task result), so reading
// it trusts nothing: every number is a time, a size or a count, so it lies from 0 to 1e100 (far
// beyond anything a simulation gives, and far enough below the largest double that no conversion
// of units makes it infinite), and a count is bounded by the bytes left before anything is
// allocated for it.
#include "job_record.hpp"

#include <cctype>
#include <charconv>
#include <type_traits>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {

void check_name(const std::string& name) {
  if (name.empty() || std::any_of(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }))
    throw Error("job records", fmt::format("name '{}' cannot be written (empty or with white space)", name));
}

class Tokens {
 public:
  explicit Tokens(std::string_view text) : text_(text) {}

  bool done() {
    skip_space();
    return at_ == text_.size();
  }
  std::string_view word() {
    skip_space();
    word_at_ = at_;
    while (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    if (word_at_ == at_) fail("the text ends in the middle of a record");
    return text_.substr(word_at_, at_ - word_at_);
  }
  void expect(std::string_view keyword) {
    if (word() != keyword) fail(fmt::format("expected '{}'", keyword));
  }
  // A number that is not negative (and at most 1e100, for a double: "nan" and "inf" are refused).
  template <class T>
  T number() {
    const std::string_view w = word();
    T value{};
    const auto [end, error] = std::from_chars(w.data(), w.data() + w.size(), value);
    if (error != std::errc() || end != w.data() + w.size()) fail(fmt::format("'{}' is not a number here", w));
    if constexpr (std::is_floating_point_v<T>) {
      if (!(value >= 0 && value <= 1e100)) fail(fmt::format("'{}' is not a number from 0 to 1e100", w));
    } else if constexpr (std::is_signed_v<T>) {
      if (value < 0) fail(fmt::format("'{}' is negative", w));
    }
    return value;
  }
  // Whether the next word is `keyword` (it is not read).
  bool next_is(std::string_view keyword) {
    skip_space();
    std::size_t end = at_;
    while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end]))) ++end;
    return text_.substr(at_, end - at_) == keyword;
  }
  // An index into something of `size` items.
  int index(std::size_t size) {
    const int value = number<int>();
    if (static_cast<std::size_t>(value) >= size) fail(fmt::format("'{}' is not an index below {}", value, size));
    return value;
  }
  // A count of items that take at least `tokens` tokens (two bytes each, with the space) in the text
  // still to read: a larger count cannot be true, and is refused before anything is allocated.
  std::size_t count(std::size_t tokens) {
    const auto n = number<std::size_t>();
    if (n > (text_.size() - at_) / (2 * tokens))
      fail(fmt::format("a count of {} cannot be: {} bytes are left", n, text_.size() - at_));
    return n;
  }
  // 0 or 1.
  bool flag() {
    const int value = number<int>();
    if (value > 1) fail(fmt::format("'{}' is not 0 or 1", value));
    return value == 1;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  // Names the byte where the last word read starts.
  [[noreturn]] void fail(const std::string& problem) const {
    throw Error("job records", fmt::format("at byte {}: {}", word_at_, problem));
  }

  std::string_view text_;
  std::size_t at_ = 0, word_at_ = 0;
};

}  // namespace

std::string records_to_text(const std::vector<JobRecord>& records) {
  std::string out;
  for (const auto& r : records) {
    out += fmt::format("job {} {} {} {}", r.phases, r.host_s, r.comm_s, r.operations.size());
    for (const auto& [name, count] : r.operations) {
      check_name(name);
      out += fmt::format(" {} {}", name, count);
    }
    out += fmt::format(" {}", r.measured.size());
    for (const auto& [name, seconds] : r.measured) {
      check_name(name);
      out += fmt::format(" {} {}", name, seconds);
    }
    // Only for a simulated job: the records of scheduling alone read as before.
    if (r.sharing)
      out += fmt::format(" sharing {} {}", sharing_name(r.sharing->sharing), sharing_reason_name(r.sharing->reason));
    out += fmt::format(" {}\n", r.run ? 1 : 0);
    if (!r.run) continue;
    const Run& run = *r.run;
    out += fmt::format("run {} {} {}\n", run.nodes, run.messages.size(), run.node_finish_s.size());
    for (const auto& m : run.messages)
      out += fmt::format("{} {} {} {} {} {} {}\n", m.src, m.dst, m.bytes, m.phase, m.dummy ? 1 : 0, m.start_s, m.end_s);
    for (double t : run.node_finish_s) out += fmt::format("{}\n", t);
    out += fmt::format("{}\n", run.spans.size());
    for (const auto& span : run.spans) {
      check_name(span.activity);
      out += fmt::format("{} {} {} {}\n", span.node, span.activity, span.start_s, span.end_s);
    }
    out += fmt::format("{}\n", run.states.size());
    for (const auto& state : run.states) {
      check_name(state.lane);
      check_name(state.activity);
      out += fmt::format("{} {} {} {} {}\n", state.node, state.lane, state.activity, state.start_s, state.end_s);
    }
    out += fmt::format("{}\n", run.links.size());
    for (const auto& link : run.links) {
      check_name(link.link);
      out += fmt::format("{} {} {} {} {}\n", link.link, link.bandwidth_Bps, link.bytes, link.busy_s, link.held_idle_s);
    }
    // Routes and link busy times (a recorded run's, for the replay) only when there are any: the
    // records of every other run read as before.
    if (run.routes.empty() && run.link_busy.empty()) continue;
    out += fmt::format("routes {}\n", run.routes.size());
    for (const auto& route : run.routes) out += fmt::format("{}{}{}\n", route.size(), route.empty() ? "" : " ", fmt::join(route, " "));
    out += fmt::format("busy {}\n", run.link_busy.size());
    for (const auto& busy : run.link_busy)
      out += fmt::format("{} {} {} {}\n", busy.link, busy.start_s, busy.end_s, busy.rate_Bps);
  }
  return out;
}

std::vector<JobRecord> records_from_text(const std::string& text) {
  Tokens in(text);
  std::vector<JobRecord> records;
  while (!in.done()) {
    in.expect("job");
    JobRecord r;
    r.phases = in.number<std::size_t>();
    r.host_s = in.number<double>();
    r.comm_s = in.number<double>();
    for (auto k = in.count(2); k > 0; --k) {
      const std::string name(in.word());
      r.operations[name] = in.number<std::uint64_t>();
    }
    for (auto k = in.count(2); k > 0; --k) {
      const std::string name(in.word());
      r.measured[name] = in.number<double>();
    }
    if (in.next_is("sharing")) {
      in.expect("sharing");
      const Sharing who = parse_sharing(in.word(), "job records");
      r.sharing = SharingDecision{who, parse_sharing_reason(in.word(), "job records")};
    }
    if (in.flag()) {
      in.expect("run");
      Run run;
      run.nodes = in.number<int>();
      const auto messages = in.count(7);
      const auto finishes = in.count(1);
      run.messages.reserve(messages);
      for (std::size_t i = 0; i < messages; ++i) {
        MessageRecord m;
        m.src = in.number<int>();
        m.dst = in.number<int>();
        m.bytes = in.number<std::uint64_t>();
        m.phase = in.number<int>();
        m.dummy = in.flag();
        m.start_s = in.number<double>();
        m.end_s = in.number<double>();
        run.messages.push_back(m);
      }
      run.node_finish_s.reserve(finishes);
      for (std::size_t i = 0; i < finishes; ++i) run.node_finish_s.push_back(in.number<double>());
      for (auto k = in.count(4); k > 0; --k) {
        NodeSpan span;
        span.node = in.number<int>();
        span.activity = std::string(in.word());
        span.start_s = in.number<double>();
        span.end_s = in.number<double>();
        run.spans.push_back(std::move(span));
      }
      for (auto k = in.count(5); k > 0; --k) {
        NodeState state;
        state.node = in.number<int>();
        state.lane = std::string(in.word());
        state.activity = std::string(in.word());
        state.start_s = in.number<double>();
        state.end_s = in.number<double>();
        run.states.push_back(std::move(state));
      }
      for (auto k = in.count(5); k > 0; --k) {
        LinkLoad link;
        link.link = std::string(in.word());
        link.bandwidth_Bps = in.number<double>();
        link.bytes = in.number<double>();
        link.busy_s = in.number<double>();
        link.held_idle_s = in.number<double>();
        run.links.push_back(std::move(link));
      }
      if (in.next_is("routes")) {
        in.expect("routes");
        for (auto k = in.count(1); k > 0; --k) {
          std::vector<int> route(in.count(1));
          for (int& link : route) link = in.index(run.links.size());
          run.routes.push_back(std::move(route));
        }
        in.expect("busy");
        for (auto k = in.count(4); k > 0; --k) {
          LinkBusy busy;
          busy.link = in.index(run.links.size());
          busy.start_s = in.number<double>();
          busy.end_s = in.number<double>();
          busy.rate_Bps = in.number<double>();
          run.link_busy.push_back(busy);
        }
      }
      r.run = std::move(run);
    }
    records.push_back(std::move(r));
  }
  return records;
}

}  // namespace mcsim
