#include "shard_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <new>
#include <regex>
#include <set>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../core/checked_number.hpp"
#include "../core/error.hpp"
#include "../core/input_file.hpp"

namespace mcsim {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view head = "mcsim shard results\n";

// The file name's K and N: NAME.shard-K-of-N.txt.
const std::regex& shard_name() {
  static const std::regex pattern(R"(^(.+)\.shard-([0-9]+)-of-([0-9]+)\.txt$)");
  return pattern;
}

std::string value_after(std::string_view line, std::string_view key, const std::string& where) {
  if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != ' ')
    throw Error(where, fmt::format("damaged shard file: expected '{} ...', found '{}'", key, line.substr(0, 60)));
  return std::string(line.substr(key.size() + 1));
}

std::size_t number(std::string_view text, const std::string& where) {
  return static_cast<std::size_t>(parse_unsigned(text, where + ": damaged shard file", 0, 1'000'000'000'000ull));
}

// "task 3 120" -> {3, 120}; "shard 1 4" -> {1, 4}.
std::pair<std::size_t, std::size_t> two_numbers(std::string_view line, std::string_view key, const std::string& where) {
  const std::string rest = value_after(line, key, where);
  const auto space = rest.find(' ');
  if (space == std::string::npos) throw Error(where, fmt::format("damaged shard file: '{}' needs two numbers", line));
  return {number(rest.substr(0, space), where), number(rest.substr(space + 1), where)};
}

// "1, 4, 7" (the first eight of `total`, then "and 12 more").
std::string listed(const std::vector<std::size_t>& first, std::size_t total) {
  std::string text;
  for (std::size_t i = 0; i < first.size() && i < 8; ++i) text += fmt::format("{}{}", i ? ", " : "", first[i]);
  if (total > 8) text += fmt::format(" and {} more", total - 8);
  return text;
}

// The error for shards of one run that lack some tasks: each file held only its own tasks below T
// and no task is in two, so T - results are missing, and the first few are found among the first
// results + 8 numbers. With one N, the shards that are not there are named (at most N <= max_shards
// to look at), and a file of such a name that is another run's says what differs.
Error missing_tasks(const std::string& directory, const MergedShards& merged, const std::string& first,
                    const std::set<std::pair<std::size_t, std::size_t>>& present,
                    const std::map<std::string, std::string>& others) {
  const std::size_t count = merged.task_count - merged.results.size();
  std::vector<std::size_t> missing;
  for (std::size_t k = 0; k < merged.task_count && missing.size() < 8; ++k)
    if (!merged.results.contains(k)) missing.push_back(k);
  const std::string tasks = fmt::format("{} {} {} no result", count > 1 ? "tasks" : "task", listed(missing, count),
                                        count > 1 ? "have" : "has");
  std::set<std::size_t> shard_counts;
  for (const auto& [k, n] : present) shard_counts.insert(n);
  if (shard_counts.size() > 1) return Error(directory, tasks + " in its shard files");
  const std::size_t n = *shard_counts.begin();
  std::vector<std::size_t> shards;
  std::size_t shards_missing = 0;
  for (std::size_t k = 0; k < n && k < merged.task_count; ++k)
    if (!present.contains({k, n}) && ++shards_missing <= 8) shards.push_back(k);
  if (shards.empty()) return Error(directory, tasks + " in its shard files");
  std::vector<std::string> names;
  for (std::size_t k : shards) names.push_back(fmt::format("{}/{}", k, n));
  std::smatch match;
  const std::string first_name = fs::path(first).filename().string();
  std::regex_match(first_name, match, shard_name());
  const std::string file = shard_file_name(match[1].str(), shards.front(), n);
  const auto other = others.find(file);
  return Error(directory, fmt::format("{} {}{} {} missing ({}{}): {}", shards_missing > 1 ? "shards" : "shard",
                                      fmt::join(names, ", "),
                                      shards_missing > 8 ? fmt::format(" and {} more", shards_missing - 8) : "",
                                      shards_missing > 1 ? "are" : "is",
                                      other == others.end()
                                          ? "no " + file
                                          : fmt::format("{} is of another run: it was {}", file, other->second),
                                      shards_missing > 1 && other == others.end() ? ", ..." : "", tasks));
}

}  // namespace

std::string shard_file_name(const std::string& stem, std::size_t shard, std::size_t shards) {
  return fmt::format("{}.shard-{}-of-{}.txt", stem, shard, shards);
}

std::string shard_file_text(const ShardFile& file) {
  std::string text(head);
  text += file.identity.to_text();
  text += fmt::format("shard {} {}\ntasks {}\n", file.shard, file.shards, file.task_count);
  for (const auto& [task, result] : file.results) text += fmt::format("task {} {}\n{}\n", task, result.size(), result);
  return text + fmt::format("end {}\n", hex64(fnv1a64(text)));
}

ShardFile read_shard_file(const std::string& path) {
  // Only a regular file, read within its bound (input_file.hpp); then its first line.
  const std::string content = read_input_file(path, "the shard file", max_shard_file_bytes);
  if (!content.starts_with(head)) throw Error(path, "not a shard file (it does not start with 'mcsim shard results')");
  const std::string damaged = "damaged shard file";
  // The hash of everything before the last line comes first: any changed byte shows there.
  const auto end_line = content.rfind("\nend ");
  if (end_line == std::string::npos || content.back() != '\n')
    throw Error(path, damaged + ": no 'end' line (truncated?)");
  const std::string_view body = std::string_view(content).substr(0, end_line + 1);
  const std::string hash = content.substr(end_line + 5, content.size() - end_line - 6);
  if (hash != hex64(fnv1a64(body))) throw Error(path, damaged + ": its content does not match its checksum");

  ShardFile file;
  std::size_t at = head.size();
  file.identity = read_run_identity(body, &at, path);
  std::tie(file.shard, file.shards) = two_numbers(read_line(body, &at, path), "shard", path);
  file.task_count = number(value_after(read_line(body, &at, path), "tasks", path), path);
  if (file.shards == 0 || file.shards > max_shards || file.shard >= file.shards)
    throw Error(path, damaged + ": bad shard number");
  while (at < body.size()) {
    const auto [task, bytes] = two_numbers(read_line(body, &at, path), "task", path);
    if (bytes > body.size() - at || body[at + bytes] != '\n') throw Error(path, damaged + ": a task's text is cut short");
    if (task >= file.task_count || task % file.shards != file.shard || file.results.contains(task) ||
        (!file.results.empty() && task < file.results.rbegin()->first))
      throw Error(path, fmt::format("{}: task {} does not belong there", damaged, task));
    file.results.emplace(task, std::string(body.substr(at, bytes)));
    at += bytes + 1;
  }
  // Every task of the shard's share (K, K+N, ... below T: counted, not listed, for T is only a
  // number yet) is there: a shard is written only once its share is done.
  const std::size_t expected =
      file.task_count > file.shard ? (file.task_count - file.shard - 1) / file.shards + 1 : 0;
  if (file.results.size() != expected)
    throw Error(path, fmt::format("{}: holds {} of its {} tasks", damaged, file.results.size(), expected));
  // The name says which shard it is: a renamed copy is not taken for another shard.
  std::smatch match;
  const std::string name = fs::path(path).filename().string();
  if (std::regex_match(name, match, shard_name()) &&
      (match[2].str() != std::to_string(file.shard) || match[3].str() != std::to_string(file.shards)))
    throw Error(path, fmt::format("is named as shard {}/{} but holds shard {}/{}", match[2].str(), match[3].str(),
                                  file.shard, file.shards));
  return file;
}

MergedShards merge_shards(const std::string& directory, const RunIdentity& wanted) {
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) throw Error(directory, "is not a directory");
  std::vector<std::string> paths;
  for (const auto& entry : fs::directory_iterator(directory, ec)) {
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, shard_name()) && entry.is_regular_file(ec)) paths.push_back(entry.path().string());
  }
  if (ec) throw Error(directory, "cannot be read: " + ec.message());
  if (paths.empty()) throw Error(directory, "holds no shard files (NAME.shard-K-of-N.txt, from --shard K/N)");
  std::sort(paths.begin(), paths.end());

  MergedShards merged;
  std::string first;                                  // the first file of this run
  std::map<std::string, std::string> others;          // a file of another run -> what differs
  std::set<std::pair<std::size_t, std::size_t>> present;  // the (K, N) of this run's files
  // A damaged file says nothing of whose it is: it stopped every merge in the directory, of every
  // run. It is set aside, and reported if it bears this run's name (STEM.shard-K-of-N.txt as this
  // run's good files) or this run's results are incomplete without it.
  std::vector<std::pair<std::string, std::string>> damaged;  // file name, error
  for (const auto& path : paths) {
    ShardFile file;
    try {
      file = read_shard_file(path);
    } catch (const std::bad_alloc&) {
      damaged.emplace_back(fs::path(path).filename().string(), Error(path, "out of memory while reading it").what());
      continue;
    } catch (const Error& e) {
      damaged.emplace_back(fs::path(path).filename().string(), e.what());
      continue;
    }
    const std::string name = fs::path(path).filename().string();
    if (const std::string why = wanted.difference(file.identity); !why.empty()) {
      others.emplace(name, why);
      continue;
    }
    if (first.empty()) {
      first = path;
      merged.task_count = file.task_count;
    } else if (file.task_count != merged.task_count) {
      throw Error(path, fmt::format("lists {} tasks, {} lists {} (of one run, edited?)", file.task_count,
                                    fs::path(first).filename().string(), merged.task_count));
    }
    ++merged.files;
    present.emplace(file.shard, file.shards);
    for (auto& [task, text] : file.results) {
      if (const auto it = merged.source.find(task); it != merged.source.end())
        throw Error(directory, fmt::format("task {} is in two shard files, {} and {} (a shard given twice, or shards "
                                           "of different N)",
                                           task, fs::path(it->second).filename().string(), name));
      merged.source.emplace(task, path);
      merged.results.emplace(task, std::move(text));
    }
  }
  const auto stem = [](const std::string& name) { return name.substr(0, name.rfind(".shard-")); };
  const auto damaged_first = [&](bool only_this_runs) {
    std::vector<std::string> errors;
    for (const auto& [name, error] : damaged)
      if (!only_this_runs || stem(name) == stem(fs::path(first).filename().string())) errors.push_back(error);
    if (!errors.empty()) throw Error("", fmt::format("{}", fmt::join(errors, "; ")));
  };
  if (first.empty()) damaged_first(false);
  damaged_first(true);
  if (first.empty())
    throw Error(directory, fmt::format("holds no shard file of this run: {} was {}{}", others.begin()->first,
                                       others.begin()->second,
                                       others.size() > 1 ? fmt::format(" (and {} more {} of other runs)",
                                                                       others.size() - 1,
                                                                       others.size() > 2 ? "files" : "file")
                                                         : ""));
  if (merged.results.size() < merged.task_count) damaged_first(false);
  if (merged.results.size() < merged.task_count) throw missing_tasks(directory, merged, first, present, others);
  return merged;
}

}  // namespace mcsim
