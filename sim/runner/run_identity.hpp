// Which run a stored task result belongs to: the mcsim version, what the user asked the run to
// compute (a typed RunRequest: the command kind, the scenario or the sweep's axes and every option
// that changes a result; not where the output goes or how many processes ran) and a hash of the
// input files it read (scenario, matrix file, machine files). Shards of one run and a resumed run
// carry the same identity; a result from another run is refused by naming what differs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../core/sharing.hpp"

namespace mcsim {

// FNV-1a, 64 bits: a check against accidents (another scenario, a truncated file), not against
// someone forging a file.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = 0xCBF29CE484222325ull);
std::string hex64(std::uint64_t value);

// What a run computes, as the command line asked for it, parsed. Built by each command from its
// parsed options (never from the words typed: `--samples 4` and `--samples=04` ask the same).
struct RunRequest {
  std::string command;    // run, reproduce, sweep, sensitivity
  std::string scenario;   // run: the scenario file's absolute path; reproduce, sensitivity: the ID
  std::string scenarios;  // --scenarios, absolute ("": the bundled scenarios)
  std::string machine;    // run --machine, sweep --machine ("": the scenario's own)
  // sweep's axes
  std::vector<int> nodes, densities;
  std::vector<std::uint64_t> msg_units;
  std::string workload;
  std::vector<std::string> schedulers;
  std::string strategy;
  // every command's options that change a result
  std::optional<int> samples;
  std::optional<std::uint64_t> seed;
  std::optional<int> max_nodes;  // --max-nodes
  bool deterministic = false;
  std::vector<std::string> simgrid_settings;                         // --cfg key:value, in order
  SharingRequest sharing = SharingRequest::automatic;                // --sharing (or --cfg mcsim/sharing:VALUE)
  std::vector<std::pair<std::string, std::string>> machine_options;  // --machine-option key=value, in order
  // sensitivity
  std::vector<double> factors;
  std::vector<std::string> varied_options;  // --option

  // The request's fields as (name, value) lines, one per item of a list, absent ones left out, in
  // one fixed order: the canonical form written into shard and task files. Throws mcsim::Error for
  // a value with a line break (it could not be read back).
  std::vector<std::pair<std::string, std::string>> fields() const;
  // As a command line for messages: "reproduce ranka92-table3 --samples 4".
  std::string shown() const;

  friend bool operator==(const RunRequest&, const RunRequest&) = default;
};

struct RunIdentity {
  // The format of the text below; a file of another format is refused by read_run_identity.
  static constexpr int format = 2;

  std::string version;  // mcsim's
  RunRequest request;
  std::string inputs;  // hex64 of the input files' bytes ("none" for none)

  // Lines "identity 2", "version ...", the request's fields ("NAME VALUE"), "inputs ...".
  std::string to_text() const;
  std::uint64_t hash() const { return fnv1a64(to_text()); }
  // What differs from `other`, as the end of a sentence ("made by another command: ..."), or ""
  // when they are the same.
  std::string difference(const RunIdentity& other) const;

  friend bool operator==(const RunIdentity&, const RunIdentity&) = default;
};

// Reads what to_text wrote from `text` at `*at` (advanced past it) back into typed values; throws
// mcsim::Error(where, ...) for anything else, and for the identity of an earlier format (a shard or
// task file an earlier mcsim wrote) one line that says so.
RunIdentity read_run_identity(std::string_view text, std::size_t* at, const std::string& where);

// The line of `text` at `*at` without its '\n' (advanced past it); throws mcsim::Error(where, ...)
// when there is no complete line.
std::string_view read_line(std::string_view text, std::size_t* at, const std::string& where);

}  // namespace mcsim
