// Which run a stored task result belongs to: the mcsim version, the command that made it (its
// words, without where the output goes or how many processes ran) and a hash of the input files it
// read (scenario, matrix file). Shards of one run and a resumed run carry the same identity; a
// result from another run is refused by naming what differs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mcsim {

// FNV-1a, 64 bits: a check against accidents (another scenario, a truncated file), not against
// someone forging a file.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = 0xCBF29CE484222325ull);
std::string hex64(std::uint64_t value);

struct RunIdentity {
  std::string version;                // mcsim's
  std::vector<std::string> command;   // e.g. {"reproduce", "ranka92-table3", "--samples", "4"}
  std::string inputs;                 // hex64 of the input files' bytes ("none" for none)

  // Lines "version ...", "command N" + N lines (one word each), "inputs ...". Throws mcsim::Error
  // for a word with a line break (it could not be read back).
  std::string to_text() const;
  std::uint64_t hash() const { return fnv1a64(to_text()); }
  // What differs from `other`, as the end of a sentence ("the command differs: ... against ..."),
  // or "" when they are the same.
  std::string difference(const RunIdentity& other) const;

  friend bool operator==(const RunIdentity&, const RunIdentity&) = default;
};

// The command as one line for messages (words with spaces are quoted).
std::string command_line(const std::vector<std::string>& words);

// Reads what to_text wrote from `text` at `*at` (advanced past it); throws mcsim::Error(where, ...)
// for anything else.
RunIdentity read_run_identity(std::string_view text, std::size_t* at, const std::string& where);

// The line of `text` at `*at` without its '\n' (advanced past it); throws mcsim::Error(where, ...)
// when there is no complete line.
std::string_view read_line(std::string_view text, std::size_t* at, const std::string& where);

}  // namespace mcsim
