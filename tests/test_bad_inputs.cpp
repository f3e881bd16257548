// Bad input of every kind (command line, scenario, matrix file, machine options), each run as a
// user would: mcsim must answer with exactly one line "mcsim: error: <where>: <what>" on stderr,
// exit non-zero, and write no file. The list is also the catalogue of messages in the hardening
// note; add a case here with any new check.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/wait.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "helpers.hpp"
#include "test_paths.hpp"

namespace fs = std::filesystem;

namespace {

enum class Kind { cli, scenario, matrix };

struct BadInput {
  Kind kind;
  std::string input;     // cli: arguments ({in}: the inputs folder, {out}: the output folder);
                         // scenario: the file's text; matrix: the matrix file's text (or @path)
  std::string expected;  // a fragment of the message
  std::vector<std::pair<std::string, std::string>> files = {};  // more files in {in}: name, text
};

// A good scenario around a matrix file m.csv beside it (32-node CM-5).
const char* const matrix_scenario = R"(id = "m"
[machine]
name = "cm5"
nodes = 32
[workload]
name = "matrix-file"
file = "m.csv"
[[series]]
scheduler = "LP"
)";

// A good scenario to spoil: `base(extra_top, extra_tables)`.
std::string base(const std::string& top = "", const std::string& tables = "[[series]]\nscheduler = \"LP\"\n") {
  return "id = \"b\"\nsamples = 1\n" + top + "[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\nname = \"random-density\"\n"
         "density = 2\n[sweep]\nmsg_unit = [16]\n" + tables;
}

// A good scenario whose [machine] has `keys` instead of name = "cm5", and `top` at its top.
std::string with_machine(const std::string& keys, const std::string& top = "") {
  std::string text = base(top);
  return text.replace(text.find("name = \"cm5\"\n"), 13, keys);
}

// A what-if machine file on the CM-5 whose wire bandwidth record (line 4) is `bandwidth`, then `more`.
std::string what_if(const std::string& bandwidth, const std::string& more = "") {
  return "base = \"cm5\"\nname = \"w\"\n[links]\nbandwidth = " + bandwidth + "\n" + more;
}
const std::string good_bandwidth = "{ option = \"wire_bandwidth_MBps\", value = \"20 MB/s\", source = \"s\", assumption = true }";
const std::string no_unit_bandwidth = "{ option = \"wire_bandwidth_MBps\", value = \"20\", source = \"s\", assumption = true }";

// Machine files d0.toml .. d9.toml, each the base of the one before, the last on the CM-5: a chain
// of ten bases.
std::vector<std::pair<std::string, std::string>> deep_chain() {
  std::vector<std::pair<std::string, std::string>> files;
  for (int k = 0; k < 10; ++k)
    files.emplace_back(fmt::format("d{}.toml", k),
                       fmt::format("base = \"{}\"\nname = \"d{}\"\n", k < 9 ? fmt::format("d{}", k + 1) : "cm5", k));
  return files;
}

// A redistribution scenario: report, its cases and the rest of its [redistribution] table.
std::string redistribution(const std::string& report, const std::string& cases, const std::string& rest) {
  return "id = \"r\"\nkind = \"redistribution\"\nreport = \"" + report + "\"\n[redistribution]\ncases = [" + cases +
         "]\n" + rest;
}

// "1, 2, ..., count" (a list of distinct values: an axis repeats none).
std::string counting(int first, int count) {
  std::string list = std::to_string(first);
  for (int k = first + 1; k < first + count; ++k) list += ", " + std::to_string(k);
  return list;
}

// A mapping-metrics scenario measuring B(18) under `alphas` alphas, 1, 1/2, ..., 1/alphas (the walk
// of B(18) takes about 3 s a mapping, each alpha's reweighting about 25 ms).
std::string mapping_metrics(int alphas) {
  std::string list = "\"1\"";
  for (int k = 2; k <= alphas; ++k) list += fmt::format(",\n\"1/{}\"", k);  // a line each: lines are bounded
  return "id = \"m\"\nkind = \"mapping-metrics\"\nreport = \"lemmas\"\n[mapping]\nn = [18]\nalpha = [" + list + "]\n";
}

// A key of `parts` dotted parts, `= 1`: a.a.a... = 1.
std::string dotted_key(int parts) {
  std::string key = "a";
  for (int k = 1; k < parts; ++k) key += ".a";
  return key + " = 1\n";
}

// A what-if on the CM-5 with a choice `speed` (slow, fast) whose fast overlay is `overlay`.
std::string with_choice(const std::string& values, const std::string& overlay) {
  return "base = \"cm5\"\nname = \"w\"\n[choices.speed]\nvalues = " + values +
         "\nsource = \"s\"\nassumption = true\n[choices.speed.fast]\n" + overlay;
}

const std::vector<BadInput>& bad_inputs() {
  static const std::vector<BadInput> cases = {
      // --- command line ----------------------------------------------------------------------
      {Kind::cli, "frobnicate", "unknown command 'frobnicate'"},
      {Kind::cli, "run", "scenario is required"},
      {Kind::cli, "sweep --no-such-flag", "--no-such-flag"},
      {Kind::cli, "run {in}/s.toml --samples 0", "--samples: 0 is out of range (allowed: 1 to 100000)"},
      {Kind::cli, "run {in}/s.toml --samples 2147483647", "--samples: 2147483647 is out of range"},
      {Kind::cli, "run {in}/s.toml --samples abc", "--samples: 'abc' is not a whole number"},
      {Kind::cli, "run {in}/s.toml --samples 1.5", "--samples: '1.5' is not a whole number"},
      {Kind::cli, "run {in}/s.toml --seed -1", "--seed: -1 is out of range"},
      {Kind::cli, "run {in}/s.toml --seed 18446744073709551616", "--seed: 18446744073709551616 is out of range"},
      {Kind::cli, "run {in}/s.toml -j -3", "--jobs: -3 is out of range"},
      {Kind::cli, "run {in}/s.toml --cfg network/model", "'network/model' is not a SimGrid setting key:value"},
      {Kind::cli, "run {in}/s.toml --cfg no/such-key:1", "simulation task 0:"},
      {Kind::cli, "run {in}/s.toml --machine-option cmmd_startup_us=nan", "option cmmd_startup_us: 'nan' is not a finite number"},
      {Kind::cli, "run {in}/s.toml --machine-option cmmd_startup_us=inf", "option cmmd_startup_us: 'inf' is not a finite number"},
      {Kind::cli, "run {in}/s.toml --machine-option cmmd_startup_us=1e999", "option cmmd_startup_us"},
      {Kind::cli, "run {in}/s.toml --machine-option wire_bandwidth_MBps=1e300", "outside the magnitudes"},
      {Kind::cli, "run {in}/s.toml --machine-option cmmd_startup_us=abc", "'abc' is not a number"},
      {Kind::cli, "run {in}/s.toml --machine-option nokey", "'nokey' is not key=value"},
      {Kind::cli, "run {in}/s.toml --machine-option frob=1", "unknown option 'frob'"},
      {Kind::cli, "sweep --nodes 4294967328", "--nodes: 4294967328 is out of range"},
      {Kind::cli, "sweep --nodes 32,x", "--nodes: 'x' is not a whole number"},
      {Kind::cli, "sweep --density 0", "--density: 0 is out of range"},
      {Kind::cli, "sweep --msg-unit 9223372036854775807,1000000000000,16", "--msg-unit: 9223372036854775807 is out of range"},
      {Kind::cli, "sweep --msg-unit 4611686018427387904", "--msg-unit: 4611686018427387904 is out of range"},
      {Kind::cli, "sweep --density 16 --msg-unit 1099511627776", "is larger than 1099511627776 bytes"},
      {Kind::cli, "sweep --scheduler CGMX", "unknown scheduler 'CGMX'"},
      {Kind::cli, "sweep --scheduler CGMH:lambda=2", "lambda = 2 must be in (0, 1]"},
      {Kind::cli, "sweep --scheduler CGMH:reset=maybe", "parameter reset = 'maybe': use on or off"},
      {Kind::cli, "sweep --scheduler CGMH:proportional=nan", "parameter proportional: 'nan' is not a finite number"},
      {Kind::cli, "sweep --scheduler CGMH:lambda=1/0", "'1/0' divides by 0"},
      {Kind::cli, "sweep --scheduler LP:x=1", "scheduler LP takes no parameter 'x'"},
      {Kind::cli, "sweep --strategy sideways", "sideways"},
      {Kind::cli, "sweep --machine nosuch", "unknown machine 'nosuch'"},
      {Kind::cli, "sweep --machine mesh --nodes 100000", "cannot take 100000 nodes"},
      {Kind::cli, "sweep --machine mesh --nodes 65536 --machine-option rows=65536 --machine-option cols=65537",
       "(topology.shape.cols): 65537 is not a whole number from 1 to 65536"},
      {Kind::cli, "sweep --machine ipsc860 --nodes 64 --machine-option short_limit_bytes=9999999999999",
       "option short_limit_bytes: 9999999999999 is out of range"},
      {Kind::cli, "sweep --scheduler LP -o /dev/full", "/dev/full: writing the file failed"},
      {Kind::cli, "sweep --scheduler LP -o {out}", "is a directory"},
      // Outputs (issue 36): their places are checked before any simulation (a simulation that would
      // fail with "simulation task 0" shows which came first), two outputs never share a file, an
      // empty path is no path, and what input says reaches the terminal escaped.
      {Kind::cli, "sweep --scheduler LP --cfg no/such-key:1 -o {out}", "is a directory"},
      {Kind::cli, "run {in}/s.toml --cfg no/such-key:1 -o {in}/s.toml/x.csv", "s.toml is not a directory"},
      {Kind::cli, "timeline -o {in}/s.toml/t.csv", "s.toml is not a directory"},
      {Kind::cli, "report --scenarios {in} -o {in}/s.toml/r -q", "s.toml is not a directory"},
      {Kind::cli, "sweep --scheduler LP -o ''", "--out: an empty path names no file or directory"},
      {Kind::cli, "run {in}/s.toml -o ''", "--out: an empty path names no file or directory"},
      {Kind::cli, "reproduce ranka92-table3 -o ''", "--out: an empty path names no file or directory"},
      {Kind::cli, "timeline -o ''", "--out: an empty path names no file or directory"},
      {Kind::cli, "timeline --trace ''", "--trace: an empty path names no file or directory"},
      {Kind::cli, "report --scenarios {in} -o '' -q", "--out: an empty path names no file or directory"},
      {Kind::cli, "timeline -o {out}/X.svg", "X.svg: two outputs of this run would be written to this one file"},
      {Kind::cli, "timeline -o {out}/t.csv --trace {out}/t.csv", "t.csv: two outputs of this run would be written"},
      {Kind::cli, "timeline -o {out}/t.csv --trace {out}/t.states.csv", "two outputs of this run would be written"},
      {Kind::cli, "run {in}/s.toml -o {out}/X.svg", "X.svg: two outputs of this run would be written to this one file"},
      {Kind::cli, "report --scenarios {out} -o {out}/r -q", "has no scenario (*.toml)"},
      // A fresh adversarial pass (after issue 36): each left a file or a temporary, created a
      // directory, waited for ever, or failed only after the simulation.
      {Kind::cli, "timeline -o {out}/t.csv --trace /dev/full", "/dev/full: writing the file failed"},
      {Kind::cli, "timeline -o {out}/t.csv --trace {in}/hostile/fifo.csv", "fifo.csv: is a FIFO that no program is reading"},
      {Kind::cli, "sweep --scheduler LP --cfg no/such-key:1 -o {out}/new/", "new/: ends with '/': it names a directory"},
      {Kind::cli, "run {in}/s.toml --cfg no/such-key:1 -o {out}/" + std::string(256, 'y') + ".csv",
       "its file name is longer than 255 bytes"},
      {Kind::cli, "run {in}/s.toml --cfg no/such-key:1 -o /dev/null", "/dev/null: is not a file of its own"},
      {Kind::cli, "timeline -o /dev/stdout", "/dev/stdout: is not a file of its own"},
      {Kind::cli, "sweep --scheduler LP --nodes 32,64 --cfg no/such-key:1 --shard 1/2 -o {out}/s.csv",
       "shard 1/2: simulation task 1: "},
      {Kind::cli, "report --scenarios {in} --only , -o {out}/r -q", "--only: ',' names no experiment"},
      {Kind::cli, "sweep --scheduler '\x1b[2JX\r'", "unknown scheduler '\\x1b[2JX\\r'"},
      {Kind::cli, "timeline --msg-unit -1", "--msg-unit: -1 is out of range"},
      {Kind::cli, "timeline --nodes 0", "--nodes: 0 is out of range"},
      {Kind::cli, "timeline --link-load --load-scale nan", "--load-scale: 'nan' is not a finite number"},
      {Kind::cli, "timeline --link-load --load-scale 2", "--load-scale: 2 is out of range (allowed: 0 to 1)"},
      {Kind::cli, "bench --repeat 0", "--repeat: 0 is out of range"},
      {Kind::cli, "draw-mapping --k 99", "--k: 99 is out of range"},
      {Kind::cli, "reproduce no-such-table", "no experiment 'no-such-table'"},
      {Kind::cli, "sensitivity no-such-table", "no experiment 'no-such-table'"},
      {Kind::cli, "sensitivity lo92-lemmas", "lo92-lemmas has no [machine]"},
      {Kind::cli, "sensitivity ranka92-table3 --option no_such", "machine cm5 has no option 'no_such'"},
      {Kind::cli, "sensitivity ranka92-table3 --factors 1", "factor 1 is not a positive number other than 1"},
      {Kind::cli, "sensitivity ranka92-table3 --factors 0.5,x", "--factors: 'x' is not a number"},
      // --- shards, task files, merging (tests/test_shards.cpp has the edited files) --------------
      {Kind::cli, "run {in}/s.toml --shard ''", "--shard: '' is not K/N"},
      {Kind::cli, "sweep --scheduler LP --shard 0/100001", "--shard: 100001 is out of range"},
      {Kind::cli, "sensitivity ranka92-table3 --option cmmd --shard 2/2", "'2/2': shards are numbered 0..1"},
      {Kind::cli, "run {in}/s.toml --shard 0/2 -o /dev/stdout", "/dev/stdout: is not a regular file (a link, a device"},
      {Kind::cli, "run {in}/s.toml --resume -o /dev/stdout", "--shard and --resume keep their files beside the CSV"},
      {Kind::cli, "sweep --scheduler LP --resume -o /dev/null", "/dev/null: is not a regular file"},
      {Kind::cli, "run {in}/s.toml --shard 0/2 -o '{out}/a\nb.csv'", "has a control character (a line break?)"},
      {Kind::cli, "run {in}/s.toml --shard 0/2 -o {in}/s.toml/x.csv", "in/s.toml is not a directory"},
      {Kind::cli, "sweep --scheduler LP --shard 0/2 -o {out}/", "/out/' names no file; shard and task files go"},
      {Kind::cli, "sweep --scheduler LP --shard 0/2 -o {out}/new/", "/out/new/' names no file; shard and task files go"},
      {Kind::cli, "run {in}/s.toml --shard 0/2 --from-shards {in}", "--from-shards: makes the report from shard files"},
      {Kind::cli, "run {in}/s.toml --resume --from-shards {in}", "it takes no --shard or --resume"},
      {Kind::cli, "run {in}/s.toml --from-shards {in}", "holds no shard files"},
      {Kind::cli, "run {in}/s.toml --from-shards ''", "--from-shards: needs a directory, not ''"},
      {Kind::cli, "sweep --scheduler LP --from-shards {in}/missing", "missing: is not a directory"},
      {Kind::cli, "reproduce --all --scenarios {in} --from-shards {in}", "holds no shard files"},
      {Kind::cli, "merge {in}", "mcsim merge no longer takes the command from the shard files"},
      {Kind::cli, "merge {in} -o {out} reproduce x --help", "give the command the shards ran again with --from-shards"},
      // --- scenario directories -----------------------------------------------------------------
      {Kind::cli, "reproduce --all --scenarios {in} -o {out}", "has the id 'b' of",
       {{"t.toml", base()}}},
      {Kind::cli, "report --scenarios {in} -o {out}", "their outputs (b.csv, ...) would overwrite each other",
       {{"t.toml", base()}}},
      // --- scenario files --------------------------------------------------------------------
      {Kind::scenario, "id = \"x\"\n[machine\n", "malformed TOML"},
      {Kind::scenario, base("densty = 3\n"), "unknown key 'densty'"},
      {Kind::scenario, base("").replace(base("").find("samples = 1"), 11, "samples = 4294967297"),
       "(samples): 4294967297 is out of range (allowed: 1 to 100000)"},
      {Kind::scenario, base("").replace(base("").find("samples = 1"), 11, "samples = 0"), "value 0 is below 1"},
      {Kind::scenario, base("seed = -1\n"), "value -1 is below 0"},
      {Kind::scenario, base("").replace(base("").find("nodes = 32"), 10, "nodes = [32, 4294967328]"),
       "(machine.nodes): 4294967328 is out of range"},
      {Kind::scenario, base("").replace(base("").find("msg_unit = [16]"), 15, "msg_unit = [0]"), "value 0 is below 1"},
      {Kind::scenario, base("").replace(base("").find("msg_unit = [16]"), 15, "msg_unit = [9223372036854775807]"),
       "(sweep.msg_unit): 9223372036854775807 is out of range"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"CGM\"\n[paper.comm]\nCMG = [1.0]\n"), "'CMG' names no series"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"CGM\"\n[paper.iters]\nCMG = 3\n"), "'CMG' names no series"},
      {Kind::scenario, base("", "[[series]]\nlabel = \"B\"\nscheduler = \"LP\"\nbest_of = [\"CGM\", \"AC\"]\n"),
       "either scheduler or best_of"},
      {Kind::scenario, base("").replace(0, 8, "id = \"../x\""), "id '../x' must be a plain file name"},
      {Kind::scenario, base("").replace(0, 8, "id = \"\""), "id '' must be a plain file name"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[paper.comm]\nLP = [nan]\n"), "is not a finite number"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[paper.comm]\nLP = [1.0, 2.0]\n"), "has 2 values for 1 msg_unit"},
      {Kind::scenario, base("").replace(base("").find("nodes = 32"), 10, "nodes = 32\noptions = { cmmd_startup_us = nan }"),
       "(machine.options.cmmd_startup_us): nan is not a finite number"},
      {Kind::scenario, base("").replace(base("").find("nodes = 32"), 10, "nodes = 32\noptions = { cmmd_startup_us = inf }"),
       "(machine.options.cmmd_startup_us): inf is not a finite number"},
      {Kind::scenario, base("plot = \"pie\"\n"), "unknown plot 'pie'"},
      {Kind::scenario, base("kind = \"frob\"\n"), "unknown kind 'frob'"},
      {Kind::scenario, base("", ""), "needs at least one [[series]]"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[[series]]\nscheduler = \"LP\"\n"), "label 'LP' is used twice"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\nlabel = \"\\u001b[2J\"\n[[series]]\nscheduler = \"CGM\"\n"
                                "label = \"\\u001b[2J\"\n"), "label '\\x1b[2J' is used twice"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"CGMH:lambda={lambda}\"\n"), "{lambda} is replaced only"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\nstrategy = \"sideways\"\n"), "sideways"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"CGMH:lambda=0\"\n"), "lambda = 0 must be in (0, 1]"},
      {Kind::scenario, base("", "[[series]]\nlabel = \"B\"\nbest_of = \"CGM\"\n"), "expected a list of scheduler names"},
      // --- [machine]: name, file or names (issue 34) --------------------------------------------
      {Kind::scenario, with_machine("name = \"cm5\"\nfile = \"m.toml\"\n"),
       "bad.toml:5 (machine.file): [machine] takes one of name, file and names, not both name and file"},
      {Kind::scenario, with_machine(""), "bad.toml:3 (machine): needs name (a bundled machine: mcsim list machines), file"},
      {Kind::scenario, with_machine("name = \"m.toml\"\n"), "'m.toml' names a file: a machine file is given as file = "},
      {Kind::scenario, with_machine("name = \"../m\"\n"), "'../m' names a file"},
      {Kind::scenario, with_machine("file = \"\"\n"), "(machine.file): names no file"},
      {Kind::scenario, with_machine("names = [\"cm5\", \"mesh\", \"cm5\"]\n"), "(machine.names): 'cm5' is listed twice"},
      {Kind::scenario, with_machine("names = \"cm5\"\n"), "(machine.names): expected a non-empty list of bundled machines"},
      {Kind::scenario, with_machine("names = [\"cm5\", 5]\n"), "(machine.names): expected the name of a bundled machine"},
      {Kind::scenario, with_machine("names = [\"cm5\", \"nosuch\"]\n"), "unknown machine 'nosuch'"},
      {Kind::scenario, with_machine("names = [\"cm5\", \"cp-pacs\"]\n"), "shape 4x4x4 has 64 processors, not 32"},
      {Kind::scenario, with_machine("names = [\"cm5\"]\n", "kind = \"permutations\"\n"),
       "(machine.names): a list of machines is an axis of kind = \"simulation\" only"},
      {Kind::scenario, with_machine("names = [\"cm5\"]\n", "plot = \"comm\"\n"),
       "(plot): a scenario over [machine] names draws plot = \"machines\" only"},
      {Kind::scenario, base("plot = \"machines\"\n"), "(plot): plot = \"machines\" needs [machine] names"},
      {Kind::scenario, with_machine("file = \"missing.toml\"\n"), "/in/missing.toml: cannot open the machine file"},
      {Kind::cli, "run {in}/s.toml --machine nosuch", "unknown machine 'nosuch'"},
      {Kind::cli, "run {in}/s.toml --machine mesh --machine-option cmmd_startup_us=1", "cmmd_startup_us"},
      {Kind::cli, "run {in}/t.toml --machine cm5", "--machine: m has no [machine] to replace",
       {{"t.toml", mapping_metrics(1)}}},
      {Kind::cli, "timeline --machine nosuch", "unknown machine 'nosuch'"},
      {Kind::cli, "bench --machine nosuch", "unknown machine 'nosuch'"},
      {Kind::cli, "bench --machine t3d --machine-option sides", "--machine-option: 'sides' is not key=value"},
      {Kind::cli, "bench --machine t3d --nodes 512", "a 4 x 4 x 4 torus, dimension order, 2 VCs per link has 64 nodes, not 512"},
      // --- machine files (issue 34): the file and the line, the key, what is wrong ----------------
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): '20' has no unit",
       {{"w.toml", what_if(no_unit_bandwidth)}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): '88 us' is a time, not what this key takes",
       {{"w.toml", what_if("{ option = \"wire_bandwidth_MBps\", value = \"88 us\", source = \"s\", assumption = true }")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): unknown unit 'MB/h'",
       {{"w.toml", what_if("{ option = \"wire_bandwidth_MBps\", value = \"20 MB/h\", source = \"s\", assumption = true }")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:5 (links.speed): unknown key 'speed'",
       {{"w.toml", what_if(good_bandwidth, "speed = { value = \"1 MB/s\", source = \"s\", assumption = true }\n")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:4 (links.bandwidth.source): missing required key",
       {{"w.toml", what_if("{ option = \"wire_bandwidth_MBps\", value = \"20 MB/s\", assumption = true }")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:4 (links.bandwidth.assumption): missing required key (true or false",
       {{"w.toml", what_if("{ option = \"wire_bandwidth_MBps\", value = \"20 MB/s\", source = \"s\" }")}}},
      {Kind::cli, "sweep --machine {in}/a.toml", "b.toml:1 (base): the chain of bases returns to",
       {{"a.toml", "base = \"b\"\nname = \"a\"\n"}, {"b.toml", "base = \"a\"\nname = \"b\"\n"}}},
      {Kind::cli, "sweep --machine {in}/d0.toml", "d8.toml:1 (base): more than 8 bases in a chain", deep_chain()},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:1 (base): './cm5.toml' is not a machine name",
       {{"w.toml", "base = \"./cm5.toml\"\nname = \"w\"\n"}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:6 (topology.family): unknown family \"hexagon\"",
       {{"w.toml", what_if(good_bandwidth, "[topology]\nfamily = { value = \"hexagon\", source = \"s\", assumption = true }\n")}}},
      {Kind::cli, "sweep --machine {in}/w.toml",
       "w.toml:6 (topology.shape.arity): arity must be a whole number from 2 to 64",
       {{"w.toml", what_if(good_bandwidth, "[topology.shape]\narity = { value = 0, source = \"s\", assumption = true }\n")}}},
      // Issue 46: "machine w: unknown option" named the file's `name` key, not the file.
      {Kind::cli, "sweep --machine {in}/w.toml --machine-option frob=1", "/in/w.toml): unknown option 'frob' (known: ",
       {{"w.toml", what_if(good_bandwidth)}}},
      {Kind::cli, "sweep --machine {in}/w.toml --machine-option wire_bandwidth_MBps=fast",
       "/in/w.toml): option wire_bandwidth_MBps: 'fast' is not a number: a bare number is in the unit of the key's suffix",
       {{"w.toml", what_if(good_bandwidth)}}},
      {Kind::cli, "sweep --machine {in}/w.toml --machine-option cmmd=sometimes",
       "w.toml (choices.cmmd): option cmmd = 'sometimes': use one of rendezvous, overlapped",
       {{"w.toml", what_if(good_bandwidth)}}},
      // A machine's name reaches CSV cells, plots and the terminal: it is a plain name or refused.
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:2 (name): '=cmd|x' is not a machine name",
       {{"w.toml", "base = \"cm5\"\nname = \"=cmd|x\"\n"}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "w.toml:2 (name): 'a\\x1b[2J' is not a machine name",
       {{"w.toml", "base = \"cm5\"\nname = \"a\\u001b[2J\"\n"}}},
      {Kind::cli, "sweep --machine {in}/hostile/fifo.toml", "fifo.toml: the machine file is not a regular file (a FIFO)"},
      {Kind::cli, "sweep --machine {in}/hostile/", "hostile/: the machine file is not a regular file (a directory)"},
      {Kind::cli, "sweep --machine /dev/zero", "/dev/zero: the machine file is not a regular file (a character device)"},
      {Kind::cli, "sweep --machine {in}/hostile/big.toml", "big.toml: the machine file is larger than 1048576 bytes"},
      {Kind::cli, "sweep --machine {in}/missing.toml", "missing.toml: cannot open the machine file"},
      {Kind::cli, "timeline --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): '20' has no unit",
       {{"w.toml", what_if(no_unit_bandwidth)}}},
      {Kind::cli, "bench --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): '20' has no unit",
       {{"w.toml", what_if(no_unit_bandwidth)}}},
      {Kind::cli, "run {in}/s.toml --machine {in}/w.toml", "w.toml:4 (links.bandwidth.value): '20' has no unit",
       {{"w.toml", what_if(no_unit_bandwidth)}}},
      // A scenario's file = "..." is found beside the scenario, and its errors name it there.
      {Kind::scenario, with_machine("file = \"w.toml\"\n"), "/in/w.toml:4 (links.bandwidth.value): '20' has no unit",
       {{"w.toml", what_if(no_unit_bandwidth)}}},
      // --- matrix files ----------------------------------------------------------------------
      {Kind::matrix, "", "the matrix file has no message"},
      {Kind::matrix, "src,dst,bytes\n# nothing\n", "the matrix file has no message"},
      {Kind::matrix, "@{in}", "is not a regular file"},
      {Kind::matrix, "@/dev/zero", "/dev/zero: the matrix file is not a regular file"},
      {Kind::matrix, "@{in}/missing.csv", "cannot open the matrix file"},
      {Kind::matrix, "-1,2,5\n0,1,5\n", "m.csv:1 (src): -1 is out of range"},
      {Kind::matrix, "0,1,0\n", "m.csv:1 (bytes): 0 is out of range"},
      {Kind::matrix, "0,1,18446744073709551616\n", "m.csv:1 (bytes): 18446744073709551616 is out of range"},
      {Kind::matrix, "0,1,1099511627777\n", "m.csv:1 (bytes): 1099511627777 is out of range"},
      // Issue 46 (errors that name no place): these named the file but not the line.
      {Kind::matrix, "0,1,5\n0,1,6\n", "m.csv:2: message 0 -> 1 is also on line 1"},
      {Kind::matrix, "# a comment\n0,0,5\n", "m.csv:2: message 0 -> 0 is sent to itself"},
      {Kind::matrix, "0,99,5\n", "m.csv:1: message 0 -> 99 does not fit the machine's nodes 0..31"},
      {Kind::matrix, "0,1\n", "m.csv:1: expected 'src,dst,bytes'"},
      {Kind::matrix, "0,1,5,6\n", "m.csv:1: expected 'src,dst,bytes'"},
      {Kind::matrix, "0,1,5.5\n", "m.csv:1 (bytes): '5.5' is not a whole number"},
      {Kind::matrix, "\xEF\xBB\xBF-3,1,5\n", "m.csv:1 (src): -3 is out of range"},
      // --- inputs that are not regular files, or too large (issue 36, item 11): each waited for ever,
      // read without end, or said "(id): missing required key" -----------------------------------
      {Kind::matrix, "@{in}/hostile/fifo.csv", "fifo.csv: the matrix file is not a regular file (a FIFO)"},
      {Kind::cli, "run {in}/hostile/fifo.toml", "fifo.toml: the scenario file is not a regular file (a FIFO)"},
      {Kind::cli, "run /dev/zero", "/dev/zero: the scenario file is not a regular file (a character device)"},
      {Kind::cli, "run {in}", "/in: the scenario file is not a regular file (a directory)"},
      {Kind::cli, "run {in}/hostile/big.toml", "big.toml: the scenario file is larger than 1048576 bytes"},
      {Kind::cli, "reproduce fifo --scenarios {in}/hostile", "fifo.toml: the scenario file is not a regular file (a FIFO)"},
      {Kind::cli, "run {in}/s.toml --resume -o {in}/hostile/fifo-run/r.csv",
       "r.tasks/run.txt: the record of task results is not a regular file (a FIFO)"},
      {Kind::cli, "run {in}/s.toml --resume -o {in}/hostile/zero-run/r.csv",
       "r.tasks/run.txt: the record of task results is not a regular file (a character device)"},
      {Kind::cli, "run {in}/s.toml --from-shards {in}/hostile/huge-shard", "the shard file is larger than 1073741824 bytes"},
      // --- a bound before work (issue 36, item 10): each ran for half an hour or more, without a word --
      {Kind::cli, "sweep --nodes 16384 --scheduler LP", "sweep: the estimated work is 8.06e+08 units"},
      {Kind::cli, "timeline --nodes 16384 --scheduler LP", "timeline: the estimated work is 2.69e+08 units"},
      {Kind::cli, "bench --nodes 16384 --scheduler LP", "above the limit of 1e+08; --max-work 2.7e+08 allows it"},
      // On SimGrid's solver AC's messages^3 (mcsim's own sharing runs it in about 16 s of CPU).
      {Kind::cli, "sweep --machine cm5 --nodes 1024 --density 64 --scheduler AC --cfg mcsim/sharing:simgrid",
       "sweep: the estimated work is 2.41e+09 units"},
      {Kind::cli, "reproduce ranka92-table3 --max-work 10", "ranka92-table3.toml: the estimated work is"},
      {Kind::cli, "sensitivity ranka92-table3 --max-work 10", "(13 runs of 1 task, 49 simulations each"},
      {Kind::cli, "report --only ranka92-table3 --max-work 10", "ranka92-table3.toml: the estimated work is"},
      {Kind::cli, "sweep --max-work nan", "--max-work: 'nan' is not a finite number"},
      {Kind::cli, "sweep --max-work 0", "--max-work: '0' is not a positive number"},
      {Kind::scenario, redistribution("tables", "{x = 999983, p = 5, y = 999979, q = 5}", "schedules = [\"general\"]\n"),
       "a slice of 5e+12 elements drawn for each of 1 schedule), above the limit"},
      {Kind::scenario,
       redistribution("times", "{x = 999983, p = 64, y = 999979, q = 64}",
                      "global_size = 2147483647\nseries = [{label = \"g\", scheduler = \"general\"}]\n"
                      "[machine]\nname = \"cp-pacs\"\nnodes = 64\n"),
       "of which a shorter array sends only a part"},
      // Each alpha reweights B(18)'s metrics (25 ms of CPU a mapping): 20,000 alphas would take
      // about 1,000 s, and the estimate counts them.
      {Kind::scenario, mapping_metrics(20000), "2 mappings, 20000 alphas), above the limit"},
      // Counting permutations only schedules (a small weight a message), but LP's plan on 16384 nodes
      // holds 2.7e8 messages (about 6.4 GB).
      {Kind::scenario,
       "id = \"p\"\nkind = \"permutations\"\n[machine]\nname = \"cm5\"\nnodes = 16384\n[workload]\n"
       "name = \"random-density\"\ndensity = 4\n[[series]]\nscheduler = \"LP\"\n",
       "one plan would hold 2.68e+08 messages (about 6.4 GB), above the limit of 1e+08"},
      // 2000 node counts x 2000 densities: the axes' product is bounded before a machine is built
      // or a pair walked (a unit a node a job: 2 + 3 + ... + 2001 nodes x 2000 densities); the walk
      // took 0.53 s and 37 MB in release, 14.9 s and 618 MB under ASan (issue 46).
      {Kind::scenario,
       "id = \"b\"\n[machine]\nname = \"mesh\"\nnodes = [" + counting(2, 2000) +
           "]\n[workload]\nname = \"random-density\"\ndensity = [" + counting(1, 2000) +
           "]\n[[series]]\nscheduler = \"LP\"\n",
       "the estimated work is more than 4.01e+09 units (4e+06 tasks, 1 simulation each, at least a unit a node)"},
      // --- issue 46 (Hardening III) -------------------------------------------------------------
      // A repeated axis value ran the same tasks again: nodes = [32] with 2,000 copies of density = 2
      // ran 2,000 identical tasks (16.7 s user + 6.3 s sys, 2,000 identical CSV rows).
      {Kind::scenario, base().replace(base().find("nodes = 32"), 10, "nodes = [32, 64, 32]"),
       "bad.toml:5 (machine.nodes): '32' is listed twice"},
      {Kind::scenario, base().replace(base().find("density = 2"), 11, "density = [\n2,\n4,\n2]"),
       "bad.toml:11 (workload.density): '2' is listed twice"},
      {Kind::scenario, base().replace(base().find("msg_unit = [16]"), 15, "msg_unit = [16, 256, 256]"),
       "bad.toml:10 (sweep.msg_unit): '256' is listed twice"},
      {Kind::scenario,
       "id = \"t\"\nkind = \"bounded-traffic\"\n[machine]\nname = \"cm5\"\nnodes = 32\n[workload]\n"
       "name = \"bounded-traffic\"\ntraffic = [1024, 1024]\n[[series]]\nscheduler = \"LP\"\n",
       "bad.toml:8 (workload.traffic): '1024' is listed twice"},
      {Kind::scenario, base("kind = \"permutations\"\n", "[[series]]\nscheduler = \"LP\"\n[permutations]\nlambda = [0.75, 0.750]\n"),
       "(permutations.lambda): '0.75' is listed twice"},
      {Kind::scenario, "id = \"m\"\nkind = \"mapping-metrics\"\nreport = \"lemmas\"\n[mapping]\nn = [4, 6, 4]\nalpha = [\"1\"]\n",
       "bad.toml:5 (mapping.n): '4' is listed twice"},
      {Kind::scenario, "id = \"m\"\nkind = \"mapping-metrics\"\nreport = \"lemmas\"\n[mapping]\nn = [4]\nalpha = [\"1/2\", 0.5]\n",
       "bad.toml:6 (mapping.alpha): '0.5' is listed twice"},
      {Kind::scenario, "id = \"m\"\nkind = \"mapping-metrics\"\nreport = \"lemmas\"\n[mapping]\nn = [4]\nalpha = [\"1\"]\n"
                       "mappings = [\"growing\", \"growing\"]\n",
       "bad.toml:7 (mapping.mappings): 'growing' is listed twice"},
      {Kind::scenario, "id = \"m\"\nkind = \"mapping-metrics\"\nreport = \"slowdown\"\n[mapping]\nn = [4]\nalpha = [\"1\"]\n"
                       "startup_c = [0, 10, 10.0]\n",
       "bad.toml:7 (mapping.startup_c): '10' is listed twice"},
      {Kind::scenario, redistribution("tables", "{x = 4, p = 5, y = 3, q = 5}", "schedules = [\"general\", \"general\"]\n"),
       "bad.toml:6 (redistribution.schedules): 'general' is listed twice"},
      {Kind::scenario,
       redistribution("times", "{x = 4, p = 5, y = 3, q = 5}, {x = 4, p = 5, y = 3, q = 5}",
                      "local_sizes = [1200]\nseries = [{label = \"g\", scheduler = \"general\"}]\n"
                      "[machine]\nname = \"cp-pacs\"\nnodes = 64\n"),
       "bad.toml:5 (redistribution.cases): '(4,5)->(3,5)' is listed twice"},
      {Kind::scenario,
       redistribution("times", "{x = 4, p = 5, y = 3, q = 5}",
                      "local_sizes = [1200, 6000, 1200]\nseries = [{label = \"g\", scheduler = \"general\"}]\n"
                      "[machine]\nname = \"cp-pacs\"\nnodes = 64\n"),
       "bad.toml:6 (redistribution.local_sizes): '1200' is listed twice"},
      {Kind::scenario,
       redistribution("times", "{x = 4, p = 5, y = 3, q = 5}",
                      "local_sizes = [1200]\nseries = [{label = \"g\", scheduler = \"general\"}, {label = \"g\", "
                      "scheduler = \"algorithm1\"}]\n[machine]\nname = \"cp-pacs\"\nnodes = 64\n"),
       "bad.toml:7 (redistribution.series.label): 'g' is listed twice"},
      {Kind::cli, "sweep --nodes 32,64,32", "--nodes: '32' is listed twice"},
      {Kind::cli, "sweep --density 2,4,2", "--density: '2' is listed twice"},
      {Kind::cli, "sweep --msg-unit 16,16", "--msg-unit: '16' is listed twice"},
      {Kind::cli, "sweep --scheduler LP,CGM --scheduler LP", "--scheduler: 'LP' is listed twice"},
      // A key of 50,000 dotted parts crashed toml++ (exit 139) in every TOML input.
      {Kind::scenario, std::string("id = \"b\"\n") + dotted_key(50000), "bad.toml:2: a key of more than 64 dotted parts"},
      {Kind::scenario, std::string("id = \"b\"\nx = ") + std::string(20000, '[') + "\n", "bad.toml:2: arrays or tables nested more than 32 deep"},
      {Kind::cli, "sweep --machine {in}/k.toml", "k.toml:2: a key of more than 64 dotted parts",
       {{"k.toml", std::string("name = \"k\"\n") + dotted_key(50000)}}},
      {Kind::cli, "claims {in} --claims {in}/claims -o {out}/c.csv", "claims/c.toml:1: a key of more than 64 dotted parts",
       {{"claims/c.toml", dotted_key(50000)}}},
      // [machine] options of the wrong type were skipped: the run used the defaults (exit 0).
      {Kind::scenario, with_machine("name = \"cm5\"\noptions = 5\n"), "(machine.options): expected a table of options"},
      {Kind::scenario, with_machine("name = \"cm5\"\noptions = [\"cmmd_startup_us=1\"]\n"), "expected a table of options"},
      // Nonsense taken as values.
      {Kind::scenario, base("report = \"\"\n"), "(report): is empty"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[paper.comm]\nLP = [-1.5]\n"),
       "(paper.comm.LP): -1.5 is not above 0"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[paper.comm]\nLP = [0]\n"), "(paper.comm.LP): 0 is not above 0"},
      {Kind::scenario, base("", "[[series]]\nscheduler = \"LP\"\n[paper]\ncomm = [1]\n"), "(paper.comm): expected a table"},
      {Kind::cli, "sweep --machine {in}/w.toml", "(topology.shape.max_nodes): '33.5' is not a whole number of nodes",
       {{"w.toml", what_if(good_bandwidth, "[topology.shape]\nmax_nodes = { value = 33.5, source = \"s\", assumption = true }\n")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "(topology.shape.min_nodes): '-5' is not a whole number of nodes",
       {{"w.toml", what_if(good_bandwidth, "[topology.shape]\nmin_nodes = { value = -5, source = \"s\", assumption = true }\n")}}},
      // Overlays: name or base inside one did nothing; a value listed twice was taken.
      {Kind::cli, "sweep --machine {in}/w.toml", "(choices.speed.fast.name): a choice's overlay sets machine parameters",
       {{"w.toml", with_choice("[\"slow\", \"fast\"]", "name = \"other\"\n")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "(choices.speed.fast.base): a choice's overlay sets machine parameters",
       {{"w.toml", with_choice("[\"slow\", \"fast\"]", "base = \"mesh\"\n")}}},
      {Kind::cli, "sweep --machine {in}/w.toml", "(choices.speed.values): 'slow' is listed twice",
       {{"w.toml", with_choice("[\"slow\", \"fast\", \"slow\"]", "")}}},
      // An overlay's values were checked only by a run that chose it.
      {Kind::cli, "sweep --machine {in}/w.toml", "(links.bandwidth.value): '20 us' is a time",
       {{"w.toml", with_choice("[\"slow\", \"fast\"]", "links.bandwidth = { option = \"wire_bandwidth_MBps\", value = "
                                                          "\"20 us\", source = \"s\", assumption = true }\n")}}},
      // A rule of a time and a bandwidth.
      {Kind::cli, "sweep --machine {in}/w.toml", "rule quarter-of-excess takes inputs of one dimension",
       {{"w.toml", what_if(good_bandwidth,
                           "[parameters]\nx = { value = \"1 us\", source = \"s\", assumption = true }\n"
                           "y = { value = \"1 MB/s\", source = \"s\", assumption = true }\n"
                           "z = { rule = \"quarter-of-excess\", inputs = [\"parameters.x\", \"parameters.y\"], "
                           "source = \"s\", assumption = true }\n")}}},
      // A fat tree of 1.4e11 wires was estimated at 4.1e3 units and took 3.4 GB before bad_alloc.
      {Kind::cli, "sweep --machine {in}/w.toml --nodes 64", "wires, more than a fat tree here may have (2^31 - 1)",
       {{"w.toml", what_if(good_bandwidth, "[topology.shape]\narity = { value = 2, source = \"s\", assumption = true }\n"
                                           "parents_per_level = { value = [64, 64, 64, 64, 64, 64], source = \"s\", assumption = true }\n")}}},
      // Claims: r^2 above 1, a negative tolerance, an empty directory of claim files.
      {Kind::cli, "claims {in} --claims {in}/claims -o {out}/c.csv", "(claim[0].check[0].min_r2): 5 is not within 0 to 1",
       {{"claims/c.toml", "paper = \"Ranka, Wang, Kumar 1992\"\n[[claim]]\nid = \"C000-3\"\ncite = \"c\"\n"
                          "statement = \"s\"\n[[claim.check]]\nkind = \"linear\"\ntables = [\"ranka92-fig4.points\"]\n"
                          "x = \"a\"\ny = \"b\"\nmin_r2 = 5\n"}}},
      {Kind::cli, "claims {in} --claims {in}/claims -o {out}/c.csv", "(claim[0].check[0].tolerance): below 0",
       {{"claims/c.toml", "paper = \"Ranka, Wang, Kumar 1992\"\n[[claim]]\nid = \"C000-3\"\ncite = \"c\"\n"
                          "statement = \"s\"\n[[claim.check]]\nkind = \"equal\"\ntables = [\"ranka92-table1\"]\n"
                          "tolerance = -1\n"}}},
      {Kind::cli, "claims {in} --claims {in}/empty-claims -o {out}/c.csv", "empty-claims: holds no claim files (*.toml)",
       {{"empty-claims/readme.txt", "no claims here\n"}}},
  };
  return cases;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// One case, ready to run: its command line and the (empty) folder it may not write into.
struct Prepared {
  std::string arguments, out, err;
  int exit_code = 0;
};

// The case's inputs go to its own folder `dir` (cases run four at a time).
Prepared prepare(const BadInput& c, const std::string& dir) {
  const std::string in = dir + "/in", out = dir + "/out";
  fs::create_directories(in);
  fs::create_directories(out);
  std::ofstream(in + "/s.toml") << base();
  for (const auto& [name, text] : c.files) {
    fs::create_directories(fs::path(in + "/" + name).parent_path());
    std::ofstream(in + "/" + name) << text;
  }
  // Hostile stand-ins for input files, named by the cases above (in a folder of their own: other
  // cases read every scenario of {in}).
  const std::string hostile = in + "/hostile";
  for (const char* run : {"/fifo-run/r.tasks", "/zero-run/r.tasks", "/huge-shard"}) fs::create_directories(hostile + run);
  ::mkfifo((hostile + "/fifo.toml").c_str(), 0600);
  ::mkfifo((hostile + "/fifo.csv").c_str(), 0600);
  std::ofstream(hostile + "/big.toml") << base() << std::string(1 << 20, '#');
  ::mkfifo((hostile + "/fifo-run/r.tasks/run.txt").c_str(), 0600);
  fs::create_symlink("/dev/zero", hostile + "/zero-run/r.tasks/run.txt");
  std::ofstream(hostile + "/huge-shard/b.shard-0-of-1.txt") << "mcsim shard results\n";
  fs::resize_file(hostile + "/huge-shard/b.shard-0-of-1.txt", 2ull << 30);  // sparse: no disk taken
  Prepared p{.out = out};
  switch (c.kind) {
    case Kind::cli:
      p.arguments = replace_all(replace_all(c.input, "{in}", in), "{out}", out);
      if (p.arguments.starts_with("draw-mapping"))
        p.arguments += " -o " + out + "/result.svg";
      else if (p.arguments.starts_with("bench"))
        ;  // writes no file
      else if (p.arguments.find(" -o ") == std::string::npos)
        p.arguments += " -o " + out + "/result.csv";
      break;
    case Kind::scenario:
      std::ofstream(in + "/bad.toml") << c.input;
      p.arguments = "run " + in + "/bad.toml -o " + out + "/result.csv";
      break;
    case Kind::matrix: {
      std::string scenario = matrix_scenario;
      if (c.input.starts_with("@"))
        scenario = replace_all(scenario, "\"m.csv\"", "\"" + replace_all(c.input.substr(1), "{in}", in) + "\"");
      else
        std::ofstream(in + "/m.csv", std::ios::binary) << c.input;
      std::ofstream(in + "/matrix.toml") << scenario;
      p.arguments = "run " + in + "/matrix.toml -o " + out + "/result.csv";
      break;
    }
  }
  // One quiet sample in one process keeps the good part of a command short.
  if (p.arguments.starts_with("run") || p.arguments.starts_with("sweep") || p.arguments.starts_with("reproduce") ||
      p.arguments.starts_with("sensitivity"))
    p.arguments += " --samples 1 -q -j 1";
  return p;
}

void run(Prepared& p, const std::string& dir) {
  // `timeout`: a case that waits for ever (a FIFO read) fails instead of holding the suite.
  const int status = std::system(
      fmt::format("timeout 120 {} {} >{}/stdout 2>{}/stderr </dev/null", MCSIM_BINARY, p.arguments, dir, dir).c_str());
  p.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err(dir + "/stderr");
  std::stringstream text;
  text << err.rdbuf();
  p.err = mcsim::test::without_sanitizer_notes(text.str());
}

}  // namespace

TEST_CASE("Bad inputs: one line on stderr, non-zero exit, no file written", "[cli]") {
  const auto& cases = bad_inputs();
  REQUIRE(cases.size() >= 40);
  const auto root = mcsim::test::temp_dir("bad-inputs");
  std::vector<Prepared> prepared;
  for (std::size_t i = 0; i < cases.size(); ++i) prepared.push_back(prepare(cases[i], fmt::format("{}/{}", root, i)));
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; ++w)
    workers.emplace_back([&] {
      for (std::size_t i; (i = next++) < cases.size();) run(prepared[i], fmt::format("{}/{}", root, i));
    });
  for (auto& w : workers) w.join();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const BadInput& c = cases[i];
    const Prepared& r = prepared[i];
    INFO("case: " << r.arguments << "\nstderr: " << r.err);
    // MCSIM_PRINT_BAD_INPUTS=1: print each case and its message (the catalogue in the issue note).
    if (std::getenv("MCSIM_PRINT_BAD_INPUTS"))
      fmt::print("{}\t{}\t{}", c.kind == Kind::cli ? "cli" : c.kind == Kind::scenario ? "scenario" : "matrix",
                 replace_all(replace_all(c.input, "\n", "\\n"), "\t", " "), r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.err.rfind("mcsim: error: ", 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find(c.expected) != std::string::npos);
    CHECK(fs::is_empty(r.out));
  }
  // --shard and --resume with -o /dev/stdout or /dev/null put nothing into /dev.
  // Nor do plots and side files named after a device (as root they were made in /dev).
  for (const char* left : {"/dev/stdout.shard-0-of-2.txt", "/dev/stdout.tasks", "/dev/null.tasks", "/dev/null.svg",
                           "/dev/stdout.svg", "/dev/stdout.states.csv"})
    CHECK_FALSE(fs::exists(left));
}
