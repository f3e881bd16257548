// Machine files (docs/machine-files.md): the units, the reader's one-line errors, base chains and
// choices, and the five bundled machines, each of whose values must equal what today's C++ machine
// makes (topologies/*.cpp), so that building machines from these files keeps every golden.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "helpers.hpp"
#include "sim/core/error.hpp"
#include "sim/core/machine_file_reader.hpp"
#include "sim/core/machine_rules.hpp"
#include "sim/core/quantity.hpp"
#include "test_paths.hpp"
#include "topologies/fat_tree_family.hpp"
#include "topologies/machine_builder.hpp"
#include "topologies/machines.hpp"

namespace fs = std::filesystem;
using namespace mcsim;

namespace {

const std::string machines_folder = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/machines";

MachineFile bundled(const std::string& name, const std::map<std::string, std::string>& choices = {}) {
  return load_machine_file(machines_folder + "/" + name + ".toml", {machines_folder}, choices);
}

// The message of the mcsim::Error `body` throws ("" if it throws none).
template <class F>
std::string error_of(F&& body) {
  try {
    body();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string quantity_error(const std::string& text, Dimension d, bool unlimited = false) {
  return error_of([&] { parse_quantity(text, d, unlimited, "f.toml:3 (links.bandwidth.value)"); });
}

// A small valid machine file; `links`, `library` and `extra` replace or add lines.
std::string small_machine(const std::string& links = "", const std::string& extra = "", const std::string& top = "") {
  return "name = \"small\"\n" + top +
         "[topology]\nfamily = { value = \"star\", source = \"s\", assumption = false }\n"
         "[links]\n" +
         (links.empty() ? "bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = false }\n" : links) +
         "[library]\n"
         "name = { value = \"L\", source = \"s\", assumption = true }\n"
         "sends = { value = \"posted\", source = \"s\", assumption = true }\n"
         "receives = { value = \"posted\", source = \"s\", assumption = true }\n"
         "sender_share = { value = 0.5, source = \"s\", assumption = true }\n"
         "packet = { value = \"0 B\", source = \"s\", assumption = true }\n"
         "control_send = { rule = \"half\", inputs = [\"latency_us\"], source = \"s\", assumption = true }\n"
         "control_receive = { value = \"0 us\", source = \"s\", assumption = true }\n"
         "node_ports = { value = \"unlimited\", source = \"s\", assumption = true }\n"
         "receive_buffer = { value = \"unlimited\", source = \"s\", assumption = true }\n"
         "copy_rate = { value = \"unlimited\", source = \"s\", assumption = true }\n"
         "barrier = { value = \"0 us\", source = \"s\", assumption = true }\n"
         "[library.regimes.all]\n"
         "up_to = { value = \"unlimited\", source = \"s\", assumption = true }\n"
         "protocol = { value = \"eager\", source = \"s\", assumption = true }\n"
         "startup = { option = \"latency_us\", value = \"100 us\", source = \"s\", assumption = true }\n"
         "per_hop = { value = \"0 us\", source = \"s\", assumption = true }\n"
         "trip_cpu = { value = \"0 us\", source = \"s\", assumption = true }\n" +
         extra;
}

struct Folder {
  std::string path;
  explicit Folder(const std::string& name) : path(test::temp_dir(name)) {}
  std::string write(const std::string& file, const std::string& text) const {
    const std::string p = path + "/" + file;
    std::ofstream(p) << text;
    return p;
  }
};

// The error of reading `text` as a machine file (no search folders but its own).
std::string file_error(const std::string& text) {
  Folder folder("machine-file-errors");
  const std::string path = folder.write("m.toml", text);
  return error_of([&] { load_machine_file(path, {}); });
}

// How far a file's value may be from the C++ machine's: 0 against the parameters' published()
// values and the library makers applied to them; one rounding (relative 1e-15) against a machine
// that make_X() built, which passes every option-able value through its option's unit (88e-6 *
// 1e6 * 1e-6; 120e-6 comes back as 1.1999999999999999e-4). Those last bits move no golden
// (measured: docs/machine-files.md, "Exactly the C++ values").
double tolerance = 0;

void require_same(const Cited<double>& file, const Cited<double>& cpp, const std::string& what) {
  INFO(what);
  if (tolerance == 0 || std::isinf(cpp.value) || cpp.value == 0)
    CHECK(file.value == cpp.value);
  else
    CHECK(std::abs(file.value - cpp.value) <= tolerance * std::abs(cpp.value));
  CHECK(file.source == cpp.source);
  CHECK(file.assumption == cpp.assumption);
}

template <class T>
void require_same_cited(const Cited<T>& file, const Cited<T>& cpp, const std::string& what) {
  INFO(what);
  CHECK(file.value == cpp.value);
  CHECK(file.source == cpp.source);
  CHECK(file.assumption == cpp.assumption);
}

// Every field of the library a file gives equals the one today's C++ machine makes: value,
// source and assumption flag (what `mcsim list machines -v` shows).
void require_same_library(const MessageLibrary& file, const MessageLibrary& cpp, double relative = 0) {
  tolerance = relative;
  require_same_cited(file.name, cpp.name, "name");
  REQUIRE(file.regimes.size() == cpp.regimes.size());
  for (std::size_t k = 0; k < cpp.regimes.size(); ++k) {
    const SizeRegime& f = file.regimes[k];
    const SizeRegime& c = cpp.regimes[k];
    INFO("regime " << c.name);
    CHECK(f.name == c.name);
    require_same(f.up_to_bytes, c.up_to_bytes, "up_to");
    require_same_cited(f.protocol, c.protocol, "protocol");
    require_same(f.startup_s, c.startup_s, "startup");
    require_same(f.per_hop_s, c.per_hop_s, "per_hop");
    require_same(f.trip_cpu_s, c.trip_cpu_s, "trip_cpu");
  }
  require_same_cited(file.sends, cpp.sends, "sends");
  require_same_cited(file.receives, cpp.receives, "receives");
  require_same(file.sender_share, cpp.sender_share, "sender_share");
  require_same(file.packet_bytes, cpp.packet_bytes, "packet");
  require_same(file.control_send_s, cpp.control_send_s, "control_send");
  require_same(file.control_receive_s, cpp.control_receive_s, "control_receive");
  require_same_cited(file.node_ports, cpp.node_ports, "node_ports");
  require_same(file.receive_buffer_bytes, cpp.receive_buffer_bytes, "receive_buffer");
  require_same(file.copy_rate_Bps, cpp.copy_rate_Bps, "copy_rate");
  require_same(file.barrier_s, cpp.barrier_s, "barrier");
}

double value_of(const MachineFile& m, const std::string& name) {
  const ParameterRecord* p = m.find(name);
  INFO(name);
  REQUIRE(p);
  REQUIRE(p->has_value);
  return p->value;
}

std::string word_of(const MachineFile& m, const std::string& name) {
  const ParameterRecord* p = m.find(name);
  INFO(name);
  REQUIRE(p);
  return p->text;
}

std::unique_ptr<Machine> cpp_machine(const std::string& name, int nodes, std::map<std::string, std::string> options = {}) {
  return make_machine(MachineSpec{name, nodes, std::move(options)});
}

}  // namespace

// ---- Units -------------------------------------------------------------------------------------

TEST_CASE("Machine file units: every unit is read into SI, decimal ones as the C++ literal of the same digits") {
  auto v = [](const std::string& text, Dimension d) { return parse_quantity(text, d, true, "here").value; };
  CHECK(v("16 B", Dimension::bytes) == 16);
  CHECK(v("128000 B", Dimension::bytes) == 128000);
  CHECK(v("1 kB", Dimension::bytes) == 1000);
  CHECK(v("1 KiB", Dimension::bytes) == 1024);
  CHECK(v("1 MB", Dimension::bytes) == 1e6);
  CHECK(v("2 MiB", Dimension::bytes) == 2097152);
  CHECK(v("1 GB", Dimension::bytes) == 1e9);
  CHECK(v("1 GiB", Dimension::bytes) == 1073741824.0);
  CHECK(v("1.5 kB", Dimension::bytes) == 1500);
  CHECK(v("16B", Dimension::bytes) == 16);  // one space or none
  CHECK(v("2 s", Dimension::seconds) == 2);
  CHECK(v("3 ms", Dimension::seconds) == 3e-3);
  CHECK(v("88 us", Dimension::seconds) == 88e-6);
  CHECK(v("1.6 us", Dimension::seconds) == 1.6e-6);
  CHECK(v("1.7 us", Dimension::seconds) == 1.7e-6);
  CHECK(v("150 ns", Dimension::seconds) == 150e-9);
  CHECK(v("3 us", Dimension::seconds) == 3e-6);
  CHECK(v("1.5e2 us", Dimension::seconds) == 150e-6);
  CHECK(v("7 B/s", Dimension::bytes_per_second) == 7);
  CHECK(v("40 kB/s", Dimension::bytes_per_second) == 40e3);
  CHECK(v("8.06 MB/s", Dimension::bytes_per_second) == 8.06e6);
  CHECK(v("0.28 MB/s", Dimension::bytes_per_second) == 0.28e6);
  CHECK(v("2.8 MB/s", Dimension::bytes_per_second) == 2.8e6);
  CHECK(v("1 GB/s", Dimension::bytes_per_second) == 1e9);
  CHECK(v("0 B", Dimension::bytes) == 0);
  CHECK(std::isinf(v("unlimited", Dimension::bytes)));
  CHECK(std::isinf(v("unlimited", Dimension::bytes_per_second)));
  // MB is 10^6 bytes, as in the papers' bandwidths: 1 / 0.12 us per byte written in MB/s.
  CHECK(v("8.333333333333334 MB/s", Dimension::bytes_per_second) == 1.0 / 0.12e-6);
}

TEST_CASE("Machine file units: a wrong dimension, a missing or unknown unit and a bad number are refused naming the key and what it takes") {
  CHECK(quantity_error("88 us", Dimension::bytes_per_second) ==
        "f.toml:3 (links.bandwidth.value): '88 us' is a time, not what this key takes: expected a bandwidth (B/s, "
        "kB/s, MB/s, GB/s), e.g. \"10 MB/s\"");
  CHECK(quantity_error("10 MB/s", Dimension::seconds).find("'10 MB/s' is a bandwidth, not what this key takes: "
                                                           "expected a time (s, ms, us, ns)") != std::string::npos);
  CHECK(quantity_error("16 B", Dimension::seconds).find("'16 B' is a size") != std::string::npos);
  CHECK(quantity_error("3 us", Dimension::bytes).find("expected a size (B, kB, KiB, MB, MiB, GB, GiB)") !=
        std::string::npos);
  CHECK(quantity_error("10", Dimension::bytes_per_second).find("'10' has no unit") != std::string::npos);
  CHECK(quantity_error("10 Mb/s", Dimension::bytes_per_second).find("unknown unit 'Mb/s'") != std::string::npos);
  CHECK(quantity_error("10 MBps", Dimension::bytes_per_second).find("unknown unit 'MBps'") != std::string::npos);
  CHECK(quantity_error("5 cycles", Dimension::seconds).find("unknown unit 'cycles'") != std::string::npos);
  CHECK(quantity_error("10  MB/s", Dimension::bytes_per_second).find("unknown unit") != std::string::npos);
  CHECK(quantity_error("-1 us", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("+1 us", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("inf us", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("nan B", Dimension::bytes).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("1.2.3 us", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("1e999 us", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("", Dimension::seconds).find("is not a quantity") != std::string::npos);
  CHECK(quantity_error("1.5 B", Dimension::bytes).find("is not a whole number of bytes") != std::string::npos);
  CHECK(quantity_error("2e15 B", Dimension::bytes).find("outside the magnitudes") != std::string::npos);
  CHECK(quantity_error("1e-20 s", Dimension::seconds).find("outside the magnitudes") != std::string::npos);
  CHECK(quantity_error("unlimited", Dimension::seconds, true).find("'unlimited' is not allowed here") !=
        std::string::npos);
  CHECK(quantity_error("unlimited", Dimension::bytes, false).find("'unlimited' is not allowed here") !=
        std::string::npos);
  // A long text is quoted by its first 40 characters only.
  const std::string long_text = "1 " + std::string(5000, 'x');
  const std::string e = quantity_error(long_text, Dimension::bytes);
  CHECK(e.size() < 300);
  CHECK(e.find("...'") != std::string::npos);
}

// ---- The reader's errors -------------------------------------------------------------------------

TEST_CASE("Machine file: the small example reads, and its derived value follows its input") {
  Folder folder("machine-file-small");
  const MachineFile m = load_machine_file(folder.write("m.toml", small_machine()), {});
  CHECK(m.name == "small");
  CHECK(m.family == "star");
  CHECK(m.library.control_send_s.value == 50e-6);
  CHECK(m.find("latency_us")->path == "library.regimes.all.startup");
  CHECK(m.find("library.control_send")->kind == ParameterRecord::Kind::derived);
  CHECK(m.find("links.bandwidth")->where == folder.path + "/m.toml:5");
  CHECK(m.find("links.bandwidth")->unit == "MB/s");
  CHECK(m.find("links.bandwidth")->text == "10 MB/s");
  CHECK(m.find("links.bandwidth")->value == 10e6);
  CHECK(m.find("library.receive_buffer")->unit.empty());
  CHECK(m.find("library.sender_share")->kind == ParameterRecord::Kind::number);
}

TEST_CASE("Machine file errors: one line, file:line (key): what") {
  const std::string f = test::temp_dir("machine-file-errors") + "/m.toml";
  // A quantity of the wrong dimension, naming the expected one.
  CHECK(file_error(small_machine("bandwidth = { value = \"88 us\", source = \"s\", assumption = false }\n")) ==
        f + ":5 (links.bandwidth.value): '88 us' is a time, not what this key takes: expected a bandwidth (B/s, "
            "kB/s, MB/s, GB/s), e.g. \"10 MB/s\"");
  // A quantity written as a bare number.
  CHECK(file_error(small_machine("bandwidth = { value = 10, source = \"s\", assumption = false }\n")) ==
        f + ":5 (links.bandwidth.value): expected a bandwidth (B/s, kB/s, MB/s, GB/s) as a string with its unit, "
            "e.g. \"10 MB/s\"");
  // A parameter without `assumption`.
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\" }\n")) ==
        f + ":5 (links.bandwidth.assumption): missing required key (true or false: is the value assumed?)");
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = \"no\" }\n")) ==
        f + ":5 (links.bandwidth.assumption): expected true or false");
  // ... or without a source, or with an empty one.
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", assumption = true }\n")) ==
        f + ":5 (links.bandwidth.source): missing required key");
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"\", assumption = true }\n")) ==
        f + ":5 (links.bandwidth.source): the source is empty");
  // A record without value or rule.
  CHECK(file_error(small_machine("bandwidth = { source = \"s\", assumption = true }\n")) ==
        f + ":5 (links.bandwidth): a parameter is a table { value = ..., source = ..., assumption = true|false } (or "
            "rule = ... for a value C++ derives)");
  // Unknown keys: at the top, in a section, in a record.
  CHECK(file_error(small_machine("", "", "colour = \"red\"\n")) ==
        f + ":2 (colour): unknown key 'colour' in the top level (known: name, title, base, topology, links, library, "
            "parameters, hints, choices)");
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = false }\n"
                                 "speed = { value = \"10 MB/s\", source = \"s\", assumption = false }\n")) ==
        f + ":6 (links.speed): unknown key 'speed' in [links] (known: bandwidth, buffer_flits, flit, hop_latency, "
            "interface, interface_bandwidth, latency, switching)");
  CHECK(file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = false, unit = "
                                 "\"MB/s\" }\n")) ==
        f + ":5 (links.bandwidth.unit): unknown key 'unit' (allowed here: assumption, inputs, option, rule, source, "
            "value)");
  // A required key missing.
  CHECK(file_error(small_machine("latency = { value = \"1 us\", source = \"s\", assumption = false }\n")) ==
        f + " (links.bandwidth): missing required key");
  // A word not among the allowed ones.
  CHECK(file_error(small_machine("", "[library.regimes.big]\nprotocol = { value = \"fast\", source = \"s\", "
                                     "assumption = true }\n")) ==
        f + ":25 (library.regimes.big.protocol.value): 'fast' is not one of eager, rendezvous, handshake");
  // An option whose unit suffix disagrees with its value's dimension.
  CHECK(file_error(small_machine("bandwidth = { option = \"bandwidth_us\", value = \"10 MB/s\", source = \"s\", "
                                 "assumption = false }\n")) ==
        f + ":5 (links.bandwidth.value): option bandwidth_us takes a time (s, ms, us, ns), but the value is a "
            "bandwidth (B/s, kB/s, MB/s, GB/s)");
  // Two records with one option.
  const std::string twice = file_error(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = "
                                                    "false }\nlatency = { option = \"latency_us\", value = \"1 us\", "
                                                    "source = \"s\", assumption = false }\n"));
  CHECK((twice == f + ":6 (links.latency.option): option latency_us already names library.regimes.all.startup (" + f +
                      ":22)" ||
         twice == f + ":22 (library.regimes.all.startup.option): option latency_us already names links.latency (" + f +
                      ":6)"));
  // Rules: unknown, the wrong number of inputs, an input that names nothing, a value beside a rule.
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { rule = \"double\", inputs = [\"latency_us\"], source = "
                                     "\"s\", assumption = true }\n"))
            .starts_with(f + ":25 (parameters.x_us.rule): unknown rule 'double' (known: same, half,"));
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { rule = \"half\", inputs = [], source = \"s\", "
                                     "assumption = true }\n")) ==
        f + ":25 (parameters.x_us.inputs): rule half takes 1 input(s), not 0");
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { rule = \"half\", inputs = [\"nothing\"], source = "
                                     "\"s\", assumption = true }\n")) ==
        f + ":25 (parameters.x_us.inputs): 'nothing' names no parameter of this machine (an option key, a path such "
            "as links.bandwidth, or nodes)");
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { rule = \"half\", inputs = [\"latency_us\"], value = "
                                     "\"1 us\", source = \"s\", assumption = true }\n")) ==
        f + ":25 (parameters.x_us.value): a derived parameter takes no value: its rule computes it");
  // A rule whose result has another dimension than its key takes.
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { rule = \"same\", inputs = [\"links.bandwidth\"], source "
                                     "= \"s\", assumption = true }\n")) ==
        f + ":25 (parameters.x_us.inputs): rule same gives a bandwidth (B/s, kB/s, MB/s, GB/s) here, but the key takes "
            "a time (s, ms, us, ns)");
  // Two rules that take each other's value.
  CHECK(file_error(small_machine("", "[parameters]\na_us = { rule = \"same\", inputs = [\"b_us\"], source = \"s\", "
                                     "assumption = true }\nb_us = { rule = \"same\", inputs = [\"a_us\"], source = "
                                     "\"s\", assumption = true }\n"))
            .find("form a cycle") != std::string::npos);
  // A free parameter whose unit suffix and value disagree, or that is neither quantity nor word.
  CHECK(file_error(small_machine("", "[parameters]\nhop_us = { value = \"3 MB/s\", source = \"s\", assumption = true "
                                     "}\n")) ==
        f + ":25 (parameters.hop_us.value): '3 MB/s' is a bandwidth, not what this key takes: expected a time (s, ms, "
            "us, ns), e.g. \"88 us\"");
  CHECK(file_error(small_machine("", "[parameters]\nshape = { value = \"4x4x4\", source = \"s\", assumption = true "
                                     "}\n"))
            .find("is neither a quantity with a known unit") != std::string::npos);
  // The library's own checks (regimes in order, the last one unlimited).
  CHECK(file_error(small_machine("", "[library.regimes.big]\nup_to = { value = \"100 B\", source = \"s\", assumption = "
                                     "true }\nprotocol = { value = \"eager\", source = \"s\", assumption = true }\n"
                                     "startup = { value = \"1 us\", source = \"s\", assumption = true }\nper_hop = { "
                                     "value = \"0 us\", source = \"s\", assumption = true }\ntrip_cpu = { value = "
                                     "\"0 us\", source = \"s\", assumption = true }\n"))
            .empty());
  CHECK(file_error(small_machine("", "[library.regimes.all]\nup_to = { value = \"100 B\", source = \"s\", assumption "
                                     "= true }\n"))
            .find("malformed TOML") != std::string::npos);  // a table defined twice is TOML's own error
  // A quoted key with a '.' in it, a regime name that is no name.
  CHECK(file_error(small_machine("\"bandwidth.x\" = { value = \"10 MB/s\", source = \"s\", assumption = false }\n")) ==
        f + ":5 (links.bandwidth.x): a key of a machine file is a name without '.' (write nested tables)");
  CHECK(file_error(small_machine("", "[library.regimes.\"Big One\"]\nup_to = { value = \"1 B\", source = \"s\", "
                                     "assumption = true }\n")) ==
        f + " (library.regimes.Big One): a regime's name is lower-case letters, digits, '-' and '_'");
  // Malformed TOML, a missing name.
  CHECK(file_error("name = \n").starts_with(f + ":1:"));
  CHECK(file_error("title = \"x\"\n") == f + " (name): missing required key");
}

// Issue 49: `[topology.shape] wrap_arond = true` built a mesh, exit 0. A slip in any table is one
// line naming the file:line, the key, the table's known keys and the nearest of them.
TEST_CASE("Machine file strictness: a misspelled key in each table is refused with a suggestion") {
  const std::string f = test::temp_dir("machine-file-errors") + "/m.toml";
  const std::string record = " = { value = 1, source = \"s\", assumption = true }\n";
  auto refused = [&](const std::string& text, const std::string& where, const std::string& key,
                     const std::string& suggestion) {
    const std::string e = file_error(text);
    INFO(e);
    CHECK(e.starts_with(f + ":" + where));
    CHECK(e.find("unknown key '" + key + "'") != std::string::npos);
    CHECK(e.ends_with("did you mean '" + suggestion + "'?"));
    CHECK(e.find('\n') == std::string::npos);
  };
  // A line added after the first line of the small machine that starts with `anchor`.
  auto with_line = [](const std::string& anchor, const std::string& line) {
    std::string text = small_machine();
    const auto at = text.find('\n', text.find(anchor));
    return text.insert(at + 1, line);
  };
  refused(small_machine("", "", "titel = \"t\"\n"), "2 (titel)", "titel", "title");
  refused(with_line("family", "famly = \"star\"\n"), "4 (topology.famly)", "famly", "family");
  refused(small_machine("bandwidth = { value = \"10 MB/s\", source = \"s\", assumption = false }\nlatncy" + record),
          "6 (links.latncy)", "latncy", "latency");
  refused(with_line("barrier", "barier" + record), "18 (library.barier)", "barier", "barrier");
  refused(small_machine("", "per_hops" + record), "24 (library.regimes.all.per_hops)", "per_hops", "per_hop");
  refused(small_machine("", "[hints]\nstartups" + record), "25 (hints.startups)", "startups", "startup");
  // [topology.shape]: the family's keys (a star reads only the node counts).
  refused(small_machine("", "[topology.shape]\nmax_node" + record), "25 (topology.shape.max_node)", "max_node",
          "max_nodes");
  // A record's own keys.
  const std::string e = file_error(small_machine(
      "bandwidth = { value = \"10 MB/s\", sorce = \"s\", assumption = false }\n"));
  CHECK(e == f + ":5 (links.bandwidth.sorce): unknown key 'sorce' (allowed here: assumption, inputs, option, rule, "
                 "source, value)");
  // [parameters]: its keys are free, but each must be read by a rule.
  CHECK(file_error(small_machine("", "[parameters]\nx_us = { value = \"1 us\", source = \"s\", assumption = true }\n")) ==
        f + ":25 (parameters.x_us): no rule reads 'x_us': a [parameters] key is an input of a derived value (rule = "
            "..., inputs = [\"x_us\"]); remove it or write it as a comment");
  // [choices.NAME].
  CHECK(file_error(small_machine("", "[choices.mode]\nvalues = [\"a\", \"b\"]\nsource = \"s\"\nassumption = true\n"
                                     "[choices.mode.b.links]\nbandwith" + record))
            .find("unknown key 'bandwith'") != std::string::npos);
}

// The k-ary n-cube of the issue: wrap_arond on a torus what-if of the T3D, each family's own keys,
// and the layout keys that the family would leave unread.
TEST_CASE("Machine file strictness: [topology.shape] takes the keys its family reads, one layout") {
  Folder folder("machine-file-shape");
  int files = 0;  // a file per case: a process reads each machine file once
  auto error_for = [&](const std::string& base, const std::string& shape) {
    const std::string path = folder.write(fmt::format("w{}.toml", files++),
                                          "name = \"w\"\nbase = \"" + base + "\"\n[topology.shape]\n" + shape);
    return error_of([&] { (void)make_machine({path, 64, {}}); });
  };
  const std::string torus = "sides = { value = [8, 8], source = \"w\", assumption = true }\n";
  CHECK(error_for("t3d", torus + "wrap_arond = { value = true, source = \"w\", assumption = true }\n") ==
        folder.path + "/w0.toml:5 (topology.shape.wrap_arond): unknown key 'wrap_arond' in [topology.shape] of a "
                      "k-ary-n-cube (known: min_nodes, max_nodes, node_counts, default_nodes, sides, k, dimensions, "
                      "rows, cols, wrap_around, virtual_channels, routing, nodes_per_router, interface_links); did you "
                      "mean 'wrap_around'?");
  CHECK(error_for("t3d", torus) == "");
  CHECK(error_for("cm5", "arity_ = { value = 2, source = \"w\", assumption = true }\n")
            .ends_with("did you mean 'arity'?"));
  CHECK(error_for("cp-pacs", "ordre = { value = \"xyz\", source = \"w\", assumption = true }\n")
            .ends_with("did you mean 'order'?"));
  // One layout: two in one file are refused; a what-if's replaces its base's.
  CHECK(error_for("t3d", torus + "k = { value = 4, source = \"w\", assumption = true }\n")
            .find("w4.toml:5 (topology.shape.k): give one layout of the shape (`sides`, `k`, `dimensions`): `sides` "
                  "at ") != std::string::npos);
  CHECK(error_for("t3d", torus + "rows = { value = 4, source = \"w\", assumption = true }\n")
            .find("(topology.shape.rows): give one layout of the shape") != std::string::npos);
  CHECK(error_for("mesh", torus) == "");
  const MachineFile mesh_what_if = load_machine_file(folder.path + "/w6.toml", {machines_folder});
  CHECK(mesh_what_if.find("topology.shape.dimensions") == nullptr);
  CHECK(mesh_what_if.find("topology.shape.rows") == nullptr);
  CHECK(mesh_what_if.find("topology.shape.sides")->values == std::vector<double>{8, 8});
  // A key a base wrote that the top file leaves unread is dropped, not refused: the CM-5 rule's
  // inputs once a what-if gives parents_per_level as a list.
  const std::string listed = folder.write(
      "l.toml", "name = \"l\"\nbase = \"cm5\"\n[topology.shape]\nparents_per_level = { value = [2, 2, 2], source = "
                "\"w\", assumption = true }\n");
  const MachineFile m = load_machine_file(listed, {machines_folder});
  CHECK(m.find("topology.shape.per_node_bandwidth_within_4") == nullptr);
  CHECK(m.find("topology.shape.wires_per_node") == nullptr);
  CHECK(bundled("cm5").find("topology.shape.wires_per_node") != nullptr);
}

// A key only some switching reads: refused where nothing can change the switching, left out of the
// description (a note says why) where an option or choice can.
TEST_CASE("Machine file strictness: a switching's own key where the switching ignores it") {
  Folder folder("machine-file-inert");
  const std::string flit = "[links]\nflit = { value = \"4 B\", source = \"w\", assumption = true }\n";
  const std::string cluster = folder.write("c.toml", "name = \"c\"\nbase = \"ethernet-cluster\"\n" + flit);
  CHECK(error_of([&] { (void)make_machine({cluster, 8, {}}); }) ==
        cluster + ":4 (links.flit): not used: switching = flow has no flit buffers, and no option or choice of this "
                  "file changes the switching; remove it");
  const std::string vcs = folder.write("v.toml", "name = \"v\"\nbase = \"ethernet-cluster\"\n[links]\n"
                                                 "switching = { option = \"switching\", value = \"flow\", source = "
                                                 "\"w\", assumption = true }\nhop_latency = { value = \"1 us\", "
                                                 "source = \"w\", assumption = true }\n");
  const auto machine = make_machine({vcs, 8, {}});
  for (const auto& p : machine->parameters()) CHECK(p.name != "links.hop_latency");
  const auto inert = inert_records(load_machine_file(vcs, {machines_folder}));
  REQUIRE(inert.size() == 1);
  CHECK(inert.front().why == "switching = flow has no header delay");
  bool shown = false;
  for (const auto& p : make_machine({vcs, 8, {{"switching", "circuit"}}})->parameters())
    shown = shown || p.name == "links.hop_latency";
  CHECK(shown);
}

TEST_CASE("Machine file errors: the last regime must take every size") {
  std::string text = small_machine();
  const std::string unlimited = "up_to = { value = \"unlimited\"";
  text.replace(text.find(unlimited), unlimited.size(), "up_to = { value = \"100 B\"");
  CHECK(file_error(text).find("(library): message library L: its last regime (all) must take every size") !=
        std::string::npos);
}

// ---- Bases and choices ----------------------------------------------------------------------------

TEST_CASE("Machine file base: a what-if CM-5 changes one field and keeps every other, one level and two") {
  Folder folder("machine-file-bases");
  const std::string what_if = folder.write(
      "cm5-binary.toml",
      "base = \"cm5\"\nname = \"cm5-fast\"\ntitle = \"A CM-5 with 20 MB/s wires\"\n"
      "[links]\nbandwidth = { option = \"wire_bandwidth_MBps\", value = \"20 MB/s\", source = \"what if\", assumption "
      "= true }\n");
  const MachineFile cm5 = bundled("cm5");
  const MachineFile m = load_machine_file(what_if, {machines_folder});
  CHECK(m.name == "cm5-fast");
  CHECK(m.title == "A CM-5 with 20 MB/s wires");
  REQUIRE(m.bases.size() == 1);
  CHECK(m.bases[0] == machines_folder + "/cm5.toml");
  CHECK(value_of(m, "wire_bandwidth_MBps") == 20e6);
  CHECK(m.find("wire_bandwidth_MBps")->where == what_if + ":5");
  CHECK(m.find("cmmd_startup_us")->where == cm5.find("cmmd_startup_us")->where);
  REQUIRE(m.parameters.size() == cm5.parameters.size());
  for (std::size_t k = 0; k < m.parameters.size(); ++k)
    if (m.parameters[k].path != "links.bandwidth") CHECK(m.parameters[k].value == cm5.parameters[k].value);
  require_same_library(m.library, cm5.library);

  // Two levels: a what-if on the what-if, found in its own folder, changing the start-up; what is
  // derived from the start-up follows it.
  const std::string second = folder.write(
      "cm5-fast-cheap.toml",
      "base = \"cm5-binary\"\nname = \"cm5-fast-cheap\"\n"
      "[library.regimes.messages]\nstartup = { option = \"cmmd_startup_us\", value = \"40 us\", source = \"what if\", "
      "assumption = true }\n");
  const MachineFile two = load_machine_file(second, {machines_folder});
  CHECK(two.bases.size() == 2);
  CHECK(two.title == "A CM-5 with 20 MB/s wires");  // inherited
  CHECK(value_of(two, "wire_bandwidth_MBps") == 20e6);
  CHECK(two.library.regimes[0].startup_s.value == 40e-6);
  CHECK(two.library.control_send_s.value == 20e-6);  // rule half of cmmd_startup_us
}

TEST_CASE("Machine file base: a cycle, a missing base, a path for a name and a chain too long are refused") {
  Folder folder("machine-file-base-errors");
  const std::string a = folder.write("a.toml", "base = \"b\"\nname = \"a\"\n");
  folder.write("b.toml", "base = \"a\"\nname = \"b\"\n");
  CHECK(error_of([&] { load_machine_file(a, {}); }) ==
        fmt::format("{1}/b.toml:1 (base): the chain of bases returns to {1}/a.toml ({0} -> {1}/b.toml -> {1}/a.toml)",
                    a, folder.path));
  const std::string self = folder.write("self.toml", "base = \"self\"\nname = \"self\"\n");
  CHECK(error_of([&] { load_machine_file(self, {}); }).find("the chain of bases returns to") != std::string::npos);
  const std::string missing = folder.write("missing.toml", "base = \"no-such-machine\"\nname = \"m\"\n");
  CHECK(error_of([&] { load_machine_file(missing, {machines_folder}); }) ==
        fmt::format("{}:1 (base): no machine 'no-such-machine': no no-such-machine.toml in {}, {}", missing,
                    machines_folder, folder.path));
  const std::string path = folder.write("path.toml", "base = \"../etc/passwd\"\nname = \"m\"\n");
  CHECK(error_of([&] { load_machine_file(path, {}); }).find(":1 (base): '../etc/passwd' is not a machine name") !=
        std::string::npos);
  const std::string number = folder.write("number.toml", "base = 5\nname = \"m\"\n");
  CHECK(error_of([&] { load_machine_file(number, {}); }) ==
        number + ":1 (base): expected a string (a machine's name)");
  // A chain of max_base_depth + 2 files.
  for (int k = 0; k <= max_base_depth + 1; ++k)
    folder.write(fmt::format("c{}.toml", k), fmt::format("base = \"c{}\"\nname = \"c{}\"\n", k + 1, k));
  CHECK(error_of([&] { load_machine_file(folder.path + "/c0.toml", {}); }).find("more than 8 bases in a chain") !=
        std::string::npos);
}

TEST_CASE("Machine file choices: a variant is applied on request, an unknown choice or value is refused") {
  const MachineFile overlapped = bundled("cm5", {{"cmmd", "overlapped"}});
  CHECK(overlapped.library.sends.value == SendReturns::posted);
  CHECK(overlapped.library.regimes[0].protocol.value == Protocol::eager);
  CHECK(overlapped.choices.front().name == "cmmd");
  CHECK(overlapped.choices.front().chosen == "overlapped");
  const std::string e = error_of([] { bundled("cm5", {{"cmmd", "sometimes"}}); });
  CHECK(e == machines_folder + "/cm5.toml (choices.cmmd): option cmmd = 'sometimes': use one of rendezvous, "
                               "overlapped");
  CHECK(error_of([] { bundled("cm5", {{"colour", "red"}}); }) ==
        machines_folder + "/cm5.toml (choices): no choice named 'colour' (the file's choices: cmmd, control_messages, "
                          "data_messages)");
  Folder folder("machine-file-choices");
  CHECK(error_of([&] {
          load_machine_file(folder.write("m.toml", small_machine("", "[choices.speed]\nvalues = [\"slow\", \"fast\"]\n"
                                                                     "source = \"s\"\nassumption = true\n"
                                                                     "[choices.speed.fast.links]\nspeed = { value = "
                                                                     "\"1 MB/s\", source = \"s\", assumption = true }\n")),
                            {});
        }).find("(choices.speed.fast.links.speed): unknown key 'speed'") != std::string::npos);
  CHECK(error_of([&] {
          load_machine_file(folder.write("n.toml", small_machine("", "[choices.speed]\nvalues = [\"slow\", \"fast\"]\n"
                                                                     "source = \"s\"\n")),
                            {});
        }) == folder.path + "/n.toml (choices.speed.assumption): missing required key");
}

// ---- The five bundled machines have the numbers their C++ makers had -----------------------------

TEST_CASE("Bundled machine file cm5: the machine built from it has the numbers cm5.cpp had (each CMMD and CMAML variant)") {
  const MachineFile m = bundled("cm5");
  CHECK(m.family == "fat-tree");
  CHECK(value_of(m, "topology.shape.arity") == 4);
  CHECK(value_of(m, "wire_bandwidth_MBps") == 10e6);
  CHECK(value_of(m, "cmmd_startup_us") == 88e-6);
  CHECK(value_of(m, "cmmd_bandwidth_MBps") == 8.06e6);
  CHECK(value_of(m, "barrier_us") == 4e-6);
  CHECK(value_of(m, "library.packet") == 16);
  CHECK(word_of(m, "node_interface") == "shared");
  // The rule's inputs: the per-node bandwidths that cm5_parents_per_level reproduces with the wires.
  const FatTreeShape shape(1024, 4, cm5_parents_per_level(5));
  CHECK(value_of(m, "topology.shape.per_node_bandwidth_within_4") == per_node_bandwidth_beyond(shape, 10e6, 0));
  CHECK(value_of(m, "topology.shape.per_node_bandwidth_within_16") == per_node_bandwidth_beyond(shape, 10e6, 1));
  CHECK(value_of(m, "topology.shape.per_node_bandwidth_beyond_16") == per_node_bandwidth_beyond(shape, 10e6, 2));
  CHECK(m.under("topology.shape.").size() == 10);  // what the fat-tree family reads
  CHECK(m.find("topology.shape.parents_per_level")->rule == "cm5-parents-per-level");
  CHECK(!m.find("topology.shape.parents_per_level")->has_value);  // the fat-tree family's to evaluate
  const auto machine = cpp_machine("cm5", 32);
  CHECK(machine->switching().transport() == "flow");
  CHECK(!machine->has_routes());
  // The hint is the fat-tree family's nominal d-mod-k route (random up-links draw per message).
  REQUIRE(machine->hints().routes);
  const auto& routes = *machine->hints().routes;
  CHECK(routes.link_ends(routes.route(0, 1).front().link).first == 0);
  CHECK(routes.link_ends(routes.route(0, 1).back().link).second == 1);
  CHECK(machine->hints().startup_s == 88e-6);
  CHECK(machine->hints().seconds_per_byte == 1.0 / 8.06e6);
  require_same_library(m.library, machine->library());
  CHECK(m.library.sends.value == SendReturns::synchronous);
  CHECK(m.library.receives.value == ReceiveCall::blocking);
  CHECK(m.library.regimes[0].protocol.value == Protocol::rendezvous);
  CHECK(m.library.control_send_s.value == 44e-6);
  for (const std::map<std::string, std::string>& options : std::vector<std::map<std::string, std::string>>{
           {{"cmmd", "overlapped"}},
           {{"control_messages", "cmaml"}},
           {{"data_messages", "cmaml-scopy"}},
           {{"control_messages", "cmaml"}, {"data_messages", "cmaml-scopy"}},  // ranka95-*
           {{"cmmd", "overlapped"}, {"data_messages", "cmaml-scopy"}},
       }) {
    INFO(fmt::format("{}", fmt::join(options, ", ")));
    require_same_library(bundled("cm5", options).library, cpp_machine("cm5", 32, options)->library());
  }
  const MachineFile scopy = bundled("cm5", {{"data_messages", "cmaml-scopy"}});
  CHECK(value_of(scopy, "cmmd_bandwidth_MBps") == 1.0 / 0.12e-6);  // cm5.cpp's scopy rate
  CHECK(scopy.library.regimes[0].startup_s.value == 23e-6);
  CHECK(scopy.library.regimes[0].protocol.value == Protocol::eager);
  CHECK(cpp_machine("cm5", 32, {{"data_messages", "cmaml-scopy"}})->hints().seconds_per_byte == 0.12e-6);
  const MachineFile cmaml = bundled("cm5", {{"control_messages", "cmaml"}});
  CHECK(cmaml.library.control_send_s.value == 1.6e-6);
  CHECK(cmaml.library.control_receive_s.value == 1.7e-6);
}

TEST_CASE("Bundled machine file cp-pacs: the machine built from it has the numbers cp_pacs.cpp had (4x4x4, 300 MB/s, 3 us per crossbar, half per channel)") {
  const MachineFile m = bundled("cp-pacs");
  CHECK(m.family == "hyper-crossbar");
  const ParameterRecord* shape = m.find("shape");
  REQUIRE(shape);
  CHECK(shape->values == std::vector<double>{4, 4, 4});
  CHECK(word_of(m, "order") == "xyz");
  CHECK(value_of(m, "link_bandwidth_MBps") == 300e6);
  CHECK(value_of(m, "crossbar_latency_us") == 3e-6);
  CHECK(value_of(m, "startup_us") == 0);
  CHECK(value_of(m, "barrier_us") == 0);
  CHECK(word_of(m, "switching") == "circuit");
  const auto machine = cpp_machine("cp-pacs", 64);
  CHECK(machine->switching().transport() == "circuit");
  CHECK(machine->switching().per_hop_seconds(1) == 3e-6 / 2);
  CHECK(machine->hints().startup_s == 0 + 3 * 3e-6);
  CHECK(machine->hints().seconds_per_byte == 1.0 / 300e6);
  require_same_library(m.library, machine->library());
}

TEST_CASE("Bundled machine file ethernet-cluster: the machine built from it has the numbers ethernet_cluster.cpp had, the barrier once the node count is known") {
  const MachineFile read = bundled("ethernet-cluster");
  CHECK(read.family == "star");
  CHECK(std::isnan(read.library.barrier_s.value));  // ceil(log2 n) latencies: n is not known yet
  CHECK(!read.find("barrier_us")->has_value);
  {
    // A changed input moves what is derived from it (as an option given to latency_us will).
    MachineFile m = read;
    for (auto& p : m.parameters)
      if (p.name == "latency_us") p.value = 200e-6;
    resolve_for_nodes(m, 24);
    CHECK(m.library.barrier_s.value == 5 * 200e-6);
    CHECK(m.library.regimes[1].startup_s.value == 200e-6);
    CHECK(m.library.regimes[2].trip_cpu_s.value == 100e-6);
    CHECK(m.library.control_send_s.value == 100e-6);
  }
  // The numbers ethernet_cluster.cpp had: 11 MB/s, 120 us, ch_p4's 16384 / 128000 B limits,
  // ceil(log2 n) latencies for a barrier, a 128 MB queue copied out at 200 MB/s.
  for (int nodes : {2, 16, 24, 64}) {
    INFO(nodes);
    MachineFile m = read;
    resolve_for_nodes(m, nodes);
    CHECK(value_of(m, "bandwidth_MBps") == 11e6);
    CHECK(value_of(m, "latency_us") == 120e-6);
    CHECK(value_of(m, "short_limit_bytes") == 16384);
    CHECK(value_of(m, "eager_limit_bytes") == 128000);
    CHECK(value_of(m, "barrier_us") == std::ceil(std::log2(std::max(nodes, 2))) * 120e-6);
    CHECK(value_of(m, "receive_buffer_bytes") == 128e6);
    CHECK(value_of(m, "copy_rate_MBps") == 200e6);
    const auto machine = cpp_machine("ethernet-cluster", nodes);
    require_same_library(m.library, machine->library());
    CHECK(machine->hints().startup_s == 120e-6);
    CHECK(machine->hints().seconds_per_byte == 1.0 / 11e6);
    CHECK(machine->switching().transport() == "flow");
  }
}

TEST_CASE("Bundled machine files: every parameter has a source and an explicit assumption flag, every option key is one make_machine takes") {
  for (const std::string name : {"cm5", "ipsc860", "mesh", "cp-pacs", "ethernet-cluster"}) {
    INFO(name);
    const MachineFile m = bundled(name);
    CHECK(m.name == name);
    CHECK(!m.title.empty());
    // The registry is the bundled files.
    bool listed = false;
    for (const auto& entry : bundled_machines())
      if (entry.name == name) {
        listed = true;
        CHECK(entry.title == m.title);
      }
    CHECK(listed);
    for (const auto& p : m.parameters) {
      INFO(p.path);
      CHECK(!p.source.empty());
      CHECK(p.where.starts_with(machines_folder + "/" + name + ".toml:"));
    }
    // Every option a file names is one make_machine knows: a machine given it does not refuse it
    // as unknown (it may refuse the value, which is not what is checked here).
    for (const auto& p : m.parameters) {
      if (p.name == p.path) continue;
      INFO(p.name);
      const int nodes = name == "cp-pacs" ? 64 : name == "ethernet-cluster" ? 24 : 64;
      const std::string e = error_of([&] { cpp_machine(name, nodes, {{p.name, "1"}}); });
      CHECK(e.find("unknown option") == std::string::npos);
    }
    for (const auto& c : m.choices) {
      INFO(c.name);
      for (const auto& value : c.values) {
        const std::string e = error_of([&] { cpp_machine(name, 64, {{c.name, value}}); });
        CHECK(e.find("unknown option") == std::string::npos);
        CHECK(e.find("use one of") == std::string::npos);
      }
    }
  }
}

TEST_CASE("Machine file fuzz seeds: the self-contained one reads with its rules and choice, the bad ones fail with one line") {
  const std::string seeds = std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../fuzz/seeds/machine_file";
  MachineFile m = load_machine_file(seeds + "/choices_and_rules.toml", {});
  CHECK(m.library.regimes.size() == 2);
  CHECK(m.library.regimes[1].trip_cpu_s.value == std::max(0.0, 0.3e-3 - 120e-6) / 4);
  CHECK(std::isnan(m.library.barrier_s.value));
  resolve_for_nodes(m, 8);
  CHECK(m.library.barrier_s.value == 3 * 120e-6);
  CHECK(value_of(load_machine_file(seeds + "/choices_and_rules.toml", {}, {{"mode", "fast"}}), "bandwidth_MBps") == 1e9);
  CHECK(error_of([&] { load_machine_file(seeds + "/wrong_dimension.toml", {}); })
            .find("wrong_dimension.toml:5 (links.bandwidth.value): '88 us' is a time") != std::string::npos);
  CHECK(error_of([&] { load_machine_file(seeds + "/base_cycle.toml", {}); }).find("the chain of bases returns to") !=
        std::string::npos);
  CHECK(error_of([&] { load_machine_file(seeds + "/what_if_cm5.toml", {}); }).find("no machine 'cm5'") !=
        std::string::npos);
  const MachineFile what_if = load_machine_file(seeds + "/what_if_cm5.toml", {machines_folder});
  CHECK(value_of(what_if, "topology.shape.arity") == 2);
}

TEST_CASE("Machine file docs: the worked example of docs/machine-files.md, a what-if CM-5 on base = \"cm5\", reads") {
  // The example's text, as docs/machine-files.md shows it.
  const std::string doc = test::slurp(std::string(MCSIM_SCENARIO_SOURCE_DIR) + "/../docs/machine-files.md");
  const std::string start = "```toml\n# cm5-binary-20.toml";
  const auto from = doc.find(start);
  REQUIRE(from != std::string::npos);
  const auto to = doc.find("```\n", from + 7);
  Folder folder("machine-file-doc");
  const std::string path = folder.write("cm5-binary-20.toml", doc.substr(from + 8, to - from - 8));
  const MachineFile m = load_machine_file(path, {machines_folder});
  const MachineFile cm5 = bundled("cm5");
  CHECK(m.name == "cm5-binary-20");
  CHECK(value_of(m, "topology.shape.arity") == 2);
  CHECK(value_of(m, "wire_bandwidth_MBps") == 20e6);
  CHECK(m.find("topology.shape.parents_per_level")->values == std::vector<double>(14, 2.0));
  CHECK(value_of(m, "cmmd_bandwidth_MBps") == value_of(cm5, "cmmd_bandwidth_MBps"));
  require_same_library(m.library, cm5.library);
  require_same_library(load_machine_file(path, {machines_folder}, {{"control_messages", "cmaml"}}).library,
                       bundled("cm5", {{"control_messages", "cmaml"}}).library);
}

TEST_CASE("Machine file options: --machine-option overrides a named record, in its key's unit, and what is derived from it follows") {
  MachineFile cm5 = bundled("cm5");
  apply_machine_option(cm5, "cmmd_startup_us", "100", "the command line");
  CHECK(cm5.library.regimes[0].startup_s.value == 100e-6);
  CHECK(cm5.library.control_send_s.value == 50e-6);  // rule half of cmmd_startup_us
  CHECK(cm5.library.regimes[0].startup_s.assumption);
  CHECK(cm5.library.regimes[0].startup_s.source.starts_with("option cmmd_startup_us = 100 (the file: Ponnusamy"));
  CHECK(cm5.find("cmmd_startup_us")->where == "the command line");
  apply_machine_option(cm5, "wire_bandwidth_MBps", "20", "cli");
  CHECK(value_of(cm5, "links.bandwidth") == 20e6);
  apply_machine_option(cm5, "wire_bandwidth_MBps", "2.5 GB/s", "cli");
  CHECK(value_of(cm5, "links.bandwidth") == 2.5e9);
  apply_machine_option(cm5, "node_interface", "duplex", "cli");
  CHECK(word_of(cm5, "links.interface") == "duplex");
  CHECK(error_of([&] { apply_machine_option(cm5, "wire_bandwidth_MBps", "3 us", "cli"); }) ==
        "cli (" + cm5.path + "): option wire_bandwidth_MBps: '3 us' is a time, not what this key takes: expected a bandwidth (B/s, kB/s, "
        "MB/s, GB/s), e.g. \"10 MB/s\"");
  CHECK(error_of([&] { apply_machine_option(cm5, "node_interface", "sideways", "cli"); }) ==
        "cli (" + cm5.path + "): option node_interface: 'sideways' is not one of shared, duplex");
  CHECK(error_of([&] { apply_machine_option(cm5, "cmmd", "overlapped", "cli"); })
            .starts_with("cli (" + cm5.path + "): option cmmd: is a choice (rendezvous, overlapped)"));
  CHECK(error_of([&] { apply_machine_option(cm5, "colour", "red", "cli"); })
            .starts_with("cli (" + cm5.path + "): unknown option 'colour' (known: barrier_us, cmmd, cmmd_bandwidth_MBps, cmmd_startup_us,"));

  // A derived record given a value stops being derived; a list is written as the option was.
  MachineFile cluster = bundled("ethernet-cluster");
  apply_machine_option(cluster, "barrier_us", "500", "cli");
  resolve_for_nodes(cluster, 24);
  CHECK(cluster.library.barrier_s.value == 500e-6);
  apply_machine_option(cluster, "latency_us", "200", "cli");
  CHECK(cluster.library.regimes[2].trip_cpu_s.value == 100e-6);
  MachineFile cp = bundled("cp-pacs");
  apply_machine_option(cp, "shape", "2x4x8", "cli");
  CHECK(cp.find("shape")->values == std::vector<double>{2, 4, 8});
  CHECK(error_of([&] { apply_machine_option(cp, "shape", "2x", "cli"); }) == "cli (" + cp.path + "): option shape: '' is not a whole number");
  // A key without a unit suffix takes SI units: the mesh's dimensionless start-up c in seconds.
  MachineFile mesh = bundled("mesh", {{"parameters", "dimensionless"}});
  apply_machine_option(mesh, "startup", "2", "cli");
  CHECK(mesh.library.regimes[0].startup_s.value == 2);
  CHECK(mesh.library.control_send_s.value == 2);
}

TEST_CASE("Machine parameters are typed: a quantity's number and unit as written, a derived value's with its rule, a word as text") {
  MachineFile cm5 = bundled("cm5");
  const MachineParameter bandwidth = described(*cm5.find("links.bandwidth"));
  CHECK(bandwidth.value == "10 MB/s");
  REQUIRE(bandwidth.number);
  CHECK(*bandwidth.number == 10);
  CHECK(bandwidth.unit == "MB/s");
  const MachineParameter interface = described(*cm5.find("links.interface_bandwidth"));
  REQUIRE(interface.number);
  CHECK(number_text(*interface.number) == "8.06");
  const MachineParameter arity = described(*cm5.find("topology.shape.arity"));
  CHECK(arity.number == 4.0);
  CHECK(arity.unit.empty());
  CHECK_FALSE(described(*cm5.find("links.switching")).number);  // a word
  CHECK_FALSE(described(*cm5.find("library.copy_rate")).number);  // "unlimited": no number
  CHECK(described(*cm5.find("topology.shape.parents_per_level")).value ==
        "rule cm5-parents-per-level (evaluated by the family)");
  CHECK_FALSE(described(*cm5.find("topology.shape.parents_per_level")).number);
  // An option given as a bare number is in its key's unit: the text stays as given, the unit is typed.
  apply_machine_option(cm5, "wire_bandwidth_MBps", "20", "cli");
  const MachineParameter option = described(*cm5.find("links.bandwidth"));
  CHECK(option.value == "20");
  CHECK(option.number == 20.0);
  CHECK(option.unit == "MB/s");
  // A derived record with a stated value: the number in a readable unit, the rule as a note.
  MachineFile cp = bundled("cp-pacs");
  const MachineParameter hop = described(*cp.find("links.hop_latency"));
  CHECK(hop.value == "1.5 us (rule half)");
  CHECK(hop.number == 1.5);
  CHECK(hop.unit == "us");
  CHECK(hop.note == "(rule half)");
  // Rounded as "%g" shows it, so the number and the text agree: 0.67 us, not 0.6699999999999999.
  const MachineParameter rounded = quantity_parameter("t", 0.67e-6 * 1e6, "us", "send", "s", false);
  CHECK(rounded.value == "0.67 us send");
  CHECK(rounded.number == 0.67);
}
