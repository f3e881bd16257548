// The figures the three lessons (docs/lessons/) quote, computed again from the runs they describe
// (issue 49): lesson 3 gave the iPSC/860's S1 and S2 as 857.2 and 901.8 ms, and S2's claiming as 21.0
// node-seconds, two binaries after the runs gave 831.2, 869.9 and 2.6. Each lesson's runs are the
// `mcsim timeline` commands of docs/lessons/make-lessons.sh (which also writes docs/lessons/figures.txt
// and the screenshots); a lesson quoting a figure the binary no longer gives fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "helpers.hpp"
#include "test_paths.hpp"

namespace {

const std::string lessons = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../docs/lessons/";

// One recorded run: what it printed, its node states and its links' load.
struct LessonRun {
  std::string printed, states, links;

  double time_ms() const {
    std::smatch m;
    INFO(printed);
    REQUIRE(std::regex_search(printed, m, std::regex(R"(communication time ([0-9.]+) ms)")));
    return std::stod(m[1].str());
  }
  // Node-milliseconds spent in lane/activity, summed over the nodes (NAME.states.csv).
  double node_ms(const std::string& lane, const std::string& activity) const {
    double sum = 0;
    for (const auto& cells : rows(states))
      if (cells.size() == 5 && cells[1] == lane && cells[2] == activity) sum += std::stod(cells[4]) - std::stod(cells[3]);
    return sum;
  }
  // All links' held-idle milliseconds (NAME.links.csv's fifth column).
  double held_idle_ms() const {
    double sum = 0;
    for (const auto& cells : rows(links)) sum += std::stod(cells.at(4));
    return sum;
  }
  // The busiest link: its utilisation and name.
  std::pair<double, std::string> busiest() const {
    std::pair<double, std::string> top{-1, ""};
    for (const auto& cells : rows(links))
      if (std::stod(cells.at(5)) > top.first) top = {std::stod(cells.at(5)), cells.at(0)};
    return top;
  }

 private:
  static std::vector<std::vector<std::string>> rows(const std::string& csv) {
    std::vector<std::vector<std::string>> out;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
      std::vector<std::string> cells;
      std::istringstream fields(line);
      for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
      out.push_back(std::move(cells));
    }
    return out;
  }
};

LessonRun lesson_run(const std::string& name, const std::string& arguments) {
  const std::string dir = mcsim::test::temp_dir("lesson-" + name);
  const auto r = mcsim::test::run_mcsim(fmt::format("timeline {} --link-load -o {}/run.csv", arguments, dir));
  INFO(arguments << "\n" << r.err);
  REQUIRE(r.exit_code == 0);
  return {r.out, mcsim::test::slurp(dir + "/run.states.csv"), mcsim::test::slurp(dir + "/run.links.csv")};
}

// A lesson's text with line breaks and indentation as single spaces (a figure may wrap).
std::string lesson_text(const std::string& file) {
  return mcsim::test::flowing(mcsim::test::slurp(lessons + file));
}

// A formatted number with its whole part's thousands separated by commas (22024.0 -> 22,024.0).
std::string grouped(std::string number) {
  const auto point = number.find('.');
  for (auto at = static_cast<int>(point == std::string::npos ? number.size() : point) - 3; at > 0; at -= 3)
    number.insert(static_cast<std::size_t>(at), 1, ',');  // a char, not ",": GCC 12 warns falsely on that (-Wrestrict, bug 105329)
  return number;
}

// Node-milliseconds as the lessons' tables give them: one decimal below 1,000, whole with thousands
// separated by commas above; 0 as 0.
std::string node_ms(double v) {
  if (v == 0) return "0";
  return v < 1000 ? fmt::format("{:.1f}", v) : grouped(fmt::format("{:.0f}", v));
}

// How much sooner the faster run ends, in percent of the slower's time.
double sooner_percent(double fast, double slow) { return 100 * (1 - fast / slow); }

}  // namespace

TEST_CASE("Lesson figures: LP against AC on the CM-5 (lesson 1) quotes what its runs give", "[cli]") {
  const auto cm5 = [](int density, int unit, const std::string& s, bool recorded) {
    return lesson_run(fmt::format("cm5-d{}-{}-{}", density, s, unit),
                      fmt::format("--machine cm5 --nodes 32 --density {} --msg-unit {} --scheduler {}{}", density, unit, s,
                                  recorded ? " --load-scale 0.75" : ""));
  };
  const LessonRun lp16 = cm5(31, 16, "LP", true), ac16 = cm5(31, 16, "AC", true), lp32 = cm5(31, 32768, "LP", true),
                  ac32 = cm5(31, 32768, "AC", true);
  const auto row = [](const std::string& what, const std::vector<const LessonRun*>& runs, const auto& figure) {
    std::string line = "| " + what + " |";
    for (const auto* run : runs) line += fmt::format(" {} |", figure(*run));  // not " " + text: GCC 12 -Wrestrict false positive
    return line;
  };
  const std::vector<const LessonRun*> all{&lp16, &ac16, &lp32, &ac32};
  const auto lane = [](const std::string& l, const std::string& a) {
    return [=](const LessonRun& r) { return node_ms(r.node_ms(l, a)); };
  };
  const std::string text = lesson_text("lp-versus-ac-on-the-cm5.md");
  mcsim::test::check_quoted(
      text,
      {fmt::format("| 16 B | {:.3f} ms | {:.3f} ms | AC by {:.0f}% |", lp16.time_ms(), ac16.time_ms(),
                   sooner_percent(ac16.time_ms(), lp16.time_ms())),
       fmt::format("| 32 KB | {:.0f} ms | {:.0f} ms | LP by {:.0f}% |", lp32.time_ms(), ac32.time_ms(),
                   sooner_percent(lp32.time_ms(), ac32.time_ms())),
       row("program: start-up CPU", all, lane("program", "cpu")),
       row("program: waiting for a message", all, lane("program", "wait-message")),
       row("program: waiting for its own send", all, lane("program", "wait-send")),
       row("interface: sending and receiving at once", all, lane("network", "sending+receiving")),
       row("busiest node interface (utilisation)", all,
           [](const LessonRun& r) { return fmt::format("{:.3f}", r.busiest().first); }),
       fmt::format("*sending and receiving at once* ({:.0f} node-seconds)", ac32.node_ms("network", "sending+receiving") / 1e3),
       fmt::format("*waiting for its own send*: {:.0f} node-seconds, against LP's {:.0f})",
                   ac32.node_ms("program", "wait-send") / 1e3, lp32.node_ms("program", "wait-send") / 1e3),
       fmt::format("({:.3f} of its bandwidth over the run against AC's {:.3f})", lp32.busiest().first, ac32.busiest().first),
       fmt::format("waiting for a message ({:.0f} node-seconds;", lp32.node_ms("program", "wait-message") / 1e3),
       fmt::format("spend {:.0f} node-ms waiting for their partner's message, more than their whole start-up CPU ({:.0f} "
                   "node-ms)",
                   lp16.node_ms("program", "wait-message"), lp16.node_ms("program", "cpu")),
       fmt::format("({:.1f} node-ms waiting for a message); its senders wait for their sends instead ({:.0f} node-ms)",
                   ac16.node_ms("program", "wait-message"), ac16.node_ms("program", "wait-send"))});
  CHECK(text.find("(960 messages in each matrix; LP's 992 include its 32 dummy messages.") != std::string::npos);
  CHECK(ac32.printed.find("1 phases, 960 messages") != std::string::npos);
  CHECK(lp32.printed.find("31 phases, 992 messages") != std::string::npos);
  // The busiest interface is one of the CMMD interfaces (the fat tree's wires are less loaded).
  CHECK(lp32.busiest().second.starts_with("cmmd-"));
  CHECK(ac32.busiest().second.starts_with("cmmd-"));
  // The crossover with fewer pairs exchanging (communication times only).
  const auto ms = [](double v) { return v < 10 ? fmt::format("{:.2f}", v) : v < 1000 ? fmt::format("{:.1f}", v) : fmt::format("{:.0f}", v); };
  const LessonRun lp16_16 = cm5(16, 16, "LP", false), ac16_16 = cm5(16, 16, "AC", false),
                  lp16_32 = cm5(16, 32768, "LP", false), ac16_32 = cm5(16, 32768, "AC", false);
  const LessonRun lp8_16 = cm5(8, 16, "LP", false), ac8_16 = cm5(8, 16, "AC", false), lp8_1 = cm5(8, 1024, "LP", false),
                  ac8_1 = cm5(8, 1024, "AC", false), lp8_32 = cm5(8, 32768, "LP", false), ac8_32 = cm5(8, 32768, "AC", false);
  mcsim::test::check_quoted(text,
               {fmt::format("at d = 16 the two are within {:.1f}% at 32 KB (LP {} ms, AC {} ms) and AC wins at 16 B ({} against "
                            "{} ms)",
                            std::abs(sooner_percent(lp16_32.time_ms(), ac16_32.time_ms())), ms(lp16_32.time_ms()),
                            ms(ac16_32.time_ms()), ms(ac16_16.time_ms()), ms(lp16_16.time_ms())),
                fmt::format("(16 B: {} against {} ms; 1 KB: {} against {} ms; 32 KB: {} against {} ms)", ms(ac8_16.time_ms()),
                            ms(lp8_16.time_ms()), ms(ac8_1.time_ms()), ms(lp8_1.time_ms()), ms(ac8_32.time_ms()),
                            ms(lp8_32.time_ms()))});
  CHECK(ac16_16.time_ms() < lp16_16.time_ms());
  for (const auto& [ac, lp] : {std::pair{&ac8_16, &lp8_16}, {&ac8_1, &lp8_1}, {&ac8_32, &lp8_32}}) CHECK(ac->time_ms() < lp->time_ms());
}

TEST_CASE("Lesson figures: wormhole against circuits on a mesh (lesson 2) quotes what its runs give", "[cli]") {
  const auto mesh = [](int nodes, int density, int unit, const std::string& switching, const std::string& scale) {
    return lesson_run(fmt::format("mesh{}-{}-{}", nodes, switching, unit),
                      fmt::format("--machine mesh --nodes {} --density {} --msg-unit {} --scheduler AC --machine-option "
                                  "switching={}{}",
                                  nodes, density, unit, switching, scale));
  };
  const LessonRun w64 = mesh(64, 8, 64, "wormhole", " --load-scale 1"), c64 = mesh(64, 8, 64, "circuit", " --load-scale 1"),
                  w16 = mesh(64, 8, 16384, "wormhole", " --load-scale 1"), c16 = mesh(64, 8, 16384, "circuit", " --load-scale 1");
  const std::vector<const LessonRun*> all{&w64, &c64, &w16, &c16};
  const auto row = [&](const std::string& what, const auto& figure) {
    std::string line = "| " + what + " |";
    for (const auto* run : all) line += fmt::format(" {} |", figure(*run));  // not " " + text: GCC 12 -Wrestrict false positive
    return line;
  };
  // Node-ms with a decimal even above 1,000 (the 16 KB runs differ there).
  const auto one_decimal = [](double v) { return grouped(fmt::format("{:.1f}", v)); };
  const std::string text = lesson_text("circuits-versus-wormhole-on-a-mesh.md");
  const double held_apart = 100 * std::abs(c16.held_idle_ms() - w16.held_idle_ms()) / w16.held_idle_ms();
  mcsim::test::check_quoted(
      text,
      {fmt::format("| communication time | {:.3f} ms | {:.3f} ms | {:.2f} ms | {:.2f} ms |", w64.time_ms(), c64.time_ms(),
                   w16.time_ms(), c16.time_ms()),
       row("interface claiming (path held, waiting for the rest)",
           [&](const LessonRun& r) { return one_decimal(r.node_ms("network", "claiming")); }),
       row("program waiting for a message", [&](const LessonRun& r) { return one_decimal(r.node_ms("program", "wait-message")); }),
       row("channels held idle, all channels", [&](const LessonRun& r) { return one_decimal(r.held_idle_ms()); }),
       row("busiest channel (utilisation)", [](const LessonRun& r) { return fmt::format("{:.3f}", r.busiest().first); }),
       fmt::format("With 64-byte units the wormhole run ends {:.1f}% sooner; with 16 KB units the two agree to {:.0f} us in "
                   "{:.0f} ms",
                   sooner_percent(w64.time_ms(), c64.time_ms()), 1e3 * std::abs(c16.time_ms() - w16.time_ms()), w16.time_ms()),
       fmt::format("({:.1f} against {:.1f} node-ms)", w64.node_ms("network", "claiming"), c64.node_ms("network", "claiming")),
       fmt::format("freeing early matters ({:.1f}%)", sooner_percent(w64.time_ms(), c64.time_ms())),
       fmt::format("(the held-idle time differs by {:.2g}%)", held_apart)});
  CHECK(text.find("501 messages, everything posted at once (AC).") != std::string::npos);
  for (const auto* run : all) CHECK(run->printed.find("1 phases, 501 messages") != std::string::npos);
  for (const auto* run : all) CHECK(run->busiest().second == "channel-38-46");  // "the busiest in both"
  CHECK(w64.time_ms() < c64.time_ms());
  // Its "Try": store-and-forward against wormhole on the 4 x 4 mesh.
  const LessonRun saf = mesh(16, 4, 4096, "store-and-forward", ""), worm = mesh(16, 4, 4096, "wormhole", "");
  mcsim::test::check_quoted(text, {fmt::format("it takes {:.2f} ms against the wormhole's {:.2f} ms", saf.time_ms(), worm.time_ms())});
}

TEST_CASE("Lesson figures: S1's ready signal on the iPSC/860 (lesson 3) quotes what its runs give", "[cli]") {
  const auto ipsc = [](int unit, const std::string& s) {
    return lesson_run(fmt::format("ipsc860-{}-{}", s, unit),
                      fmt::format("--machine ipsc860 --nodes 64 --density 16 --msg-unit {} --scheduler RS_NL --strategy {}", unit, s));
  };
  const LessonRun s1k = ipsc(1024, "S1"), s2k = ipsc(1024, "S2"), s1_16 = ipsc(16384, "S1"), s2_16 = ipsc(16384, "S2");
  const std::vector<const LessonRun*> all{&s1k, &s2k, &s1_16, &s2_16};
  const auto row = [&](const std::string& what, const auto& figure) {
    std::string line = "| " + what + " |";
    for (const auto* run : all) line += fmt::format(" {} |", figure(*run));  // not " " + text: GCC 12 -Wrestrict false positive
    return line;
  };
  const auto whole = [](double v) { return v == 0 ? std::string("0") : grouped(fmt::format("{:.0f}", v)); };
  const auto seconds = [](double node_ms) { return fmt::format("{:.1f}", node_ms / 1e3); };
  const std::string text = lesson_text("s1-ready-signal-on-the-ipsc860.md");
  const double sooner_1k = sooner_percent(s1k.time_ms(), s2k.time_ms()), sooner_16k = sooner_percent(s1_16.time_ms(), s2_16.time_ms());
  // A single matrix: S1 may end later than S2 (at 16 KB it does), and the page must say which.
  const auto faster_or_slower = [](double sooner) {
    return fmt::format("{} by {:.1f}%", sooner >= 0 ? "faster" : "slower", std::abs(sooner));
  };
  const auto sooner_or_later = [](double sooner) {
    return fmt::format("{:.1f}% {}", std::abs(sooner), sooner >= 0 ? "sooner" : "later");
  };
  mcsim::test::check_quoted(
      text,
      {fmt::format("| communication time | {:.1f} ms | {:.1f} ms | {} ms | {} ms |", s1k.time_ms(), s2k.time_ms(),
                   grouped(fmt::format("{:.0f}", s1_16.time_ms())), grouped(fmt::format("{:.0f}", s2_16.time_ms()))),
       row("interface claiming (circuit held, waiting for the rest)",
           [&](const LessonRun& r) { return whole(r.node_ms("network", "claiming")); }),
       row("program waiting for a partner's ready signal", [&](const LessonRun& r) { return whole(r.node_ms("program", "wait-partner")); }),
       row("program waiting for a message", [&](const LessonRun& r) { return whole(r.node_ms("program", "wait-message")); }),
       row("channels held idle, all channels", [&](const LessonRun& r) { return whole(r.held_idle_ms()); }),
       fmt::format("S1 is {} at 1 KB and {} at 16 KB.", faster_or_slower(sooner_1k), faster_or_slower(sooner_16k)),
       fmt::format("red in the lanes' lower halves is a circuit holding part of its path and waiting for the rest, {} "
                   "node-seconds of it",
                   seconds(s2k.node_ms("network", "claiming"))),
       fmt::format("(violet, *waiting for a partner*: {} node-seconds)", seconds(s1k.node_ms("program", "wait-partner"))),
       fmt::format("the red claiming is {} node-seconds against S2's {}", seconds(s1k.node_ms("network", "claiming")),
                   seconds(s2k.node_ms("network", "claiming"))),
       fmt::format("what S1 saves is waiting for messages, {} node-seconds against {}.",
                   seconds(s1k.node_ms("program", "wait-message")), seconds(s2k.node_ms("program", "wait-message"))),
       fmt::format("it trades {} node-seconds of waiting for a partner for {} node-seconds less claiming and {} less waiting "
                   "for messages, and the run ends {}.",
                   seconds(s1k.node_ms("program", "wait-partner")),
                   seconds(s2k.node_ms("network", "claiming") - s1k.node_ms("network", "claiming")),
                   seconds(s2k.node_ms("program", "wait-message") - s1k.node_ms("program", "wait-message")),
                   sooner_or_later(sooner_1k)),
       fmt::format("With 16 KB units this matrix ends {} under S1: it claims for {} node-seconds against {} and waits for "
                   "messages {} against {}, but its nodes wait {} node-seconds for partners and {} for their sends to leave "
                   "(S2: {})",
                   sooner_or_later(sooner_16k), whole(s1_16.node_ms("network", "claiming") / 1e3),
                   whole(s2_16.node_ms("network", "claiming") / 1e3), whole(s1_16.node_ms("program", "wait-message") / 1e3),
                   whole(s2_16.node_ms("program", "wait-message") / 1e3), whole(s1_16.node_ms("program", "wait-partner") / 1e3),
                   whole(s1_16.node_ms("program", "wait-send") / 1e3), whole(s2_16.node_ms("program", "wait-send") / 1e3)),
       fmt::format("the start-up CPU doubles ({:.1f} against {:.1f} node-ms)", s1k.node_ms("program", "cpu"),
                   s2k.node_ms("program", "cpu")),
       fmt::format("{} node-seconds of claiming remain under S1", seconds(s1k.node_ms("network", "claiming")))});
  for (const auto* run : all) CHECK(run->printed.find("21 phases, 1005 messages") != std::string::npos);
  CHECK(text.find("1005 messages in 21 phases.") != std::string::npos);
  CHECK(s2k.node_ms("program", "wait-partner") == 0);
  CHECK(s2_16.node_ms("program", "wait-partner") == 0);
}
